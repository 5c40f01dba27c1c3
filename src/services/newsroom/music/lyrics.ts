// Lyrics: the lyrics prompt with {narration} — the introduction narration and
// today's top stories — and the lyrics model; offline, verses and a chorus made from the day's
// headlines and the stories' own sentences, whole or written down to their news (what was said,
// the first clause without its last phrases, told in the present as a headline tells it where it
// would otherwise be the sentence's first words): a line is never the beginning of a source
// sentence or headline cut short, a fact's line states something (its subject first, then its
// verb; not a noun phrase cut from a sentence, nor only who said it), it ends on a content word
// (not on "of", nor on a verb before what it showed or said), it scans (its syllables counted in
// the CMU pronouncing dictionary), and each story is sung in a couplet of its own whose second
// line tells what the first does not and rhymes with it where its words allow.
import type { GenerateLyricsResponse, LastLyrics } from '../../../api/audio.js';
import type { AppContext } from '../../../context.js';
import { editedAtOf, insertScript, latestScript, pruneScripts } from '../../../db/scripts.js';
import { Invalid } from '../../../errors.js';
import { chatModelFor } from '../../platform/models.js';
import { fillPrompt } from '../audio/latest-news.js';
import { TOPIC_PHRASES, topStories, type Story } from '../audio/stories.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { lineSyllables, loadPronunciations, rhymeOf } from '../../../shared/text/pronounce.js';
import { headlinePresent, phraseEnds, simplePast, statesSomething } from '../generator/grammar.js';
import { termSet } from '../generator/sentences.js';
import { sameFigure } from '../generator/fact-meaning.js';
import { sameFact } from '../generator/offline-writer.js';
import { definiteSubjectTerms } from '../generator/definite-subject.js';
import { isAnAside } from '../generator/asides.js';
import { lowerFirstWord } from '../../../shared/text/first-word.js';

export interface LyricLine {
  section: 'verse' | 'chorus';
  text: string;
}

const DANGLING_END =
  /^(the|a|an|of|and|or|but|nor|so|that|which|who|whose|to|in|on|at|by|for|with|from|as|into|onto|over|under|about|after|before|since|until|than|because|while|if|amid|among|between|through|during|against|without|following|despite|toward|towards|across|including|via|per|within|upon|throughout|along|beyond|behind|its|their|his|her|our|my|your|is|are|was|were|be|been|will|would|can|could|has|have|had|not)$/i;

/**
 * Verbs that say nothing without what follows them: "Footage played at trial showed" ends before
 * what it showed. A passive ends whole ("was found"), so these count only without a helper before;
 * forms that are nouns too ("shows", "claims", "state") are not listed.
 */
const NEEDS_COMPLEMENT =
  /^(showed|reveal|reveals|revealed|suggest|suggests|suggested|indicate|indicates|indicated|found|say|says|said|tell|tells|told|announce|announces|announced|noted|claimed|argue|argues|argued|warn|warns|warned|confirm|confirms|confirmed|believe|believes|believed|know|knows|knew|meant|demonstrate|demonstrates|demonstrated|conclude|concludes|concluded|determine|determines|determined|expect|expects|expected|urge|urges|urged|describe|describes|described|include|includes|included|require|requires|required|propose|proposes|proposed|become|becomes|became)$/i;
const HELPER = /^(is|are|was|were|be|been|being|has|have|had|get|gets|got)$/i;
/** Verbs that take what they cost, reach or pay: after a modal ("…bars will cost") a line must go on. */
const TAKES_AMOUNT = /^(cost|reach|pay|hit|top|exceed|total|face|need|raise|cut|charge|add|lose|gain|save)$/i;
const MODAL = /^(will|would|could|can|may|might|must|should|to)$/i;

/** Verbs that tell someone something: "…told consumers" ends before what they were told. */
const TELLS_SOMEONE =
  /^(tell|tells|told|urge|urges|urged|advise|advises|advised|ask|asks|asked|warn|warns|warned|remind|reminds|reminded|instruct|instructs|instructed)$/i;
