// Sentences of crawled article text (split by src/shared/text/sentences.ts), judged for the
// extractive writer: whether a sentence can stand in an article of its own (no page furniture, no
// fragment, no dangling reference).
import { quoteCount, quotesSpeech, wordCount } from '../../../shared/text/sentences.js';
import { terms } from '../../reader/trends/engine/tokenize.js';
import { isAnAside } from './asides.js';
import { opensOnACommand } from './grammar.js';

const FURNITURE =
  /\b(subscribe|sign up|newsletter|click here|read more|read next|all rights reserved|copyright|follow us|advertisement|cookie policy|accept cookies|privacy policy|terms of (use|service)|share this|share on|related:|watch:|listen:|photo:|image:|getty images|file photo|download (the|our) app|this story (has been|was) updated|editor'?s note|reporting by|editing by|contributed to this report|contributed reporting|can be reached at|is an? (staff |senior |freelance )?(reporter|correspondent|writer|editor|columnist) (for|at|with|covering)|(follow|contact) (him|her|them) (on|at))\b|©/i;
const URL_LIKE = /(https?:\/\/|www\.|@\w{2,}|\b\S+\.(com|org|net|io)\b)/i;
/** Words that lean on an earlier sentence the reader of a compiled article may not have seen. */
const DANGLING_START =
  /^(he|she|they|it|this|that|these|those|his|her|their|its|there|such|both|the latter|the former|another|other|as a result|for (this|that|these|those) reasons?|(with|despite|because of|given|as a result of|on top of|besides|beyond|unlike|like) (this|that|these|those)\b(?!\s+(week|year|month|morning|afternoon|evening|weekend|season|spring|summer|autumn|fall|winter)\b))\b/i;
/**
 * A quantity standing for people or things said before, as the subject: "Most fled villages…",
 * "Many of them have…" ("Most economists expect…" names its own).
 */
const QUANTITY_SUBJECT =
  /^(most|many|some|several|few|none|half|others|all)\s+(?:of\s+(?:them|those|these|whom)\b|(?:[a-z]+ed|fled|were|are|was|is|have|has|had|say|said|will|would|could|can|may|might|must|remain|stay|left|went|came|got|lost|ran|took)\b)/i;

/**
 * A time counted from something said before, opening the sentence: "After 18 months, the treated
 * group…" (months of the trial the sentence before names), "Two days later,", "By then,". A time
 * with its own anchor ("After 18 months of talks,", "After the vote,") stands alone.
 */
const RELATIVE_TIME_START =
  /^(?:(?:after|within)\s+(?:\d[\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty|thirty|several|a few|a couple of)\s+(?:more\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?|decades?)\s*,|(?:[\w-]+\s+){1,2}(?:minutes?|hours?|days?|weeks?|months?|years?|decades?)\s+later\b|(?:by|since|until)\s+then\b)/i;

/** Words attributed to "he", "she" or "they" ("We will rebuild," she said.): the name is in an earlier sentence. */
const PRONOUN_ATTRIBUTION =
  /(?:[,"”]\s+(?:he|she|they)\s+(?:said|says|added|adds|told|explained|noted|wrote|argued|warned|stressed|insisted)(?=[\s.,!]|$)|\b(?:said|says|added)\s+(?:he|she|they)\s*[.!]["”]?$)/i;
/** The quoted words with nothing outside them: a quotation whose speaker an earlier sentence named. */
function unattributedQuotation(text: string): boolean {
  return /^["“]/.test(text) && !/[\p{L}\p{N}]/u.test(text.replace(/["“][^"“”]*["”]/g, ''));
}
/**
 * A wire-style dateline before the lead ("PORT LINDEN, Texas (AP) — ", Reuters' "KATHMANDU, April 25
 * (Reuters) - ", "BEIRUT/THE HAGUE, March 7 (Reuters) - "): dropped, it is not part of the sentence.
 */
