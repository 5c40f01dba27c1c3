// A subject that refers back by a definite noun: "The agency is leading the search" names the agency
// its source introduced a sentence or two before ("…, the national search and rescue agency said").
// A compiled article that keeps the sentence without its introduction leaves the reader asking which;
// one that prints "the sandwiches ran out" before its source's "ordered three hundred sandwiches"
// names a thing before bringing it in.
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

/** "the" and one or two lower-case words anywhere in a sentence: a thing named as already known. */
const DEFINITE_NOUN = /\bthe\s+(\p{Ll}[\p{L}-]*)(?:\s+(\p{Ll}[\p{L}'’-]*))?/gu;

/** A printed sentence, where its source has it. */
export interface PlacedSentence {
  text: string;
  terms: ReadonlySet<string>;
  sourceIndex: number;
  rawIndex: number;
}

/**
 * `chains` in their order, except that a chain naming a thing as known ("…and the sandwiches in
 * Aarhus ran out") comes after a later chain whose sentence, earlier in the same source, brought
 * that thing in ("volunteers had ordered three hundred open-faced sandwiches"): the reader meets a
 * thing before "the" thing. What `known` holds (the headline's and the lead's terms), or a chain
 * printed before says, needs no introduction; another source's sentence never moves a chain.
 */
export function introducedThingsFirst<T extends PlacedSentence>(chains: readonly T[][], known: ReadonlySet<string>): T[][] {
  // Per chain, each thing it names as known with the later chain that introduces it, if one does.
  const needs = chains.map((chain, i) =>
    chain.flatMap((sentence) => definiteThings(sentence.text).map((things) => ({ things, introducer: introducerOf(chains, i, sentence, things) }))),
  );
  const order: T[][] = [];
  const placed = new Set<number>();
  const said = new Set(known);
  const place = (i: number) => {
    if (placed.has(i)) return;
    placed.add(i);
    for (const { things, introducer } of needs[i]!) if (introducer !== undefined && !things.every((term) => said.has(term))) place(introducer);
    order.push(chains[i]!);
    for (const sentence of chains[i]!) for (const term of sentence.terms) said.add(term);
  };
  chains.forEach((_, i) => place(i));
  return order;
}

/** The terms of each definite noun phrase of `sentence` ("the treated group's scores" → treat, group). */
function definiteThings(sentence: string): string[][] {
  return [...sentence.matchAll(DEFINITE_NOUN)].map((match) => [...termSet(match.slice(1).filter(Boolean).join(' '))]).filter((things) => things.length > 0);
}

/** The first chain after `at` with a sentence of `mention`'s source, before it there, that holds every term of `things`. */
function introducerOf<T extends PlacedSentence>(chains: readonly T[][], at: number, mention: T, things: string[]): number | undefined {
  for (let j = at + 1; j < chains.length; j++) {
    const introduces = chains[j]!.some(
      (sentence) => sentence.sourceIndex === mention.sourceIndex && sentence.rawIndex < mention.rawIndex && things.every((term) => sentence.terms.has(term)),
    );
    if (introduces) return j;
  }
  return undefined;
}
