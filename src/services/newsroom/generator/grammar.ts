// What a phrase is, grammatically: whether it says something (a finite verb with its subject), what
// it points back at, and its tenses (person-names.ts reads the names in it). Part-of-speech tagging
// is compromise's (its lexicon and rules ship in the package; no network, no model file), loaded
// on first use: only the offline writers ask, and a command that never writes should not pay its
// load.
import { onFirstUse } from '../../../load-on-use.js';

type Nlp = typeof import('compromise').default;
export interface TaggedTerm {
  text: string;
  normal?: string;
  /** What follows the word: a space, or punctuation ("deadline" in "miss that deadline, …" has ", "). */
  post: string;
  tags: Set<string>;
}

/** The tagger, loaded on first use. */
export const parser = onFirstUse<Nlp>('compromise');

/**
 * Verbs of the markets' news the tagger reads as nouns even after their subject ("Prices rose by
 * 4 percent": a flower; "Output falls": waterfalls). After a noun they are the verb; after "a" or
 * "the" they stay what they are.
 */
const MISREAD_VERBS = new Map([
  ['rose', 'PastTense'],
  ['rises', 'PresentTense'],
  ['falls', 'PresentTense'],
]);

/** The terms of `text` with their part-of-speech tags, in order. */
export function tagged(text: string): TaggedTerm[] {
  const terms: TaggedTerm[] = [];
  for (const sentence of parser()(text).json() as { terms: { text: string; normal?: string; post: string; tags: string[] }[] }[])
    for (const term of sentence.terms) terms.push({ text: term.text, normal: term.normal, post: term.post, tags: new Set(term.tags) });
  for (let i = 1; i < terms.length; i++) {
    const tense = MISREAD_VERBS.get(terms[i]!.normal ?? terms[i]!.text.toLowerCase());
    if (tense && terms[i - 1]!.tags.has('Noun')) terms[i]!.tags = new Set(['Verb', tense]);
  }
  return terms;
}

const FINITE = ['PastTense', 'PresentTense', 'Modal', 'Copula', 'Auxiliary'];
/** A past participle, as the tagger marks one it can tell from a past tense (by its form, or by a "by" after it). */
const PARTICIPLE = ['Participle', 'Passive'];
/** Words between a subject and its verb: "prices have not yet risen". */
const BETWEEN = ['Adverb', 'Negative', 'Auxiliary', 'Modal'];
const SUBJECT = ['Noun', 'Pronoun', 'ProperNoun', 'Value', 'Acronym'];
/** Pronouns that open a relative clause: the verb after them belongs to a noun, not to the line. */
const RELATIVE = /^(that|which|who|whom|whose)$/i;

const hasAny = (term: TaggedTerm, tags: readonly string[]) => tags.some((tag) => term.tags.has(tag));

/**
 * Verbs whose past form before a preposition is almost always a participle describing a noun ("a
 * bill designed to", "a rule aimed at", "a virus linked to"): the tagger reads them as a past tense.
 */
const PARTICIPLE_BEFORE_PREPOSITION =
  /^(aimed|designed|intended|meant|targeted|based|geared|tailored|linked|used|pegged|tied|backed|owned|operated|known|located|made|built|produced|grown)$/i;

/**
 * Prepositions those participles take, known by the word: the tagger reads "at large" as an adverb
 * ("a provision aimed at large overseas build-outs") and would carry the search past it.
 */
const PARTICIPLE_PREPOSITION = /^(at|to|for|in|on|by|with|from|as|into|onto|toward|towards|against|around|under|near)$/i;

/**
 * Verbs that are participles before "for" only: "the 90 seats needed for a majority", "the approval
 * required for a restart"; before "to" they are as often a past tense ("The city needed to borrow").
 */
const PARTICIPLE_BEFORE_FOR = /^(needed|required)$/i;

/** Whether the verb at `i` is such a participle: one of those verbs, then (past adverbs) a preposition or "to". */
function reducedRelative(terms: readonly TaggedTerm[], i: number): boolean {
  const onlyFor = PARTICIPLE_BEFORE_FOR.test(terms[i]!.text);
  if (!onlyFor && !PARTICIPLE_BEFORE_PREPOSITION.test(terms[i]!.text)) return false;
  const preposition = onlyFor
    ? (term: TaggedTerm) => /^for$/i.test(term.text)
    : (term: TaggedTerm) => PARTICIPLE_PREPOSITION.test(term.text) || term.tags.has('Preposition');
  let next = i + 1;
  while (terms[next] && !preposition(terms[next]!) && terms[next]!.tags.has('Adverb')) next++;
  const after = terms[next];
  return after !== undefined && preposition(after);
}