const DATELINE_DATE = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}`;
const DATELINE = new RegExp(
  String.raw`^[A-Z][A-Z .,'’/-]{2,40}(?:,\s*(?:${DATELINE_DATE}|[A-Z][A-Za-z.]+(?:\s[A-Z][A-Za-z.]+)?)){0,2}\s*(?:\([^)]{1,30}\))?\s*[—–-]{1,2}\s+(?=[A-Z"“])`,
);
/** Connectives that are safe to drop ("But the council…" → "The council…"): the light trim. */
const CONNECTIVE_START = /^(but|and|however|meanwhile|still|also|yet|so|in addition|additionally|moreover|furthermore|instead|now)\s*,?\s+/i;

export interface SentenceShape {
  /** The sentence as it will be printed: the source text, with at most a leading connective dropped. */
  text: string;
  words: number;
  /** Carries a quotation. */
  quote: boolean;
  /** Starts by referring to something said before it, or quotes someone the sentence does not name. */
  dangling: boolean;
  /** A feature's scene or the story's history (asides.ts): not the story's news. */
  aside: boolean;
}

/** "You" outside a quotation: a site talking to its own reader ("Brace your wallets, drivers"), not a fact a compiled article can retell. */
const READER_ADDRESS = /\b(you|your|yours|yourself|yourselves)\b/i;
/** A command to the reader, past an opening phrase: "To understand why, look at a small corner of West Africa." */
const READER_COMMAND =
  /^(?:[^,"“]{1,40},\s+)?(?:look|consider|imagine|picture)\s+(?:at|how|what|why|the|a|an|this|that)\b|^(?:[^,"“]{1,40},\s+)?(?:remember|think)\s+(?:that|about|of|how|back)\b/i;
/**
 * A quick test before tagging for a command (grammar.opensOnACommand): a first word that is no
 * preposition, article or pronoun, before a particle, preposition, article or "not" ("Watch out
 * for…"), or "Do not" and "Don't".
 */