const OBJECT_DETERMINER = /^(the|a|an|its|their|his|her|all|many|most|some)$/i;

/** A superlative or comparative needs its noun: "the highest" ends nothing. */
const NEEDS_NOUN = /^(most|least|more|less|\p{L}{2,}est)$/iu;

/** Clauses that say nothing sung alone: an attribution, or one leaning on what came before. */
const WEAK_CLAUSE =
  /^(he|she|they|it|this|that|these|those|which|who|and|but|or|so|as|said|says|according|officials said|police said|led by|followed by|including)\b/i;
/** A clause that only says who told it ("Lumen Semiconductor announced on Thursday", "The agency said in Washington", "Final results showed on Monday"). */
const ATTRIBUTION =
  /\b(said|says|announced|reported|confirmed|stated|added|told reporters|showed|shows|indicated|suggested)(\s+(on|in|at|last|this|late|early|during)(\s+\S+){1,3})?$/i;

/** A site's name before a headline ("Valley Courier :: Tornadoes tear…", "Metro | Floods…"). */
const SITE_LABEL = /^(?:[^\s:|]+\s+){0,3}[^\s:|]+\s+(?:::|\|)\s+/u;
const withoutSiteLabel = (title: string) => title.replace(SITE_LABEL, '');

/** The separators after a site's name or a label at the head of a headline. */
const HEADLINE_LABEL = /\s+(?:::|\||[-–—])\s+|:\s+/;

