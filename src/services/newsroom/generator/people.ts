// People introduced before they are called by surname. A source names someone in full once
// ("company spokeswoman Dana Kowalczyk") and by surname after ("a job Kowalczyk described as
// grueling"); a writer that keeps the later sentence and not the first leaves the reader asking
// who Kowalczyk is. The first mention by surname alone takes the name, and the role, the sources
// introduced the person by; a quotation is never changed. A person named in full again later is
// called by surname there, as a writer would ("Governor Elena Brandt … Brandt said").
import { isRole, peopleIn, readsAsPlace, type NamedPerson } from './person-names.js';
import { escapeRegExp } from '../../../shared/text/regexp.js';

/** A capitalised word standing alone: not part of a longer name ("Port Linden", "Dr. Okafor", "Powell Industries"). */
const CAPITALISED_ALONE = /(?<![\p{L}\p{N}'’-])(?<!\p{Lu}[\p{L}'’.-]*\s)\p{Lu}[\p{L}'’-]*\p{Ll}[\p{L}'’-]*(?![\p{L}-])(?!\s+\p{Lu})/gu;
/** The capitalised words `text` uses alone, a possessive's "’s" left off, with where each starts. */
const wordsAlone = (text: string) => [...text.matchAll(CAPITALISED_ALONE)].map((match) => ({ word: match[0].replace(/['’]s$/, ''), at: match.index }));

/** The text before a word ends on "the". */
const AFTER_THE = /(?:^|[^\p{L}])the\s+$/iu;

/** Quoted spans, straight or curly: a speaker's words are theirs. */
const QUOTED = /“[^”]*”?|"[^"]*"?/g;

const quotedSpans = (text: string) => [...text.matchAll(QUOTED)].map((m) => [m.index, m.index + m[0].length] as const);

/**
 * The people `sources` introduce with a first name, by surname (null where two people share one),
 * for the surnames among `surnames`: only sentences that may name one are tagged.
 */
function introductions(sources: readonly string[], surnames: ReadonlySet<string>, lowerCase: ReadonlySet<string>): Map<string, NamedPerson | null> {
  const people = new Map<string, NamedPerson | null>();
  if (surnames.size === 0) return people;
  const naming = new RegExp(`\\p{Lu}[\\p{L}'’.-]*\\s+(?:\\p{Lu}\\.\\s+)?(?:${[...surnames].map(escapeRegExp).join('|')})(?![\\p{L}])`, 'u');
  for (const sentence of sources) {
    if (!naming.test(sentence)) continue;
    // A first name the tagger reads as a place ("Odessa Whitlow"): a capitalised word the sources
    // never write in lower case and that names no role.
    for (const person of peopleIn(sentence, { surnames, given: (word) => !lowerCase.has(word.toLowerCase()) && !isRole(word) })) {
      if (!surnames.has(person.surname)) continue;
      const known = people.get(person.surname);
      if (known === undefined) people.set(person.surname, person);
      else if (known !== null && known.fullName !== person.fullName) people.set(person.surname, null);
      // The same person: the introduction that says who they are wins.
      else if (known && !known.role && !known.appositive && (person.role || person.appositive)) people.set(person.surname, person);
    }
  }
  return people;
}

/** How a person is first named where `sentence` called them `surname` at `at`. */
function introduced(person: NamedPerson, sentence: string, at: number): string {
  const rest = sentence.slice(at + person.surname.length);
  // "Ortiz said…" → "Janelle Ortiz, an economist at Iowa State University, said…"; never before a
  // possessive or a full stop, where the commas would not close.
  if (person.appositive && /^\s+\p{Ll}/u.test(rest)) return `${person.name}, ${person.appositive},`;
  const named = person.role ? `${person.role} ${person.name}` : person.name;
  return at === 0 ? named[0]!.toUpperCase() + named.slice(1) : named;
}

/**
 * A function that, called with an article's sentences in reading order, names each person in full
 * at their first mention: by the sentence's own full name, else by the sources' introduction where
 * the sentence calls them by surname alone.
 */
export function peopleIntroducer(chosen: readonly string[], sources: readonly string[]): (sentence: string) => string {
  // The words a kept sentence may call someone by: capitalised, alone, and never written in lower
  // case by the sources ("The", "Federal", "Storm" are no surnames). Only the sources' sentences
  // that may introduce one of them are tagged.
  const lowerCase = new Set<string>();
  for (const sentence of sources) for (const match of sentence.matchAll(/(?<![\p{L}'’-])\p{Ll}[\p{L}'’-]*/gu)) lowerCase.add(match[0]);
  const surnames = new Set<string>();
  for (const sentence of chosen) for (const { word } of wordsAlone(sentence)) if (!lowerCase.has(word.toLowerCase())) surnames.add(word);
  const people = introductions(sources, surnames, lowerCase);
  const named = new Set<string>();
  return (sentence) => {
    let text = sentence;
    for (const [surname, person] of people) {
      if (!person || named.has(surname)) continue;
      const given = person.fullName.split(' ')[0]!;
      if (new RegExp(`(?<![\\p{L}])${escapeRegExp(given)}\\s+(?:\\p{Lu}\\.\\s+)?${escapeRegExp(surname)}(?![\\p{L}])`, 'u').test(text)) {
        named.add(surname);
        continue;
      }
      // Alone: not part of a longer name ("Powell Industries", "Dr. Okafor"), not in a quotation,
      // not the place the surname also names.
      const quotes = quotedSpans(text);
      for (const { word, at } of wordsAlone(text)) {
        if (word !== surname || quotes.some(([start, end]) => at >= start && at < end)) continue;
        // After "the" a capitalised word names an institution or a thing ("the House"), never a
        // person by surname: not the "White House" a source names.
        if (AFTER_THE.test(text.slice(0, at))) continue;
        // A surname that is also a place's name, used here as the place: "lawmakers in Washington".
        if (readsAsPlace(text, surname)) break;
        text = text.slice(0, at) + introduced(person, text, at) + text.slice(at + surname.length);
        named.add(surname);
        break;
      }
    }
    return text;
  };
}

/** A word before a role that makes the surname alone read wrong ("the Brandt", "the company’s Kowalczyk"). */
const BOUND_BEFORE = /(?:^|\s)(?:the|a|an|its|their|his|her|our|[\p{L}-]+['’]s)\s+$/iu;

/**
 * A function that, called with sentences in reading order, calls a person named in full in an
 * earlier sentence by their surname alone, their role and description dropped with the name
 * ("Governor Elena Brandt signed…" then "Brandt said…"). Two people sharing a surname keep their
 * full names; a quotation is left as spoken.
 */
export function laterMentionsBySurname(): (sentence: string) => string {
  // Surname → the person named first by it and every role said before their name (null: two
  // people share it). The tagger finds a role beside some mentions and not others.
  const named = new Map<string, { fullName: string; roles: Set<string> } | null>();
  const shorten = (sentence: string) => {
    let text = sentence;
    // Those this sentence names first are known from the next one on.
    const first = new Map<string, { fullName: string; roles: Set<string> } | null>();
    for (const person of peopleIn(sentence)) {
      const known = named.get(person.surname);
      if (known === undefined) {
        const here = first.get(person.surname);
        if (here === undefined) first.set(person.surname, { fullName: person.fullName, roles: new Set(person.role ? [person.role] : []) });
        else if (here && here.fullName !== person.fullName) first.set(person.surname, null);
      } else if (known === null) continue;
      else if (known.fullName !== person.fullName) named.set(person.surname, null);
      else {
        if (person.role) known.roles.add(person.role);
        text = bySurname(text, person, known.roles);
      }
    }
    for (const [surname, person] of first) named.set(surname, person);
    return text;
  };
  // Tagging is the cost: a sentence is tagged only once one after it repeats two capitalised words
  // of it that name a person ("Port Linden" is said again in every article), and then the ones
  // before it are, in order.
  const untagged: string[] = [];
  const pairs = new Set<string>();
  const person = new Map<string, boolean>();
  const namesPerson = (pair: string) => {
    let known = person.get(pair);
    if (known === undefined) person.set(pair, (known = peopleIn(pair).length > 0));
    return known;
  };
  return (sentence) => {
    const mine = capitalisedPairs(sentence);
    if (mine.length === 0) return sentence;
    const repeats = mine.some((pair) => pairs.has(pair) && namesPerson(pair));
    for (const pair of mine) pairs.add(pair);
    if (!repeats) {
      untagged.push(sentence);
      return sentence;
    }
    for (const earlier of untagged.splice(0)) shorten(earlier);
    return shorten(sentence);
  };
}

/** Two capitalised words running ("Elena Brandt", "Governor Elena"), overlapping. */
const CAPITALISED_PAIR = /(?<![\p{L}'’-])(?=(\p{Lu}\p{Ll}[\p{L}'’-]*\s+\p{Lu}\p{Ll}[\p{L}'’-]*))/gu;
const capitalisedPairs = (sentence: string) => [...sentence.matchAll(CAPITALISED_PAIR)].map((match) => match[1]!.replace(/\s+/g, ' '));

/** `text` with the mention of `person` (a role said before it, name and description) shortened to the surname. */
function bySurname(text: string, person: NamedPerson, roles: ReadonlySet<string>): string {
  const quotes = quotedSpans(text);
  const role = [...roles].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const mention = new RegExp(
    `${role.length ? `(?:(?:${role.join('|')})\\s+)?` : ''}${escapeRegExp(person.name)}(?![\\p{L}])${
      person.appositive ? `(?:,\\s*${escapeRegExp(person.appositive)}(?:,(?=\\s))?)?` : ''
    }`,
    'giu',
  );
  for (const match of text.matchAll(mention)) {
    if (quotes.some(([start, end]) => match.index >= start && match.index < end)) continue;
    const before = text.slice(0, match.index);
    // A capitalised word before the name, not the sentence's first, may be a title the tagger did
    // not take as this mention's role ("said Senator Patty Hale"): the name is left whole.
    const wordBefore = /(\S+)\s+$/.exec(before)?.[1];
    const titleBefore = wordBefore !== undefined && /^\p{Lu}\p{Ll}*$/u.test(wordBefore) && before.trim() !== wordBefore;
    if (BOUND_BEFORE.test(before) || titleBefore) return text;
    return before + person.surname + text.slice(match.index + match[0].length);
  }
  return text;
}

/**
 * `items` in their order, except that one calling someone by a single word of their name ("Patrice's
 * reaction: …", "Voss said…") comes after a later item that names them in full ("Grandmother
 * Patrice Lowell, 67, got the email…"): a reader meets a person by name before by first name. A
 * word `known` holds (the headline's and the lead's) needs no introduction.
 */
export function introductionsFirst<T>(items: readonly T[], textOf: (item: T) => string, known: string): T[] {
  const parts = items.map((item) => new Set(wordsAlone(textOf(item)).map(({ word }) => word)));
  const wanted = new Set(parts.flatMap((words) => [...words]));
  for (const { word } of wordsAlone(known)) wanted.delete(word);
  for (const word of known.match(/\p{Lu}[\p{L}'’-]*/gu) ?? []) wanted.delete(word);
  if (wanted.size === 0) return [...items];
  // Where each word is first used alone: only a later item's full name can move an item.
  const firstAlone = new Map<string, number>();
  parts.forEach((words, i) => {
    for (const word of words) if (!firstAlone.has(word)) firstAlone.set(word, i);
  });
  // Word of a name → the first item naming that person in full after it is used alone (tagging is
  // the cost: only an item with a pair of capitalised words holding such a word is tagged).
  const introducer = new Map<string, number>();
  items.forEach((item, i) => {
    const text = textOf(item);
    const usedBefore = (word: string) => wanted.has(word) && firstAlone.get(word)! < i;
    if (!capitalisedPairs(text).some((pair) => pair.split(' ').some(usedBefore))) return;
    for (const person of peopleIn(text)) {
      const words = person.fullName.split(' ');
      for (const word of [words[0]!, person.surname]) if (usedBefore(word) && !introducer.has(word)) introducer.set(word, i);
    }
  });
  const order: T[] = [];
  const placed = new Set<number>();
  const place = (i: number) => {
    if (placed.has(i)) return;
    placed.add(i);
    for (const word of parts[i]!) {
      const j = introducer.get(word);
      if (j !== undefined && j > i) place(j);
    }
    order.push(items[i]!);
  };
  items.forEach((_, i) => place(i));
  return order;
}