/** A finite verb first ("Demanded…", "Urged…"): not a command or a noun the tagger misreads as one ("Judge orders…"). */
function opensOnVerb(first: TaggedTerm | undefined): boolean {
  if (!first?.tags.has('Verb') || !(first.tags.has('PastTense') || first.tags.has('PresentTense'))) return false;
  return !['Auxiliary', 'Copula', 'Modal', 'Imperative', 'Infinitive'].some((tag) => first.tags.has(tag));
}

/**
 * "One of the largest retail data breaches in years": an appositive ranking what its sentence named,
 * whose plural noun the tagger reads as a verb ("breaches"); with no verb of its own it states nothing.
 */
const RANKED_AMONG = /^(?:one|some|two|three|many)\s+of\s+the\s+(?:\w+est|most\s+\w+)\b(?![^,;]*\b(?:is|are|was|were|has|have|had|will|would|could|\w+ed)\b)/i;

/**
 * Whether `clause` states something: it has a finite verb ("surged", "could reopen", "is") whose
 * subject comes before it, outside a relative clause. "Bird flu found in two states" and "that
 * something has a name" do; a noun phrase ("Newer kind of limit", "An agricultural economist at
 * Iowa State"), a participle's ("A capsule carrying samples"), a relative clause's ("Two states
 * that had not reported infected herds"), a list's ("Maine and upstate New York") and a phrase
 * opening on a participle ("Saying Monday it would cut the bars") do not, nor does a participle
 * without its auxiliary ("A fine imposed by the Commission", "A rule written in Brussels"; "The
 * fine was imposed" does), nor a verb news uses as a participle before a preposition ("A provision
 * aimed at cloud build-outs"). Where the tagger cannot tell another participle from a past tense,
 * the phrase passes.
 */
export function statesSomething(clause: string): boolean {
  if (RANKED_AMONG.test(clause)) return false;
  const terms = tagged(clause);
  // A participle's phrase ("Saying Monday it would cut…") leans on a sentence it is not part of,
  // and a clause that opens on its verb ("Demanded the vote be held sooner") has lost its subject.
  if (terms[0]?.tags.has('Gerund') || opensOnVerb(terms[0])) return false;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    if (!term.tags.has('Verb') || !hasAny(term, FINITE) || term.tags.has('Gerund')) continue;
    // The tagger reads a noun's possessive as "is" ("California's refining capacity"); news prose
    // seldom contracts "is" after a noun ("it's", "that's" are pronouns).
    if (term.text === '' && isPossessive(terms[i - 1])) continue;
    let before = i - 1;
    while (before >= 0 && hasAny(terms[before]!, BETWEEN)) before--;
    // A participle is finite only with its auxiliary ("was imposed", "had written"); so is one of
    // the verbs news uses as a participle before a preposition ("a provision aimed squarely at…").
    const auxiliary = terms.slice(before + 1, i).some((helper) => helper.tags.has('Verb'));
    if (!auxiliary && (hasAny(term, PARTICIPLE) || reducedRelative(terms, i))) continue;
    const subject = terms[before];
    if (subject && hasAny(subject, SUBJECT) && !RELATIVE.test(subject.normal ?? subject.text)) return true;
  }
  return false;
}