const bare = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');
const unquoted = (text: string) =>
  text
    .replace(/[.!?"'“”]+$/g, '')
    .replace(/^["'“”]+/, '')
    .trim();

/** A line ends on a content word: not on one that needs the next ("of", "the", "its"), nor on "the highest". */
function endsOnContentWord(line: string): boolean {
  const words = line.split(/\s+/).map(bare).filter(Boolean);
  const last = words.at(-1) ?? '';
  if (!last || DANGLING_END.test(last)) return false;
  if (NEEDS_COMPLEMENT.test(last) && !HELPER.test(words.at(-2) ?? '')) return false;
  if (TAKES_AMOUNT.test(last) && MODAL.test(words.at(-2) ?? '')) return false;
  // Whom they told, and not what: "The CDC tells consumers", "…urged the public".
  if (TELLS_SOMEONE.test(words.at(-2) ?? '') || (TELLS_SOMEONE.test(words.at(-3) ?? '') && OBJECT_DETERMINER.test(words.at(-2) ?? ''))) return false;
  return !(NEEDS_NOUN.test(last) && /^(the|a|an|its|their|his|her|our)$/i.test(words.at(-2) ?? ''));
}

/**
 * A line's quotation marks in pairs: cutting a sentence's end quote (or a clause out of a quoted
 * sentence) leaves one open, and a sung line never opens a quote it does not close.
 */
export function balanceQuotes(line: string): string {
  let open = 0;
  let unopened = 0;
  for (const mark of line.match(/[“”]/g) ?? []) {
    if (mark === '“') open++;
    else if (open > 0) open--;
    else unopened++;
  }
  let balanced = `${'“'.repeat(unopened)}${line}${'”'.repeat(open)}`;
  if ((balanced.match(/"/g) ?? []).length % 2 === 1) balanced = balanced.replace(/"/, '');
  return balanced;
}

/** A whole headline, sentence or clause as a line, when it has 3 to `max` words and ends on a content word. */
function whole(text: string, max: number): string | null {
  const line = unquoted(text);
  const count = line.split(/\s+/).filter((word) => bare(word)).length;
  return count >= 3 && count <= max && endsOnContentWord(line) ? balanceQuotes(line) : null;
}

/** A phrase that opens on a preposition ("For more than two decades") modifies a clause; sung alone it says nothing. */
const PREPOSITIONAL = /^(for|in|on|at|by|from|after|before|since|until|during|over|under|within|throughout|amid|across|despite|with|without)\s/i;

/**
 * A clause the conjunction before it only joins to its sentence: "…, although two people were
 * treated" still says two people were treated. Conditions and times ("if", "until", "after") are
 * not dropped: without them the clause would claim what the sentence does not.
 */
const JOINING = /^(and|but|yet|so|although|though|while|whereas)\s+/i;
/** A clause that hangs on its sentence (a relative or a subordinate one), sung alone it says nothing. */
const SUBORDINATE = /^(where|when|whenever|because|if|unless|as|since|until|after|before|which|who|whom|whose|what)\b/i;

/**
 * A clause after a sentence's first (a comma inside a number like 1,200 is no break), sung whole
 * when it states something: "…, where volunteers served hot meals" and "…, the lowest level in
 * three years" do not.
 */
function laterClause(sentence: string, max: number): string | null {
  for (const clause of unquoted(sentence)
    .split(/,\s|;\s|:\s|\s[—–-]\s|\s(?=(?:while|although|whereas)\s)/)
    .slice(1)) {
    const line = whole(clause.replace(JOINING, ''), max);
    if (
      line &&
      line.split(/\s+/).length >= 4 &&
      !WEAK_CLAUSE.test(line) &&
      !SUBORDINATE.test(line) &&
      !PREPOSITIONAL.test(line) &&
      !ATTRIBUTION.test(line) &&
      statesSomething(line)
    )
      return line[0]!.toUpperCase() + line.slice(1);
  }
  return null;
}

/** A verb reporting what someone said: the news is what follows it. */
const REPORTING =
  /\b(?:said|says|told (?:reporters|\p{Ll}+)|announced|added|warned|confirmed|argued|predicted|estimated|expects|expected)\s+(?:in\s+\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)?\b\s*)?(?:on\s+\p{Lu}\p{Ll}+day\b\s*)?(?:that\s+)?/u;
/** A relative pronoun and the few words of its clause's subject, just before a verb of saying. */
const RELATIVE_BEFORE = /\b(?:which|that|who|whom)\s+(?:[\p{L}'’-]+\s+){0,4}$/iu;
/** Where a clause ends: a comma (not one inside 1,200), a semicolon, colon or dash, or a clause that only adds to it. */
const CLAUSE_END = /,\s|;\s|:\s|\s[—–]\s|\s(?=(?:after|because|while|although|though|whereas|which|who|where|when|despite|amid|following|but|yet)\s)/;
/** Verbs whose news is in their second complement ("declared the outbreak | a global emergency"): never cut. */
const TWO_COMPLEMENTS = /\b(declared|declares|named|called|elected|appointed|deemed|ruled|made)\b/i;
/** A condition or limit the claim holds under: sung with it or not at all. */
const CONDITION = /^(if|unless|until|provided|only)\b/i;
/** What a verb of saying may be followed by that is no news of its own ("warned of wind chills"). */
const NOT_A_CLAIM = /^(of|about|against|on|over|for|to|in|with|at|from|by)\b/i;
/**
 * Phrases a line never ends before: "tens | of millions", "more | than 30 million", a phrasal
 * verb's particle after its object ("keep advanced chips | out of…", "shut the plant | down"), and
 * what a verb keeps its object from doing ("keep advanced chips | from being diverted…").
 */
const HELD_PHRASE = /^(?:of|than|out|away|off|back|down|up)\b|^from\s+(?:\w+ly\s+)?\w+ing\b/i;
/** A verb that says nothing without where: "Diners put a surcharge" ends before "on every egg dish". */
const NEEDS_PLACE =
  /\b(?:put|puts|putting)\b(?![^,;]*\b(?:on|in|into|onto|to|under|at|out|up|off|down|back|away|forward|aside|behind|before|through|across|over|around|together)\b)[^,;]*$/i;

/**
 * A line written from a sentence's news, for a sentence too long to sing whole: what someone said
 * (the words after "said that"), else the sentence's first clause; told in the simple past ("had
 * fallen" → "fell"), without a second verb's phrase, and ended before its last phrases until it
 * fits ("…go straight to the hospital with the shortest queue" → "…go straight to the hospital").
 * A line so ended drops what the cut left hanging: a relative clause ("minerals that could
 * explain"), an "and" with one word ("rose 3 percent and shares"), a gerund ("between paying").
 * A quotation is sung whole or not at all; null when what is left states nothing.
 */
export function writtenLine(sentence: string, max: number): string | null {
  const text = unquoted(sentence);
  if (/[“”"]/.test(text)) return null;
  // "…, which the company says produces…": the saying is a relative clause's, whose subject came before it.
  const saying = REPORTING.exec(text);
  const reported = saying && !RELATIVE_BEFORE.test(text.slice(0, saying.index)) ? saying : null;
  const opensOnModifier = PREPOSITIONAL.test(text) || SUBORDINATE.test(text);
  let from = reported && reported.index > 0 ? text.slice(reported.index + reported[0].length) : opensOnModifier ? null : text;
  // Told first, its source after ("…, the agency said in Washington"): the news is what comes before.
  if (reported && from !== null && !/\p{L}/u.test(from)) {
    const comma = text.lastIndexOf(', ', reported.index);
    from = opensOnModifier || comma < 0 ? null : text.slice(0, comma);
  }
  if (!from || NOT_A_CLAIM.test(from)) return null;
  const clause = simplePast(from.split(CLAUSE_END)[0]!.trim());
  const ends = phraseEnds(clause);
  const words = (candidate: string) => candidate.split(/\s+/).filter((word) => bare(word)).length;
  const tidy = (cut: string) =>
    cut
      .replace(/\s(?:that|which|who)\s.*$/i, '')
      .replace(/\s(?:and|or)\s+\S+$/i, '')
      .trim();
  const fits = (candidate: string, cut: boolean) =>
    words(candidate) <= max && endsOnContentWord(candidate) && !(cut && /(?:ing|\bearly|\blate)$/i.test(candidate));
  const andAt = ends.findLast((end) => end.and)?.at ?? clause.length;
  if (andAt < clause.length && TWO_COMPLEMENTS.test(clause.slice(0, andAt))) return null;
  let line = clause.slice(0, andAt).trim();
  let cut = false;
  for (const end of ends) {
    if (fits(line, cut)) break;
    const rest = clause.slice(end.at);
    if (end.at >= line.length || HELD_PHRASE.test(rest)) continue;
    if (CONDITION.test(rest) || TWO_COMPLEMENTS.test(line.slice(0, end.at))) return null;
    const shorter = tidy(clause.slice(0, end.at).trim());
    if (NEEDS_PLACE.test(shorter)) continue;
    line = shorter;
    cut = true;
  }
  if (!line) return null;
  // The sentence's own first words are no line (the start of a sentence cut short): told as a
  // headline tells it, in the present ("Officials reported…" → "Officials report…"), it is one.
  if (line.length < text.length && text.toLowerCase().startsWith(line.toLowerCase())) {
    // A day it names keeps a past event in the past ("The fire broke out late Sunday" is no "breaks
    // out late Sunday"), and a sentence's own first words are no line: the sentence gives none.
    if (/\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(line) && !/\bwill\s/i.test(line)) return null;
    line = headlinePresent(line, text) ?? line;
  }
  line = line[0]!.toUpperCase() + line.slice(1);
  return words(line) >= 4 && fits(line, cut) && !WEAK_CLAUSE.test(line) && !ATTRIBUTION.test(line) && statesSomething(line) ? line : null;
}

/** A sung line's length in syllables: shorter says nothing, longer cannot be sung to a bar or two. */
const SINGABLE = { min: 5, max: 16 };

const singable = (line: string) => {
  const count = lineSyllables(line);
  return count >= SINGABLE.min && count <= SINGABLE.max;
};

/**
 * A line that points back at what its sentence's neighbours said: its subject (past a phrase set
 * off by a comma: "Seven years later, …") opens on "this", "that", "these", "those" or "such"
 * ("that something has a name"), or on a free relative ("What your bill already told you"), or it
 * names "the other" anything. Sung alone, the listener never heard what it points at. A time ("This
 * week") is no pointer, nor a pronoun: after its couplet's headline, "Its first crossing…" is clear.
 */
const POINTING_SUBJECT =
  /^(?:[^,]{1,40},\s+)?(?:this|that|these|those|such|what)\b(?!\s+(?:morning|afternoon|evening|night|week|weekend|month|year|season|spring|summer|fall|autumn|winter)\b)/i;
const POINTING_ANYWHERE = /\bthe other\b|\bthe latter\b|\bthe former\b/i;
/** A count standing for a noun said before: "41 were still missing", "Most remain in hospital", "Two of them were hurt". */
const COUNT_SUBJECT =
  /^(?:\d[\d,.]*|dozens|hundreds|thousands|many|most|some|others|several)\s+(?:still\s+)?(?:were|are|was|is|have|has|had|remain(?:ed|s)?)\b|^(?:[\w-]+\s+){1,2}of\s+(?:them|those|these|whom|it)\b/i;

function leansOnContext(line: string): boolean {
  return POINTING_SUBJECT.test(line) || POINTING_ANYWHERE.test(line) || COUNT_SUBJECT.test(line);
}

/**
 * A definite subject only a scene or the story's history set out: "The sandwiches in Aarhus ran out
 * before midnight" names the sandwiches of "In a rented hall above a bicycle shop in Aarhus, …
 * three hundred open-faced sandwiches …", which the song never sings. "The capsule…" after a
 * headline naming it, or "The change could free beds" of the news itself, are heard.
 */
function namesAStranger(line: string, heard: ReadonlySet<string>, setOut: ReadonlySet<string>): boolean {
  const subject = definiteSubjectTerms(line);
  return subject.length > 0 && !subject.some((term) => heard.has(term)) && subject.some((term) => setOut.has(term));
}

/**
 * A headline that names its source last ("2026 will be hottest year on record, U.S. scientists
 * say", "…, study finds") sung with the source first: "U.S. scientists say 2026 will be…". Ended on
 * "say", the headline ends before its news; without its source, it is the headline cut short.
 */
const SOURCE_LAST = /^(.+?),\s+((?:[\p{L}.’'-]+\s+){0,3}?)(says?|said|finds?|found|warns?|warned|reports?|reported|suggests?|shows?)$/iu;

function sourceFirst(headline: string, told: readonly string[]): string {
  const match = SOURCE_LAST.exec(unquoted(headline));
  if (!match?.[2]) return headline;
  const [, news, who, verb] = match as unknown as [string, string, string, string];
  return `${who[0]!.toUpperCase()}${who.slice(1)}${verb} ${lowerFirstWord(news, told)}`;
}

/**
 * A quotation holding a sentence, or a speaker's whole phrase ("Patrice's reaction: “Two years?
 * They'll have my address forever.”"): the speaker's words, not a fact to sing. A quoted name or
 * term ("its “Full Self-Driving” feature") is no speech.
 */
function holdsSpeech(sentence: string): boolean {
  if (/^\s*["“]/.test(sentence)) return true;
  for (const [, quoted = ''] of sentence.matchAll(/[“"]([^”"]*)(?:[”"]|$)/g)) {
    const words = quoted.trim().split(/\s+/).length;
    if (/[?!]/.test(quoted) || words >= 6 || (words >= 3 && /[.,]\s*$/.test(quoted))) return true;
  }
  return false;
}

/** The lines a story offers: its headline's (whole, or a later clause) and its facts' (each whole, or a later clause). */
function storyCandidates(story: Story, stories: readonly Story[]): { headline: string | null; facts: string[] } {
  // What the sources' asides (scenes, history) set out, which the song never sings.
  const setOut = termSet((story.sourceSentences ?? []).filter(isAnAside).join(' '));
  const heard = termSet(`${story.title} ${story.lead}`);
  const usable = (line: string | null): line is string =>
    line !== null && !cutShort(line, stories) && !leansOnContext(line) && !namesAStranger(line, heard, setOut);
  const title = sourceFirst(withoutSiteLabel(story.title), story.sourceSentences ?? []);
  // "Northgate, Ohio Valley Heritage agree…": a name before the comma is the first of a list, and
  // what follows it no clause of its own.
  const listed = /^(?:\p{Lu}[\p{L}'’.&-]*\s?){1,4},\s/u.test(title);
  const headlines = [whole(title, 12), listed ? null : laterClause(title, 10)].filter(usable);
  // Neither scanning, the shorter is nearer a singable line ("2026 will be the warmest year…" after "It's official:").
  const headline = headlines.find(singable) ?? headlines.sort((a, b) => lineSyllables(a) - lineSyllables(b))[0] ?? null;
  const sentences = [story.lead, ...story.facts, ...(story.why ? [story.why] : [])].filter((sentence) => !holdsSpeech(sentence));
  // A fact's line says something (statesSomething); a headline's own words may be headline-ese
  // ("Retailer hit by data breach"), which sings well.
  const facts = [
    ...sentences.map((sentence) => {
      const line = whole(sentence, 12);
      return line && statesSomething(line) ? line : null;
    }),
    ...sentences.map((sentence) => laterClause(sentence, 10)),
    ...sentences.map((sentence) => writtenLine(sentence, 10)),
  ].filter((line): line is string => usable(line) && line !== headline);
  return { headline, facts: [...new Set(facts)] };
}

/**
 * A story's couplet: its headline whole (or a later clause of it), then one of its facts whole (or
 * a later clause of one), the fact that rhymes with the headline's line when one does (else one
 * that rhymes on its vowel), lines that scan (SINGABLE) before those that do not; without a
 * headline line, two of its facts chosen the same way. Never the start of a sentence cut short: a
 * line that is the beginning of a source sentence or headline ("The U.S. Department of
 * Agriculture") is no line. A story with one line alone gives none: sung in a couplet, its line
 * would be paired with another story's.
 */
function storyLines(story: Story, stories: readonly Story[]): string[] {
  const { headline, facts } = storyCandidates(story, stories);
  // None scanning, the shorter is nearer a singable line, as for the headline.
  const ordered = [...facts.filter(singable), ...facts.filter((line) => !singable(line)).sort((a, b) => lineSyllables(a) - lineSyllables(b))];
  const first = headline ?? ordered.shift();
  if (!first) return [];
  // The second line tells what the first does not: no fact told again by the writer's test of one
  // ("Central bank holds rates steady" is not followed by "The central bank holds its benchmark rate
  // at 4.25 percent"), and none giving the first's figure again, which the ear hears as a repeat in
  // any words ("…bread prices 6%", then "Its loaves will cost about 6 percent more").
  const more = ordered.filter(
    (line) =>
      !sameFact(new Set([...termSet(first), ...spelledOut(first, line).flatMap((name) => [...termSet(name)])]), termSet(line)) && !sameFigure(first, line),
  );
  const rhyming = (kind: 'rhyme' | 'near') => more.find((line) => singable(line) && rhymeOf(first, line) === kind);
  const second = rhyming('rhyme') ?? rhyming('near') ?? more[0];
  return second ? [first, second] : [];
}

/** The names in `text` that spell out an initialism of `short` ("Food and Drug Administration" for "FDA"). */
function spelledOut(short: string, text: string): string[] {
  const initialisms = new Set(short.match(/\b\p{Lu}{2,6}\b/gu) ?? []);
  if (initialisms.size === 0) return [];
  const names = text.match(/\p{Lu}\p{Ll}+(?:\s+(?:(?:and|of|for|the)\s+)?\p{Lu}\p{Ll}+)+/gu) ?? [];
  return names.map((name) => name.replace(/^The\s+/, '')).filter((name) => initialisms.has((name.match(/\b\p{Lu}/gu) ?? []).join('')));
}

/** Whether `line` is the beginning, cut short, of one of the stories' sentences or headlines. */
function cutShort(line: string, stories: readonly Story[]): boolean {
  const norm = (text: string) => unquoted(text).toLowerCase().replace(/\s+/g, ' ');
  const mine = norm(line);
  // A headline may start after a label ("Valley Courier :: Tornadoes tear through…", "Live | …"):
  // what follows the label is a start too.
  const starts = (text: string) => [text, ...text.split(HEADLINE_LABEL).slice(1)];
  return stories.some((story) =>
    [story.title, story.lead, ...story.facts, story.why ?? '', story.who ?? '', ...(story.sourceSentences ?? [])].flatMap(starts).some((source) => {
      const full = norm(source);
      return full.length > mine.length && full.startsWith(mine);
    }),
  );
}

/** The chorus's closing lines, ours: the one that rhymes with the day's range of topics is sung. */
const CLOSERS = ['The headlines at a glance', 'The stories and the views', 'The stories of the day reviewed'];
const PLAIN_CLOSER = 'This is the news today';

/**
 * The chorus's last two lines: the day's range of topics ("From U.S. news to business and
 * finance"), ending on a topic whose closing line rhymes with it when the day has one ("The
 * headlines at a glance"), else the first topic to the last and a plain close.
 */
function topicCouplet(topics: readonly string[]): [string, string] {
  const rhyming = (line: string) => CLOSERS.find((closer) => rhymeOf(line, closer) === 'rhyme');
  if (topics.length === 1) {
    const line = `All about ${topics[0]}`;
    return [line, rhyming(line) ?? PLAIN_CLOSER];
  }
  for (const last of [...topics].reverse()) {
    const line = `From ${topics.find((topic) => topic !== last)} to ${last}`;
    const closer = rhyming(line);
    if (closer) return [line, closer];
  }
  return [`From ${topics[0]} to ${topics.at(-1)}`, PLAIN_CLOSER];
}

/**
 * Verses and a chorus from the day's stories. The chorus is the main story's couplet (the first
 * story that has one: the stories come most important first) with the day's range of topics and
 * a line that rhymes with it; each verse sings the other stories, a couplet each. Lines are the
 * stories' own words, so they rhyme only where the news allows; a couplet's lines are chosen to
 * rhyme when the story has such a pair.
 */
export async function offlineLyrics(stories: readonly Story[]): Promise<string> {
  await loadPronunciations();
  const couplets = stories.map((story) => ({ story, lines: storyLines(story, stories) }));
  const main = couplets.find((couplet) => couplet.lines.length === 2);
  const top = main?.story ?? stories[0]!;
  // No story has a couplet: the main story's headline leads the chorus alone.
  const lead = main?.lines ?? [storyCandidates(top, stories).headline].filter((line): line is string => line !== null);
  const sung = couplets.filter((couplet) => couplet !== main && couplet.lines.length === 2 && !couplet.lines.some((line) => lead.includes(line)));
  // The range names the topics of the stories sung, not of those that gave no line.
  const topics = [...new Set([top, ...sung.map((couplet) => couplet.story)].map((story) => TOPIC_PHRASES[story.topic]))];
  const chorus = [...lead, ...topicCouplet(topics)];
  // One story alone: its verse sings its other facts, those that scan first, in pairs.
  const alone = () => {
    const lines = storyCandidates(top, stories).facts.filter((line) => !chorus.includes(line));
    // One fact once: a sentence's written-down line and its whole are not two lines.
    const ordered: string[] = [];
    for (const line of [...lines.filter(singable), ...lines.filter((line) => !singable(line))]) {
      const terms = [...termSet(line)];
      if (ordered.length < 4 && !ordered.some((sung) => terms.filter((term) => termSet(sung).has(term)).length >= terms.length / 2)) ordered.push(line);
    }
    return ordered.slice(0, ordered.length - (ordered.length % 2));
  };
  // The other stories' couplets, in two verses split between stories at about half their lines;
  // one story with lines makes one verse, and none the main story's other facts: a song opens on
  // a verse, never on an empty one's chorus.
  const linesByStory = sung.map((couplet) => couplet.lines);
  const total = linesByStory.reduce((sum, lines) => sum + lines.length, 0);
  let verses: string[][];
  if (total === 0) verses = [alone()];
  else if (linesByStory.length < 2) verses = [linesByStory.flat()];
  else {
    let split = 0;
    for (let taken = 0; split < linesByStory.length - 1 && taken < total / 2; split++) taken += linesByStory[split]!.length;
    verses = [linesByStory.slice(0, split).flat(), linesByStory.slice(split).flat()];
  }
  const sections: string[] = [];
  verses.filter((lines) => lines.length > 0).forEach((lines, i) => sections.push(`[Verse ${i + 1}]`, ...lines, '', '[Chorus]', ...chorus, ''));
  if (sections.length === 0) sections.push('[Chorus]', ...chorus, '');
  return sections.join('\n').trimEnd();
}

/** Lyric lines with their sections: "[Chorus]" or "Chorus:" headers switch the section. */
export function parseLyrics(lyrics: string): LyricLine[] {
  const lines: LyricLine[] = [];
  let section: LyricLine['section'] = 'verse';
  for (const raw of lyrics.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\*\*|\*|^#+\s*/g, '').trim();
    if (!line) continue;
    const header = /^[[(]?\s*(verse|chorus|refrain|bridge|hook|intro|outro|pre-chorus)\b[^\])]*[\])]?\s*:?\s*$/i.exec(line);
    if (header) {
      section = /chorus|refrain|hook/i.test(header[1]!) ? 'chorus' : 'verse';
      continue;
    }
    lines.push({ section, text: line.replace(/^\[[^\]]*\]\s*/, '') });
  }
  return lines.filter((line) => /[\p{L}\p{N}]/u.test(line.text));
}

export async function generateLyrics(ctx: AppContext): Promise<GenerateLyricsResponse> {
  const stories = await topStories(ctx, 4);
  if (stories.length === 0) throw Invalid('There is no news to sing about yet: run the spider and the trends analyzer first.');
  const [{ promptText, modelName }, { narrationText }] = await Promise.all([
    getSetting<{ promptText: string; modelName: string }>(ctx, 'lyrics-generator-prompt'),
    getSetting<{ narrationText: string }>(ctx, 'music-introduction-narration'),
  ]);
  const narration = [narrationText.trim(), ...stories.map((story) => `${story.title}. ${story.lead}`)].filter(Boolean).join('\n');
  let lyrics: string | null = null;
  const model = chatModelFor(ctx);
  if (model) {
    try {
      const reply = await model.complete({
        feature: 'lyrics',
        model: modelName.trim() || ctx.config.llm.model,
        messages: [{ role: 'user', content: fillPrompt(promptText, { narration }) }],
        temperature: 0.9,
      });
      lyrics = reply.text.trim() || null;
    } catch (error) {
      await logEvent(ctx, LOG_COMPONENTS.audio, 'warning', `Lyrics: the model failed (${(error as Error).message}); writing them offline`);
    }
  }
  const writer = lyrics ? 'model' : 'offline';
  lyrics ??= await offlineLyrics(stories);
  await insertScript(ctx.sql, { kind: 'lyrics', scriptText: lyrics, meta: { writer, stories: stories.map((story) => story.title) } });
  await pruneScripts(ctx.sql, 'lyrics', 20);
  return { lyrics, message: 'Lyrics generated successfully', writer };
}

export async function lastLyrics(ctx: Pick<AppContext, 'sql'>): Promise<LastLyrics> {
  const row = await latestScript(ctx.sql, 'lyrics');
  return { lyricsText: row?.scriptText ?? null, generatedAt: row?.generatedAt.toISOString() ?? null, editedAt: editedAtOf(row)?.toISOString() ?? null };
}
