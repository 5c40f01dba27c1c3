// What a host's question calls a story ("Why does the bird flu story matter?"): a question that
// names what it asks about carries content; "Why does it matter?" alone does not.
import { tagged, type TaggedTerm } from '../generator/grammar.js';
import { writtenAsName, writtenInLowerCase } from '../../../shared/text/first-word.js';
import { TOPIC_PHRASES, type Story } from './stories.js';

/** Tags of a word that is a name, a figure or a person: no part of a common subject. */
const NAMED = ['ProperNoun', 'Acronym', 'Value', 'Person', 'Place', 'Organization'];
/** A common subject longer than this is a phrase, not a name for the story. */
const SUBJECT_WORDS = 3;
/** The countries headlines write as initialisms, which the tagger reads as bare acronyms. */
const COUNTRY_INITIALISM = /^(?:U\.S\.|U\.K\.|US|UK)$/;

/** A word without a possessive ("Indonesia's" → "Indonesia"). */
const withoutPossessive = (word: string) => word.replace(/['’]s$/u, '');
/** A headline word without the punctuation around it. */
const unpunctuated = (word: string) => word.replace(/^["“]+|[,:;.!?"”]+$/gu, '');
/** …nor a possessive. */
const bareWord = (word: string) => withoutPossessive(unpunctuated(word));

function isPlaceAlone(word: string): boolean {
  const [alone] = tagged(word);
  return alone?.tags.has('Place') === true && !alone.tags.has('Person');
}

/** A place where the headline's words are tagged, or a word that is a place by itself ("Texas grid operator…" tags Texas an actor). */
function isPlace(term: TaggedTerm): boolean {
  const word = withoutPossessive(term.text);
  return (term.tags.has('Place') && !term.tags.has('Person')) || COUNTRY_INITIALISM.test(word) || (/^\p{Lu}/u.test(word) && isPlaceAlone(word));
}

/**
 * The words before a headline's first verb, in lower case, when they are a common noun phrase
 * ("Bird flu confirmed in…" → "bird flu", "Central bank raises…" → "central bank"): nouns and
 * adjectives the story's sentences (`told`) write in lower case, no name among them ("Brightway
 * says…", "Congress passes…"); else null.
 */
function commonSubject(terms: readonly TaggedTerm[], told: readonly string[]): string | null {
  const verb = terms.findIndex((term) => term.tags.has('Verb'));
  // A place before the subject says where ("U.S. job growth", "Texas measles outbreak").
  let from = 0;
  while (from < verb - 1 && isPlace(terms[from]!)) from++;
  if (verb < 1 || verb - from > SUBJECT_WORDS) return null;
  const subject = terms.slice(from, verb);
  const common = (term: TaggedTerm) =>
    !NAMED.some((tag) => term.tags.has(tag)) && (term.tags.has('Noun') || term.tags.has('Adjective')) && !term.tags.has('Pronoun') && !term.post.trim();
  if (!subject.every(common) || !subject.at(-1)!.tags.has('Noun')) return null;
  // A word the headline itself writes in lower case is common; a capitalised one, if the story's sentences write it so.
  if (!subject.every((term) => term.text === term.text.toLowerCase() || writtenInLowerCase(term.text, told))) return null;
  return subject.map((term) => term.text.toLowerCase()).join(' ');
}

/**
 * What a host's question calls a story: its headline's subject when that is a common noun phrase
 * (as its sentences write it; a place before it says where: "Texas grid operator…") and the
 * headline's names are only places and dates ("Bird flu confirmed in dairy herds in Nebraska,
 * Wyoming": the bird flu story, not the Nebraska story; a name after a semicolon is another fact's
 * and does not count); else its headline's longest name ("Port Linden", "WHO"; a month is none),
 * else the story's topic.
 */
export function storyName(story: Pick<Story, 'title' | 'topic' | 'sourceSentences'>): string {
  // Punctuation around words goes, not the points of an initialism ("U.S.", spoken as written); a
  // comma or colon ends a name ("Nebraska, Wyoming" are two).
  const raw = story.title.split(/\s+/).filter(Boolean);
  const words = raw.map((word) => (/^(?:\p{Lu}\.){2,}$|^No\.$/u.test(word) ? word : unpunctuated(word)));
  const endsName = raw.map((word) => /[,:;!?]["”]?$/.test(word));
  // A number goes on a name after "No." ("Red No. 3").
  const inName = (j: number) => /^\p{Lu}[\p{L}'’.-]*$/u.test(words[j]!) || (/^\d+$/.test(words[j]!) && words[j - 1] === 'No.');
  const terms = tagged(story.title);
  // A month or a day says when: no name for a story ("…snap election set for February").
  const dates = new Set(terms.filter((term) => term.tags.has('Date')).map((term) => bareWord(term.text)));
  // The headline's first word, when it is an adjective before a place ("Former Ohio officer…"; not
  // "Federal Reserve", nor "Northern Ireland", a place itself).
  const placeWords = new Set(terms.filter(isPlace).map((term) => bareWord(term.text)));
  const head = terms[0];
  const opensOnAdjective = head?.tags.has('Adjective') === true && !head.tags.has('ProperNoun') && !isPlace(head);
  let best: string[] = [];
  const names: string[][] = [];
  for (let i = 0; i < words.length; i++) {
    let run: string[] = [];
    // A name is a run of capitalised words (or acronyms); a possessive ends it ("Spain’s harvest").
    for (let j = i; j < words.length && inName(j); j++) {
      const word = withoutPossessive(words[j]!);
      run.push(word);
      if (endsName[j] || word !== words[j]) break;
    }
    if (i === 0 && opensOnAdjective && run.length > 1 && run.slice(1).every((word) => placeWords.has(word))) run = run.slice(1);
    // The headline's first word counts only as part of a longer run, or when the story's sentences
    // write it as a name ("Brightway says hackers…").
    const alone = i === 0 && run.length === 1 && !/^(?:\p{Lu}\.?){2,}$/u.test(run[0]!) && !writtenAsName(run[0]!, story.sourceSentences ?? []);
    const usable = alone || run.every((word) => dates.has(word)) ? [] : run;
    // Each whole name once, not its tails too.
    if (usable.length > 0 && (i === 0 || !inName(i - 1) || endsName[i - 1])) names.push(usable);
    if (usable.length > best.length) best = usable;
  }
  const subject = commonSubject(terms, story.sourceSentences ?? []);
  if (subject) {
    // A date ("in October") says when, as a place says where.
    const places = new Set([...placeWords, ...dates]);
    // A headline's clause after a semicolon tells a second fact ("Cocoa settles at record;
    // Halloway to lift bar prices"): its names do not name the story its first clause is about.
    const secondClause = new Set(raw.slice(raw.findIndex((word) => word.endsWith(';')) + 1 || raw.length).map(bareWord));
    const firstClauseNames = names.filter((name) => !secondClause.has(bareWord(name[0]!)));
    if (firstClauseNames.every((name) => name.some((word) => places.has(bareWord(word))))) return `the ${subject} story`;
  }
  return best.length ? `the ${best.join(' ')} story` : `this ${TOPIC_PHRASES[story.topic]} story`;
}
