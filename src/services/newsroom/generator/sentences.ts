// Sentences of crawled article text (split by src/shared/text/sentences.ts), judged for the
// extractive writer: whether a sentence can stand in an article of its own (no page furniture, no
// fragment, no dangling reference).
import { quoteCount, quotesSpeech, wordCount } from '../../../shared/text/sentences.js';
import { terms } from '../../reader/trends/engine/tokenize.js';
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
  /** Opens on a feature's scene or on the story's history (opensOnAnAside): not the story's news. */
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

/** A place set with "a"/"an" before the news: "At a hiring fair", "In a rented hall", "Inside a cramped clinic". */
const SCENE =
  /^(at|in|on|inside|outside|along|across|behind|beside|near|above|below|beneath)\s+an?\s+(?:[\p{L}'-]+\s+){0,3}(hall|ballroom|fair|stall|booth|shop|store|kitchen|room|office|field|farm|village|town|house|home|church|school|classroom|courtroom|hospital|clinic|ward|warehouse|factory|garage|basement|street|road|market|restaurant|cafe|café|diner|bar|park|lab|laboratory|yard|barn|orchard|dock|harbor|harbour|port|hotel|motel|apartment|gym|stadium|library|studio|tent|camp|shelter|cabin|mine|parking lot|strip mall|corner)\b/iu;

/** Whether a sentence opens on a feature's scene: "At a hiring fair in a hotel ballroom…", "In a rented hall above a bicycle shop…". */
function opensOnAScene(sentence: string): boolean {
  return SCENE.test(sentence.trim().replace(/^["“]/, ''));
}

/**
 * An opening phrase set in the past, set off by its comma: "In 1911, …", "When the bank opened its
 * first window in 1911, …", "Decades ago, …", "For years, …". What follows is the story's history.
 */
const PAST_OPENER = /^(?:(?:back\s+)?in|when|by|until|before|during)\b[^,]{0,160}?\b(1[5-9]\d\d|20\d\d)\b[^,]{0,80},\s/i;
/** A past century (not this one) in such a phrase: "When the first records were kept in the late nineteenth century, …". */
const PAST_CENTURY = String.raw`(?:1\d(?:st|nd|rd|th)|20th|(?:eleven|twelf|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twentie)th)\s+century`;
const CENTURY_OPENER = new RegExp(String.raw`^(?:(?:back\s+)?in|when|by|until|before|during)\b[^,]{0,160}?\b${PAST_CENTURY}\b[^,]{0,80},\s`, 'i');
const AGO_OPENER =
  /^(?:(?:some|about|nearly|almost|more than)\s+)?(?:decades|years|generations|centuries|a century|a generation|\w+\s+(?:decades|centuries))\s+ago\b|^for\s+(?:decades|years|generations|centuries)\b(?!\s+to\s+come)/i;
/** A year this far back is history, not the week's news (last year's may still be the story's). */
const HISTORY_YEARS = 2;

/**
 * Whether a sentence opens on the story's history: a time years back ("When Northgate opened its
 * first teller window in 1911, its founders lent mostly to furniture makers"). Features tell it
 * to set the scene; it is background, never the news.
 */
function opensOnHistory(sentence: string, year = new Date().getUTCFullYear()): boolean {
  const text = sentence.trim().replace(/^["“]/, '');
  if (AGO_OPENER.test(text) || CENTURY_OPENER.test(text)) return true;
  const past = PAST_OPENER.exec(text);
  return past !== null && Number(past[1]) <= year - HISTORY_YEARS;
}

/**
 * Whether a sentence opens on an aside to the story's news: a feature's scene ("At a hiring fair in
 * a hotel ballroom…") or the story's history ("In 1911, …"). It may be told, never as the lead, nor
 * as why the story matters or a line of its song.
 */
export function opensOnAnAside(sentence: string): boolean {
  return opensOnAScene(sentence) || opensOnHistory(sentence);
}

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
    dangling: DANGLING_START.test(text) || QUANTITY_SUBJECT.test(text) || unattributedQuotation(text) || PRONOUN_ATTRIBUTION.test(text),
    aside: opensOnAnAside(text),
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

/** Content terms (stemmed, stop words out) as a set, numbers from ten up as figures. */
export function termSet(text: string): Set<string> {
  return new Set(terms(pastInIed(figuresForNumberWords(text))));
}

/** Shared terms over the smaller set: 1 when one sentence says nothing the other does not. */
export function termOverlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}
