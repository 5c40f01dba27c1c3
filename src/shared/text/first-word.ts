// A source's sentence set after words of ours ("Also worth knowing: management is…", "Analysts say
// coffee prices…") keeps its first word's capital only when that word is a name. Whether it is, the
// sources say: a word they write in lower case inside their sentences, and never with a capital
// there, is a common word ("Management", "Coffee"); "Apple" or "Brightway" keep theirs.
import { escapeRegExp } from './regexp.js';

/** Words that are never a name at a sentence's head. */
const FUNCTION_WORD = /^(The|A|An|This|That|These|Those|It|Its|Their|In|On|At|For|From|By|During|With|After|Before|About|Some|Many|Most|More)$/;
/** Where any word takes a capital: a sentence's or a quotation's head, after a colon or a dash. */
const HEAD = /(?:^|[.!?:;“"(—–]\s*)$/;

/** A capitalised word just before or after a match: the match is one word of a longer name. */
const CAPITAL_BEFORE = /\p{Lu}[\p{L}'’.-]*\s+$/u;
const CAPITAL_AFTER = /^(?:['’]s)?\s+\p{Lu}/u;

/**
 * How `told` writes `word` inside its sentences: in lower case only, ever with its capital, or not
 * at all. A capital inside a longer name ("the International Cocoa Organization") says the name is
 * one; it makes the word a name only where the sources never write it in lower case.
 */
function howWritten(word: string, told: readonly string[]): 'lower' | 'capital' | 'unseen' {
  // A possessive is the word too ("Denmark's"); a longer word ("Managements", "don't") is not.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}'’-])(?:${escapeRegExp(word)}|${escapeRegExp(word.toLowerCase())})(?=['’]s\\b|[^\\p{L}\\p{N}'’-]|$)`, 'gu');
  let lowered = 0;
  let inNames = 0;
  for (const sentence of told) {
    for (const match of sentence.matchAll(pattern)) {
      const before = sentence.slice(0, match.index);
      if (HEAD.test(before)) continue;
      if (match[0] !== word) lowered++;
      else if (CAPITAL_BEFORE.test(before) || CAPITAL_AFTER.test(sentence.slice(match.index + word.length))) inNames++;
      else return 'capital';
    }
  }
  return lowered > 0 ? 'lower' : inNames > 0 ? 'capital' : 'unseen';
}

/** Whether `told` writes `word` as a name inside its sentences: with its capital on its own, or never but in names and with it ("Brightway", not "Bird"). */
export function writtenAsName(word: string, told: readonly string[]): boolean {
  return howWritten(word, told) === 'capital';
}

/** Whether `told` writes a capitalised `word` inside its sentences in lower case, and never with its capital there ("Bird", not "Brightway"). */
export function writtenInLowerCase(word: string, told: readonly string[]): boolean {
  return howWritten(word, told) === 'lower';
}

/**
 * `sentence` with its first word in lower case, to follow words of ours: a function word always
 * ("The council…", "A bottle…"), another word when `told` (the story's sentences) writes it so, or
 * writes it nowhere inside a sentence and `common` says it is a common word ("Management",
 * "Reviewers"); never a name, an initialism ("NASA") or a figure.
 */
export function lowerFirstWord(
  sentence: string,
  told: readonly string[] = [],
  common: (word: string) => boolean = () => false,
  /** Whether a word is an everyday word in lower case, wherever it stands (`common` may exclude places). */
  everyday: (word: string) => boolean = common,
): string {
  const word = /^\p{Lu}\p{Ll}*(?![\p{L}\p{N}])/u.exec(sentence)?.[0];
  if (!word || word === 'I') return sentence;
  // A name made of common words keeps its first word ("Sweet Ridge Confections"), whatever that
  // word is elsewhere; before a person's name or a place ("grandmother Patrice Lowell", "northern
  // Ohio") the word is still lowered as below.
  const next = /^\s+(\p{Lu}\p{Ll}+)\b/u.exec(sentence.slice(word.length))?.[1];
  if (next && !FUNCTION_WORD.test(word) && everyday(next)) return sentence;
  const written = FUNCTION_WORD.test(word) ? 'lower' : howWritten(word, told);
  if (written === 'capital' || (written === 'unseen' && !common(word))) return sentence;
  return sentence[0]!.toLowerCase() + sentence.slice(1);
}
