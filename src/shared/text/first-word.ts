// A source's sentence set after words of ours ("Also worth knowing: management is…", "Analysts say
// coffee prices…") keeps its first word's capital only when that word is a name. Whether it is, the
// sources say: a word they write in lower case inside their sentences, and never with a capital
// there, is a common word ("Management", "Coffee"); "Apple" or "Brightway" keep theirs.
import { escapeRegExp } from './regexp.js';

/** Words that are never a name at a sentence's head. */
const FUNCTION_WORD = /^(The|A|An|This|That|These|Those|It|Its|Their|In|On|At|For|From|By|During|With|After|Before|About|Some|Many|Most|More)$/;
/** Where any word takes a capital: a sentence's or a quotation's head, after a colon or a dash. */
const HEAD = /(?:^|[.!?:;“"(—–]\s*)$/;

/** Whether `told` writes `word` in lower case inside a sentence and never capitalised there. */
function writtenInLowerCase(word: string, told: readonly string[]): boolean {
  // A possessive is the word too ("Denmark's"); a longer word ("Managements", "don't") is not.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}'’-])(?:${escapeRegExp(word)}|${escapeRegExp(word.toLowerCase())})(?=['’]s\\b|[^\\p{L}\\p{N}'’-]|$)`, 'gu');
  let lowered = 0;
  for (const sentence of told) {
    for (const match of sentence.matchAll(pattern)) {
      if (HEAD.test(sentence.slice(0, match.index))) continue;
      if (match[0] === word) return false;
      lowered++;
    }
  }
  return lowered > 0;
}

/**
 * `sentence` with its first word in lower case, to follow words of ours: a function word always
 * ("The council…"), another word when `told` (the story's sentences) writes it so; never a name,
 * an initialism ("NASA") or a figure.
 */
export function lowerFirstWord(sentence: string, told: readonly string[] = []): string {
  const word = /^\p{Lu}\p{Ll}+(?![\p{L}\p{N}])/u.exec(sentence)?.[0];
  if (!word || !(FUNCTION_WORD.test(word) || writtenInLowerCase(word, told))) return sentence;
  return sentence[0]!.toLowerCase() + sentence.slice(1);
}
