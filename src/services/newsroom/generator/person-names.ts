// Who a sentence names: people with a first and a last name, the role said before a name and the
// description set off after it, read with the tagger of grammar.ts.
import { escapeRegExp } from '../../../shared/text/regexp.js';
import { parser, tagged } from './grammar.js';

export interface NamedPerson {
  /** As the sentence names them, title included: "Dana Kowalczyk", "Sen. Marguerite Hale". */
  name: string;
  /** The name a later sentence calls them by: "Kowalczyk". */
  surname: string;
  /** First name to surname, without a title: "Marguerite Hale". */
  fullName: string;
  /** The role said before the name, when one is: "company spokeswoman". */
  role: string | null;
  /** The description set off after the name, when it names a role: "an economist at Iowa State University". */
  appositive: string | null;
}

/** Words that may describe a role before a name ("company", "chief", "health"). */
const ROLE_WORD = ['Noun', 'Adjective'];
const NOT_ROLE_WORD = ['Determiner', 'Preposition', 'Conjunction', 'Verb', 'Person', 'Value', 'Pronoun', 'Date', 'Place'];

type NameTerm = { text: string; tags: string[]; offset: { start: number } };

/** The role said before the name that starts at term `first` ("company spokeswoman"), or null. */
function roleBefore(terms: readonly NameTerm[], first: number): string | null {
  const roleWords: string[] = [];
  for (let i = first - 1; i >= 0 && roleWords.length < 3; i--) {
    const term = terms[i]!;
    const tags = new Set(term.tags);
    if (/[,;:"“”()]/.test(term.text) || !ROLE_WORD.some((tag) => tags.has(tag)) || NOT_ROLE_WORD.some((tag) => tags.has(tag))) break;
    // The sentence's first word is capitalised for the sentence, not for the role ("Health
    // director"); a title alone keeps its capital ("Governor Elena Brandt").
    const lower = i === 0 && roleWords.length > 0 && /^\p{Ll}/u.test(roleWords[0]!) && !tags.has('ProperNoun') && !tags.has('Acronym');
    roleWords.unshift(lower ? term.text.toLowerCase() : term.text);
  }
  // The words before a name are a role only when the one beside it names one.
  return roleWords.length > 0 && isRole(roleWords.at(-1)!) ? roleWords.join(' ') : null;
}

/** The description set off after a name that ends at `end`, when it names a role ("a retired teacher"). */
function appositiveAfter(sentence: string, end: number): string | null {
  const after = /^,?\s*,?\s+((?:a|an|the)\s+[^,;:"“”()]{3,80}?)(?:,\s|\.$)/i.exec(sentence.slice(end - 1));
  return after && after[1]!.split(/\s+/).length <= 10 && after[1]!.split(/\s+/).some(isRole) ? after[1]! : null;
}

/**
 * The people `sentence` names with a first and a last name, each with the role said before the
 * name ("according to company spokeswoman Dana Kowalczyk" → company spokeswoman). A surname among
 * `surnames` written after a capitalised word the tagger reads otherwise ("Odessa Whitlow", Odessa
 * a city to it) is a person too, when `given` allows that word as a first name.
 */
export function peopleIn(sentence: string, known?: { surnames: ReadonlySet<string>; given: (word: string) => boolean }): NamedPerson[] {
  const doc = parser()(sentence);
  const terms = (doc.json({ offset: true }) as { terms: NameTerm[] }[]).flatMap((part) => part.terms);
  const found: NamedPerson[] = [];
  type Match = { text: string; terms: NameTerm[]; offset: { start: number; length: number }; person?: { firstName?: string; lastName?: string } };
  for (const match of doc.people().json({ offset: true }) as Match[]) {
    if (!match.person?.firstName || !match.person.lastName || match.terms.length < 2) continue;
    const first = terms.findIndex((term) => term.offset.start === match.terms[0]!.offset.start);
    const name = match.text.trim().replace(/^["“]+|[,.;:"”’']+$/g, '');
    // From the name as written: the tagger splits "Lefèvre-Durand" in two.
    const words = name.split(/\s+/);
    const givenTerm = match.terms.find((term) => term.tags.includes('FirstName'));
    const given = givenTerm ? words.findIndex((word) => word.startsWith(givenTerm.text)) : 0;
    const fullName = words.slice(Math.max(0, given)).join(' ');
    const surname = words.at(-1)!.replace(/[^\p{L}'’-]/gu, '');
    found.push({ name, surname, fullName, role: roleBefore(terms, first), appositive: appositiveAfter(sentence, match.offset.start + match.offset.length) });
  }
  for (const surname of known?.surnames ?? []) {
    if (found.some((person) => person.surname === surname)) continue;
    // Not a firm's first word ("When Northgate Bancorp opened…"): the surname ends the name.
    const pair = new RegExp(`(?<![\\p{L}'’.-])(\\p{Lu}\\p{Ll}+)\\s+${escapeRegExp(surname)}(?![\\p{L}])(?!\\s+\\p{Lu})`, 'u').exec(sentence);
    if (!pair || !known!.given(pair[1]!)) continue;
    const first = terms.findIndex((term) => term.offset.start === pair.index);
    // A first name is a noun to the tagger, whatever kind: "When", "After" and "Only" are none.
    if (first < 0 || !terms[first]!.tags.includes('Noun')) continue;
    const name = `${pair[1]} ${surname}`;
    found.push({ name, surname, fullName: name, role: roleBefore(terms, first), appositive: appositiveAfter(sentence, pair.index + pair[0].length + 1) });
  }
  return found;
}

/** Whether `sentence` reads `word` as a place or an organisation, not a person ("lawmakers in Washington"). */
export function readsAsPlace(sentence: string, word: string): boolean {
  const term = tagged(sentence).find((candidate) => candidate.text === word);
  return term !== undefined && !term.tags.has('Person') && (term.tags.has('Place') || term.tags.has('Organization'));
}

/** Roles the tagger's lexicon does not mark as a person's ("spokeswoman", "official"). */
const ROLE_NOUNS =
  /^(spokes(wo)?(man|person)|official|executive|chief|chair(man|woman|person)?|commissioner|officer|head|founder|owner|leader|minister|governor|senator|representative|president|judge|sheriff|chancellor|ambassador|general|professor|coach)s?$/i;

/** Whether `word` names a person's role ("spokeswoman", "economist", "minister"). */
export function isRole(word: string): boolean {
  if (ROLE_NOUNS.test(word)) return true;
  const [term] = tagged(word);
  return term?.tags.has('Actor') ?? false;
}