const MAY_COMMAND =
  /^(?!(?:in|on|at|for|by|with|from|after|before|under|over|during|despite|since|until|among|across|through|into|about|against|between|without|within|inside|outside|beyond|behind|beneath|above|below|near|along|around|amid|toward|towards|as|if|when|while|but|and|or|so|yet|the|a|an|this|that|these|those|it|he|she|they|we|i|there|here|its|their|his|her|our|some|many|most|all|both|each|every|no|not|one|two|three)\b)\p{Lu}\p{Ll}+\s+(?:out|up|off|down|away|back|for|to|on|in|the|a|an|any|all|every|not)\s|^(?:do not|don['’]t)\s/iu;
const addressesReader = (text: string) =>
  READER_ADDRESS.test(text.replace(/["“][^"”]*["”]/g, '')) || READER_COMMAND.test(text) || (MAY_COMMAND.test(text) && opensOnACommand(text));

/** Two or more capitalised words in a row, each of two letters or more: a site shouting ("in just TWO DAYS"), not an acronym. */
const SHOUTED = /\b\p{Lu}{2,}(?:['’]\p{Lu}+)?(?:\s+\p{Lu}{2,}(?:['’]\p{Lu}+)?)+\b/gu;

/** Words a site set in capitals for emphasis, in lower case: the article's voice is not the site's. A quotation is left as said. */
function unshouted(text: string): string {
  if (!/\p{Lu}{2,}\s+\p{Lu}{2,}/u.test(text)) return text;
  const lowered = text
    .split(/(["“][^"”]*["”])/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(SHOUTED, (run) => run.toLowerCase())))
    .join('');
  return lowered[0]!.toUpperCase() + lowered.slice(1);
}

/** Null when the sentence cannot stand in an article (furniture, fragment, link, too short or long, a site talking to its reader). */
export function shapeSentence(raw: string): SentenceShape | null {
  let text = raw.trim();
  if (!/[.!?]["'”’)]?$/.test(text)) return null;
  if (/\?["'”’)]?$/.test(text)) return null;
  if (FURNITURE.test(text) || URL_LIKE.test(text) || addressesReader(text)) return null;
  if (/^[^A-Z0-9"“‘']/.test(text)) return null;
  if (text === text.toUpperCase() && /[A-Z]{3}/.test(text)) return null;
  text = unshouted(text.replace(DATELINE, ''));
  const connective = CONNECTIVE_START.exec(text);
  if (connective) {
    const rest = text.slice(connective[0].length);
    if (/^[a-z]/.test(rest)) text = rest[0]!.toUpperCase() + rest.slice(1);
    else if (/^[A-Z"“]/.test(rest)) text = rest;
  }
  const words = wordCount(text);
  if (words < 8 || words > 60) return null;
  if (quoteCount(text) % 2 === 1) return null;
  return {
    text,
    words,
    quote: quotesSpeech(text),
    dangling:
      DANGLING_START.test(text) ||
      RELATIVE_TIME_START.test(text) ||
      QUANTITY_SUBJECT.test(text) ||
      unattributedQuotation(text) ||
      PRONOUN_ATTRIBUTION.test(text),
    aside: isAnAside(text),
  };
}

const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const NUMBER_WORD = new RegExp(`\\b(?:(${TENS.join('|')})(?:-(${UNITS.join('|')}))?|(${TEENS.join('|')}))\\b`, 'gi');

/**
 * Numbers from ten up spelled out as figures: newsrooms write "18 allies" and, opening a
 * sentence, "Eighteen allied countries"; the figure is the fact's fingerprint (see sameFact).
 */
function figuresForNumberWords(text: string): string {
  return text.replace(NUMBER_WORD, (_, tens: string | undefined, unit: string | undefined, teen: string | undefined) => {
    if (teen) return String(10 + TEENS.indexOf(teen.toLowerCase()));
    return String(20 + 10 * TENS.indexOf(tens!.toLowerCase()) + (unit ? 1 + UNITS.indexOf(unit.toLowerCase()) : 0));
  });
}

/**
 * A past in "-ied" as its verb's stem ("allied", "carried" → "ally", "carry"), which the engine's
 * light stemmer leaves apart from "allies" ("alli" against "ally"); "died" and "tied" stay.
 */
const pastInIed = (text: string) => text.replace(/\b([a-z]{2,})ied\b/gi, '$1yed');

/**
 * Irregular pasts the stemmer cannot join to their present ("kept" / "keeps", "held" / "holds"):
 * retellings of one fact often differ by tense alone ("The Fed kept its rate…" / "Fed keeps
 * rates…"). Only verbs whose past is no other common word ("left", "found", "saw" are not here).
 */
const IRREGULAR_PASTS: Record<string, string> = {
  kept: 'keep',
  held: 'hold',
  rose: 'rise',
  risen: 'rise',
  fell: 'fall',
  fallen: 'fall',
  won: 'win',
  lost: 'lose',
  sold: 'sell',
  bought: 'buy',
  paid: 'pay',
  took: 'take',
  taken: 'take',
  gave: 'give',
  given: 'give',
  made: 'make',
  began: 'begin',
  begun: 'begin',
  brought: 'bring',
  built: 'build',
  sank: 'sink',
  sunk: 'sink',
  struck: 'strike',
  stole: 'steal',
  stolen: 'steal',
  grew: 'grow',
  grown: 'grow',
  drew: 'draw',
  drawn: 'draw',
  flew: 'fly',
  flown: 'fly',
  froze: 'freeze',
  frozen: 'freeze',
  shook: 'shake',
  shaken: 'shake',
  spent: 'spend',
  sent: 'send',
  met: 'meet',
  caught: 'catch',
  fought: 'fight',
  sought: 'seek',
  taught: 'teach',
  thought: 'think',
  hid: 'hide',
  hidden: 'hide',
  chose: 'choose',
  chosen: 'choose',
  wrote: 'write',
  written: 'write',
  forgave: 'forgive',
  ran: 'run',
  swept: 'sweep',
  slid: 'slide',
};
const IRREGULAR_PAST = new RegExp(`\\b(?:${Object.keys(IRREGULAR_PASTS).join('|')})\\b`, 'gi');
const presentOfPasts = (text: string) => text.replace(IRREGULAR_PAST, (past) => IRREGULAR_PASTS[past.toLowerCase()]!);

/** Content terms (stemmed, stop words out) as a set, numbers from ten up as figures. */
export function termSet(text: string): Set<string> {
  return new Set(terms(presentOfPasts(pastInIed(figuresForNumberWords(text)))));
}

/** Shared terms over the smaller set: 1 when one sentence says nothing the other does not. */
export function termOverlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}