/** A noun with "'s": its possessive, whatever the tagger made of it. */
const isPossessive = (term: TaggedTerm | undefined) =>
  term !== undefined && /\p{L}['’]s$/iu.test(term.text) && term.tags.has('Noun') && !term.tags.has('Pronoun');

/** Words before "one" that make it a pronoun: it is what they act on, go with or describe. */
const BEFORE_PRONOUN_ONE = ['Verb', 'Preposition', 'Adjective', 'Determiner', 'Adverb'];

/**
 * "one" or "ones" for a noun said before, ending its phrase or the subject of a verb ("will not
 * need one", "when the new one opens"): not a label ("phase one") nor a count ("one of", "one official").
 */
function standsForANoun(terms: readonly TaggedTerm[], i: number): boolean {
  if (!/^ones?$/i.test(terms[i]!.text)) return false;
  const next = terms[i + 1];
  const endsPhrase = next === undefined || /[,.;:!?]/.test(terms[i]!.post);
  if (!endsPhrase && !(next.tags.has('Verb') && !next.tags.has('Noun'))) return false;
  const before = terms[i - 1]!;
  if (/\S/.test(before.post) || before.tags.has('Copula') || hasAny(before, ['Noun', 'Value'])) return false;
  return hasAny(before, BEFORE_PRONOUN_ONE);
}

/** Verbs that "that" after them opens a clause for ("show that in 2020 …", "said that on Monday …"). */
const TAKES_A_CLAUSE =
  /^(say|said|says|tell|told|show|shows|showed|prove|argue|claim|believe|know|think|find|found|note|add|warn|ensure|suggest|mean|hope|expect|confirm|report|announce|decide|agree|insist|fear|predict|estimate|admit|indicate|learn|see|hear|explain|assume|feel|promise|stress|conclude|determine|reveal|so)$/i;

/**
 * "that" standing for a thing said before, as the object of a verb ("will try to stop that in
 * federal court", "we cannot afford that."): the verb's base form before it, then a preposition or
 * the phrase's end. Not "that" opening a clause after a verb of saying or knowing.
 */
function thatStandsForAThing(terms: readonly TaggedTerm[], i: number): boolean {
  if (!/^that$/i.test(terms[i]!.text)) return false;
  const before = terms[i - 1]!;
  const next = terms[i + 1];
  if (/\S/.test(before.post) || !before.tags.has('Infinitive') || TAKES_A_CLAUSE.test(before.text)) return false;
  return next === undefined || /[,.;:!?]/.test(terms[i]!.post) || next.tags.has('Preposition');
}

/**
 * Whether `sentence` tells its reader what to do: it opens on a verb's bare form with no subject,
 * then a particle, a preposition, an article or "not" ("Watch out for emails pretending to come
 * from the bank", "Do not click links…"). A noun the tagger could read as a verb goes on to its
 * own ("Stop signs were stolen", "Drink sales rose").
 */
export function opensOnACommand(sentence: string): boolean {
  const terms = tagged(sentence);
  const [first, second, third] = terms;
  if (!first || !second) return false;
  if (/^(do|don't|don’t)$/i.test(first.text)) return second.tags.has('Negative') || /n['’]t$/i.test(first.text) ? Boolean(third?.tags.has('Verb')) : false;
  if (!first.tags.has('Verb') || !hasAny(first, ['Infinitive', 'Imperative']) || hasAny(first, ['Noun', 'PastTense', 'Modal', 'Auxiliary'])) return false;
  if (!hasAny(second, ['Particle', 'Preposition', 'Determiner', 'Negative'])) return false;
  // A verb of the clause's own after it makes the first word its subject: "Support for the party doubled".
  for (const term of terms.slice(1)) {
    if (/[,;:]/.test(term.post) || RELATIVE.test(term.text) || /^(until|when|if|because|after|before|while|as|unless)$/i.test(term.text)) break;
    // A past or "is"/"are" (a plural noun often reads to the tagger as a present: "messages").
    if (term.tags.has('Verb') && (term.tags.has('Copula') || (term.tags.has('PastTense') && !term.tags.has('Participle')))) return false;
  }
  return true;
}

/** Adverbs of habit: "are usually described", "typically cost". */
const HABIT = /^(usually|typically|generally|often|commonly|normally|rarely|seldom|always|traditionally)$/i;
/** What anchors a sentence to an event: a time, a name, a past or a future (and a number, below). */
const EPISODIC = ['Date', 'ProperNoun', 'Pronoun', 'Possessive', 'Modal'];

/**
 * A quick test before tagging: a general truth has "is", "are" or a verb of habit, no figure, no
 * name (a capital inside the sentence; an acronym may be there) and no definite subject.
 */
const MAY_BE_GENERAL =
  /^(?!(the|this|that|these|those|his|her|its|their|our)\b)[^\d]*\b(is|are|usually|typically|generally|often|commonly|normally|rarely|seldom|always|traditionally)\b[^\d]*$/i;
const NAMED_INSIDE = /\s[A-Z][a-z]/;

/** Whether the words after "is"/"are" (past a parenthesis between commas, and adverbs) are a noun phrase: "is, at bottom, a machine". */
function predicateNoun(rest: readonly TaggedTerm[]): boolean {
  let at = 1;
  if (/,/.test(rest[0]!.post)) {
    while (at < rest.length && !/,/.test(rest[at]!.post)) at++;
    at++;
  }
  while (rest[at]?.tags.has('Adverb')) at++;
  if (/^(a|an)$/i.test(rest[at]?.text ?? '')) return true;
  while (rest[at]?.tags.has('Adjective') && !rest[at]!.tags.has('Noun')) at++;
  return rest[at]?.tags.has('Noun') ?? false;
}

/**
 * Whether `sentence` states a general truth rather than news: a generic subject (a bare plural, or
 * "a"/"an" and a noun) that "is" or "are" a kind of thing, or does something by habit, with nothing
 * tying it to a time, a number, a name or a past ("A modern accelerator is, at bottom, a machine
 * for multiplying numbers", "Armored dinosaurs are usually described as coffee tables"). Features
 * open on such a sentence to set the scene; it tells no fact of the story. "Hospitals are full"
 * and "Ferries are cancelled" are news: a state or an event, not a kind.
 */
export function statesAGeneralTruth(sentence: string): boolean {
  if (!MAY_BE_GENERAL.test(sentence) || NAMED_INSIDE.test(sentence)) return false;
  const terms = tagged(sentence.split(/[:;]/)[0]!);
  const verb = terms.findIndex((term) => term.tags.has('Verb'));
  if (verb < 1 || terms.some((term) => hasAny(term, EPISODIC) || (term.tags.has('Value') && !term.tags.has('Ordinal')))) return false;
  const subject = terms.slice(0, verb);
  const indefinite = /^(a|an)$/i.test(subject[0]!.text);
  if (!indefinite && subject[0]!.tags.has('Determiner')) return false;
  if (subject.some((term) => /^(this|that|these|those|here|there)$/i.test(term.text))) return false;
  const head = subject.findLast((term) => term.tags.has('Noun'));
  if (!head || (!indefinite && !hasAny(head, ['Plural', 'Uncountable']))) return false;
  const rest = terms.slice(verb);
  const main = rest[0]!;
  const complement = rest.slice(1).find((term) => !term.tags.has('Adverb'));
  // Past tenses other than a passive's participle ("are usually described") tie it to an event.
  const passive = main.tags.has('Copula') && complement !== undefined && hasAny(complement, ['PastTense', 'Participle', 'Passive']);
  if (rest.some((term) => term.tags.has('PastTense') && !(passive && term === complement))) return false;
  const present = main.tags.has('Copula') ? /^(is|are)$/i.test(main.text) : main.tags.has('PresentTense');
  if (!present || main.tags.has('Gerund') || complement?.tags.has('Gerund')) return false;
  if (rest.some((term) => HABIT.test(term.text)) || HABIT.test(terms[verb - 1]?.text ?? '')) return true;
  return main.tags.has('Copula') && !passive && predicateNoun(rest);
}

/** What pointedAt returns for a thing the sentence points at without naming it ("need one", "that time"). */
export const SAID_BEFORE = 'said before';

/** A quick test before tagging (most sentences have no determiner that could point back): the shapes below. */
const MAY_POINT =
  /\b(this|these|those)\s+\p{L}|\bthat(\s+\p{L}+)?[,.;:!?]|\w\s+that\s+(in|at|on|to|by|for|with|from|before|after|until)\b|\b(of|from|at|on|in|into|to|with|for|near|under|over|across|beyond|inside|toward|towards)\s+that\s+[\p{L}\p{N}]|^\W*that\s+\p{L}|\bthat\s+(same|very|something|someone|somebody)\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|tonight)\s+that\s+\p{L}|\bones?\b|\bthe (other|latter)\b/iu;
/** Prepositions after which "that" is a determiner, never a clause's conjunction ("out of that cutbank for years"); so is "that same" and "that very". */
const BEFORE_DETERMINER_THAT = /^(of|from|at|on|in|into|to|with|for|near|under|over|across|beyond|inside|toward|towards)$/i;
/**
 * A question word standing for a question asked before, as a subject: "…decided that how quickly
 * is a matter of national security", "Why is anyone's guess".
 */
const ASKED_BEFORE = /(?:^|\bthat\s+)(?:how(?:\s+(?:much|many|long|far|quickly|fast|soon|often))?|why|where|when)\s+(?:is|was|are|were|remains|remained)\b/i;
/** "The other" thing, "the latter": one of things said before ("pulled the other lever"); not "on the other hand", "the other side". */
const THE_OTHER = /\bthe (?:latter\b|other\s+(?!(?:hand|side|sides|way|day|night|week|end)\b)\p{L})/iu;
/** Times "this" names without pointing back ("this morning"); "that" and "those" point back at one said before ("for most of that time"). */
const TIME_NOUN =
  /^(mornings?|afternoons?|evenings?|nights?|times?|days?|weeks?|weekends?|months?|years?|decades?|quarters?|seasons?|springs?|summers?|falls?|autumns?|winters?)$/;
/** Words between a pointing determiner and its noun ("these new rules"). */
const MODIFIER = ['Adjective', 'Adverb', 'Value'];
/**
 * Whether term `at` describes the noun after it: a describing word, or a number and a word joined
 * by a hyphen ("that 300-page report", whose "page" is a noun; "that 2,400-household survey").
 */
function modifies(terms: readonly TaggedTerm[], at: number): boolean {
  const term = terms[at]!;
  if (term.post === '-') return true;
  if (/\S/.test(term.post)) return false;
  const beforeNoun = terms[at + 1]?.tags.has('Noun') === true;
  return hasAny(term, MODIFIER) || (beforeNoun && (terms[at - 1]?.post === '-' || /^\d[\d,.]*-\p{L}/u.test(term.text)));
}
/** Nouns that are not a thing said before: a name, a date, a number, a possessive ("this week's"). */
const NOT_A_THING = ['Pronoun', 'ProperNoun', 'Date', 'Duration', 'Value', 'Possessive'];

/**
 * The things `sentence` points back at, as written: "this plan", "those targets", "these new
 * rules", and "that" with a noun that ends its phrase ("miss that deadline,"). Never a time
 * "this" names ("this week"), "this" or "that" standing alone ("this is"), nor "that" opening a
 * clause ("said that growth slowed", where the noun goes on to a verb). A reader of a compiled
 * article needs the thing said before: the sentence that introduced it may not be in the article.
 * Some are returned as SAID_BEFORE, since the sentence does not name what they stand for: a time
 * "that" or "those" points back at ("for most of that time,"), "one" ending its phrase after a
 * verb, a preposition or a describing word ("will not need one", "a new one"), "that" as a verb's
 * object ("stop that in court"), "the other" thing or "the latter" ("pulled the other lever"), and
 * a question word standing for a question ("that how quickly is a matter of security").
 */
export function pointedAt(sentence: string): string[] {
  if (!MAY_POINT.test(sentence)) return ASKED_BEFORE.test(sentence) ? [SAID_BEFORE] : [];
  const terms = tagged(sentence);
  const found: string[] = [];
  for (let i = 0; i < terms.length; i++) {
    const word = terms[i]!.text.toLowerCase();
    if (word !== 'this' && word !== 'these' && word !== 'those' && word !== 'that') continue;
    if (/\S/.test(terms[i]!.post)) continue;
    // "On Monday that silence ended": "that" after an opening phrase with no verb is no clause's.
    const opening = i > 0 && terms[i - 1]!.tags.has('Date') && !terms.slice(0, i).some((term) => term.tags.has('Verb'));
    // A describing word as the thing itself, before the verb: "That quiet ended on Monday."
    const describedThing = (i === 0 || opening) && terms[i + 1]?.tags.has('Adjective') === true && terms[i + 2]?.tags.has('Verb') === true;
    let at = i + 1;
    while (!describedThing && at < terms.length && at - i <= 2 && modifies(terms, at)) at++;
    const noun = terms[at];
    if (!noun?.tags.has('Noun') && !describedThing) continue;
    if (noun === undefined) continue;
    // "that something has a name": a thing said before, which the sentence does not name.
    if (at === i + 1 && /^(something|someone|somebody)$/i.test(noun.text)) {
      found.push(SAID_BEFORE);
      continue;
    }
    // "that" opens a clause as often as it points ("said that funding for schools ends"): only a noun
    // that ends its phrase is pointed at, or one after a preposition or "that same".
    // A sentence never opens on the "that" of a clause ("That scene matches what…").
    const determiner = i === 0 || opening || (i > 0 && BEFORE_DETERMINER_THAT.test(terms[i - 1]!.text)) || /^(same|very)$/i.test(terms[i + 1]?.text ?? '');
    if (word === 'that' && ((at !== i + 1 && !determiner) || noun.tags.has('Plural') || !(determiner || /[,.;:!?]/.test(noun.post)))) continue;
    const time = TIME_NOUN.test(noun.text.toLowerCase());
    if (time && (word === 'that' || word === 'those') && !noun.tags.has('Possessive')) found.push(SAID_BEFORE);
    if (time || hasAny(noun, NOT_A_THING)) continue;
    found.push(noun.text.toLowerCase().replace(/[^\p{L}-]/gu, ''));
  }
  for (let i = 1; i < terms.length; i++) if (standsForANoun(terms, i) || thatStandsForAThing(terms, i)) found.push(SAID_BEFORE);
  if (THE_OTHER.test(sentence) || ASKED_BEFORE.test(sentence)) found.push(SAID_BEFORE);
  return found;
}

/**
 * `clause` with a perfect tense told in the simple past: "inflation had fallen" → "inflation fell"
 * (reported speech shifts a past back), "hospitals have cut" → "hospitals cut". "Been" is left as
 * it is: "has been" is "was" or "were" by its subject.
 */
export function simplePast(clause: string): string {
  if (!/\b(?:has|have|had)\s/i.test(clause)) return clause;
  type Verb = { verb?: { auxiliary?: string; root?: string; infinitive?: string } };
  let text = clause;
  for (const { verb } of parser()(clause).verbs().json() as Verb[]) {
    const auxiliary = verb?.auxiliary?.toLowerCase();
    // One word: "had to choose" is no "chose".
    if (!verb?.root || !/^\p{L}+$/u.test(verb.root) || !verb.infinitive || !auxiliary || !/^(has|have|had)$/.test(auxiliary)) continue;
    const [forms] = parser()(verb.infinitive).verbs().conjugate() as { PastTense?: string }[];
    if (!forms?.PastTense || verb.root === 'been') continue;
    text = text.replace(new RegExp(`\\b${auxiliary}\\s+((?:\\p{L}+ly\\s+)*)${verb.root}\\b`, 'iu'), `$1${forms.PastTense}`);
  }
  return text;
}

/** A time that keeps a clause in the past: "lived 78 million years ago" is no "lives". */
const PAST_TIME = /\b(ago|yesterday|earlier|previously|formerly|once|last (?:night|week|month|year|\p{L}+day)|in (?:1[89]|20)\d\d)\b/iu;

/**
 * A clause in the simple past or the future, told as headlines and songs tell news ("Officials
 * reported minor injuries" → "Officials report minor injuries", "Medicare will cover" → "Medicare
 * is set to cover"): its first verb only, when its subject comes before it (not a relative
 * clause's, "restaurants that switched") and it has no other helper ("was closed"); null when there
 * is no such verb or the clause, or the sentence it was cut from (`sentence`), names a past time
 * ("began in January of last year").
 */
export function headlinePresent(clause: string, sentence = clause): string | null {
  if (PAST_TIME.test(clause) || PAST_TIME.test(sentence)) return null;
  const terms = tagged(clause);
  const i = terms.findIndex((term) => term.tags.has('Verb'));
  const verb = terms[i];
  // The future as news tells it: "Medicare will cover" → "Medicare is set to cover".
  if (verb && i > 0 && (verb.normal ?? verb.text.toLowerCase()) === 'will' && terms[i + 1]?.tags.has('Infinitive'))
    return clause.replace(/\bwill\s/i, subjectIsPlural(terms.slice(0, i)) ? 'are set to ' : 'is set to ');
  if (!verb || i === 0 || !verb.tags.has('PastTense') || hasAny(verb, ['Auxiliary', 'Copula', 'Modal', ...PARTICIPLE])) return null;
  if (terms.slice(0, i).some((term) => RELATIVE.test(term.normal ?? term.text)) || reducedRelative(terms, i)) return null;
  const [forms] = parser()(verb.normal ?? verb.text)
    .verbs()
    .conjugate() as { Infinitive?: string; PresentTense?: string }[];
  const present = subjectIsPlural(terms.slice(0, i)) ? forms?.Infinitive : forms?.PresentTense;
  if (!present || !/^\p{L}+$/u.test(present) || !/^\p{L}+$/u.test(verb.text)) return null;
  return clause.replace(new RegExp(`\\b${verb.text}\\b`), present);
}

/**
 * Whether a subject is plural, by its head: the last noun before any preposition ("Hospitals in
 * Lubbock" → hospitals), or two joined by "and" ("Cooks and restaurants", "The CDC and the FDA"),
 * except in a name ("The Food and Drug Administration").
 */
function subjectIsPlural(subject: readonly TaggedTerm[]): boolean {
  const preposition = subject.findIndex((term) => term.tags.has('Preposition'));
  const span = preposition < 0 ? subject : subject.slice(0, preposition);
  const head = span.findLast((term) => hasAny(term, SUBJECT));
  if (!head) return false;
  if (head.tags.has('Plural')) return true;
  // Two names joined, each with its article ("The CDC and the FDA"), are two; "and" inside one name is not.
  const and = span.findIndex((term) => (term.normal ?? term.text).toLowerCase() === 'and');
  return and >= 0 && (!head.tags.has('ProperNoun') || Boolean(span[and + 1]?.tags.has('Determiner')));
}

/**
 * Where `clause` may end early without cutting a phrase in two, after its first verb: before an
 * "and" that opens another verb's phrase ("fell to 2.6 percent | and was moving…"), before a
 * preposition ("lets ambulances go straight | to the hospital | with the shortest queue") and
 * before a relative clause ("contain proteins | that could show…") and before a participle
 * describing a noun, never after it ("cucumbers | shipped between…"), and before a gerund's phrase
 * ("more | starting in January"); as offsets into `clause`,
 * last first.
 */
export function phraseEnds(clause: string): { at: number; and: boolean }[] {
  const terms = tagged(clause);
  const verb = terms.findIndex((term) => term.tags.has('Verb'));
  const ends: { at: number; and: boolean }[] = [];
  let from = 0;
  terms.forEach((term, i) => {
    const found = term.text ? clause.indexOf(term.text, from) : -1;
    if (found >= 0) from = found + term.text.length;
    if (verb < 0 || i <= verb || found <= 0) return;
    const word = term.text.toLowerCase();
    const and = word === 'and' && Boolean(terms[i + 1]?.tags.has('Verb'));
    // A participle describing the noun before it goes with its phrase: "cucumbers | shipped between…".
    const participle = (at: number) =>
      at > verb && terms[at]!.tags.has('Verb') && hasAny(terms[at]!, ['PastTense', 'Participle']) && terms[at - 1]?.tags.has('Noun');
    if (participle(i - 1)) return;
    // A gerund opening a phrase of its own after the clause's object: "will cost 9 percent more | starting in January".
    const gerundPhrase = i > verb + 1 && term.tags.has('Gerund') && !terms[i - 1]!.tags.has('Verb');
    if (and || term.tags.has('Preposition') || RELATIVE.test(word) || participle(i) || gerundPhrase) ends.push({ at: found, and });
  });
  return ends.reverse();
}

/** Verbs of what was expected, whose past perfect says what people thought before the news. */
const EXPECTED = /^(feared|expected|predicted|forecast|anticipated|hoped|assumed|thought|believed|worried|guessed)$/i;
/** Where a clause ends: the punctuation after its last word. */
const CLAUSE_END = /[,;:—–()]/;

/**
 * `sentence` without what describes a thing in it: a relative clause with a subject of its own
 * ("the computing power that a data center may import", "the plan, which the council would fund,
 * passed") and what someone had expected before the news ("a cap analysts had feared the
 * Commission would test"). A modal there says what a thing is, or was once thought to be; one that
 * is the clause's own verb ("a move that could raise fares") is kept.
 */
export function withoutDescriptions(sentence: string): string {
  const terms = tagged(sentence);
  let text = '';
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const before = terms[i - 1];
    const next = terms[i + 1];
    const objectRelative =
      /^(that|which|whom)$/i.test(term.text) &&
      before?.tags.has('Noun') === true &&
      !hasAny(before, ['Date', 'Pronoun', 'Value']) &&
      next !== undefined &&
      !hasAny(next, ['Verb', 'Modal', 'Adverb', 'Auxiliary', 'Copula']);
    const expected = /^had$/i.test(term.text) && EXPECTED.test(terms[i + (next?.tags.has('Adverb') ? 2 : 1)]?.text ?? '');
    if (!objectRelative && !expected) {
      text += term.text + term.post;
      continue;
    }
    // To the end of the clause: the describing words go, the punctuation that closes them stays.
    while (i < terms.length - 1 && !CLAUSE_END.test(terms[i]!.post)) i++;
    text += terms[i]!.post.replace(/[^,;:—–()\s]/g, '');
  }
  return text;
}
