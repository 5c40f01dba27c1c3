// A subject that refers back by a definite noun: "The agency is leading the search" names the agency
// its source introduced a sentence or two before ("…, the national search and rescue agency said").
// A compiled article that keeps the sentence without its introduction leaves the reader asking which.
import { termSet } from './sentences.js';

/** "The" and one or two lower-case words opening a sentence: the subject's noun is one of them. */
const DEFINITE_SUBJECT = /^The\s+(\p{Ll}[\p{L}-]*)(?:\s+(\p{Ll}[\p{L}-]*))?/u;
/** How far back in its source a definite noun's introduction is looked for. */
const LOOK_BACK = 2;

/**
 * The terms of `sentence`'s definite subject ("The agency", "The new plant") that the sentences just
 * before it in its source (`before`, nearest last) use: what it refers back to. Empty for a subject
 * its source did not name just before ("The fire broke out…" opening a story), which stands alone.
 */
export function definiteBackReference(sentence: string, before: readonly string[]): string[] {
  if (before.length === 0) return [];
  const nouns = definiteSubjectTerms(sentence);
  if (nouns.length === 0) return [];
  const earlier = termSet(before.slice(-LOOK_BACK).join(' '));
  return nouns.filter((term) => earlier.has(term));
}

/** The terms of `sentence`'s definite subject ("The new pumps" → new, pump), or none. */
export function definiteSubjectTerms(sentence: string): string[] {
  const subject = DEFINITE_SUBJECT.exec(sentence);
  return subject ? [...termSet(subject.slice(1).filter(Boolean).join(' '))] : [];
}
