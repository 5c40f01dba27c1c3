// Whether two sentences of a story tell the same fact in other words ("Bullet trains halted" /
// "Shinkansen services were stopped"), by what they mean rather than the words they share: each
// sentence is the weighted mean of its words' GloVe vectors (scripts/training/build-fact-vectors.ts), with
// the story's own mean taken out — sentences of one story all talk about the story, so what is left
// is what each says of it. Two sentences retell one fact when what is left points the same way
// (cosine ≥ RETOLD_COSINE), unless their figures disagree, one says up where the other says down,
// or one denies what the other says.
import { readFileSync } from 'node:fs';
import { modelPath } from '../../../paths.js';
import { FUNCTION_WORDS, topicWords } from '../../reader/classify/words.js';
import { rankWeight } from '../../reader/classify/word-vectors.js';
import { lineIndex, type WordIndex } from '../../reader/classify/packed-numbers.js';
import { termSet } from './sentences.js';

export const FACT_VECTORS_FORMAT = 'newsctl-fact-vectors/1';

/**
 * Two meanings this close retell one fact; from RETOLD_COSINE up, only when the sentences also
 * share a tenth of their terms. Chosen on the local web's stories (each fact in two wordings, told
 * by several sources) and the ten-source harbor storm (test/fixtures/stories): facts told twice in
 * the written articles 10 → 3 of 38, none left out, and of the storm's 27 sentences the repeat of
 * one fact and two side facts close to others dropped (0.3 alone: 3 of 38, but 10 distinct storm
 * facts lost; 0.4 alone: 4 of 38 and 5 lost). Measured once on the held-out web: 11 → 6 of 81
 * facts told twice, none left out.
 */
const RETOLD_COSINE = 0.6;
const RETOLD_COSINE_WITH_TERMS = 0.3;
const RETOLD_TERMS = 0.1;
/** Smooth-inverse-frequency weighting: common words weigh little in a sentence's mean. */
const SMOOTHING = 1e-3;

interface FactVectors {
  dimensions: number;
  index: WordIndex;
  vectors: Float32Array;
  weights: Float32Array;
}

let loaded: FactVectors | undefined;

// Read on first use: only writing and audio need it.
function factVectors(): FactVectors {
  if (loaded) return loaded;
  const file = JSON.parse(readFileSync(modelPath('factVectors'), 'utf8')) as {
    format: string;
    dimensions: number;
    words: string;
    vectors: string;
  };
  if (file.format !== FACT_VECTORS_FORMAT) throw new Error(`unknown fact vectors format ${String(file.format)}`);
  const index = lineIndex(file.words);
  const bytes = new Int8Array(Buffer.from(file.vectors, 'base64'));
  if (bytes.length !== index.size * file.dimensions) throw new Error('fact vectors: words and vectors disagree');
  loaded = {
    dimensions: file.dimensions,
    index,
    vectors: Float32Array.from(bytes, (b) => b / 127),
    weights: Float32Array.from({ length: index.size }, (_, rank) => rankWeight(rank, SMOOTHING)),
  };
  return loaded;
}

/** Whether `word` is among the vectors' common words (the 20,000 most frequent, lower-cased). */
export function knownWord(word: string): boolean {
  return factVectors().index.get(word.toLowerCase()) !== undefined;
}

/** A sentence's meaning vector: the weighted mean of its content words' vectors (zeros when none is known). */
function sentenceVector(table: FactVectors, text: string): Float32Array {
  const D = table.dimensions;
  const sum = new Float32Array(D);
  for (const word of topicWords(text)) {
    if (FUNCTION_WORDS.has(word) || /\d/.test(word)) continue;
    const row = table.index.get(word);
    if (row === undefined) continue;
    const weight = table.weights[row]!;
    for (let d = 0; d < D; d++) sum[d]! += weight * table.vectors[row * D + d]!;
  }
  return unit(sum);
}

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  if (norm === 0) return vector;
  const scale = 1 / Math.sqrt(norm);
  for (let d = 0; d < vector.length; d++) vector[d]! *= scale;
  return vector;
}

/**
 * What each sentence of one story says beyond the story itself: its meaning vector less the
 * story's mean, at unit length. Sentences in the same order.
 */
export function storyMeanings(sentences: readonly string[]): Float32Array[] {
  const table = factVectors();
  const vectors = sentences.map((sentence) => sentenceVector(table, sentence));
  const mean = new Float32Array(table.dimensions);
  for (const vector of vectors) for (let d = 0; d < mean.length; d++) mean[d]! += vector[d]! / Math.max(1, vectors.length);
  return vectors.map((vector) => (vector.some((x) => x !== 0) ? unit(vector.map((x, d) => x - mean[d]!)) : vector));
}

// A change's direction. "More", "less" and "fewer" are not among them: they compare whatever
// follows ("more study is needed", "less stable when baked"), seldom the fact's own figure.
const UP =
  /\b(rose|rise[sn]?|rising|increase[sd]?|increasing|up|gain(?:ed|s)?|climb(?:ed|s)?|jump(?:ed|s)?|surge[sd]?|higher|grew|grow[sn]?|record high|soar(?:ed|s)?)\b/i;
const DOWN =
  /\b(fell|fall(?:s|en)?|falling|drop(?:ped|s)?|decline[sd]?|declining|down|los[st]|lower|slid|slump(?:ed|s)?|sank|decrease[sd]?|cut|plunge[sd]?|eased?)\b/i;
// A denial. "Without" is not one: it says what something lacks ("reactions without life").
const NEGATION = /\b(not|no|never|none|neither|nor|denied|denies|refused|n't)\b|n't\b/gi;
/**
 * A denial of a degree only: "two were hurt, none seriously" says how badly, as "minor injuries"
 * does, and denies nothing another source states.
 */
const DEGREE_DENIED = /\b(?:none|not|no\s+one|nobody)(?:\s+of\s+them)?\s+(?:seriously|badly|critically|severely|gravely)\b/gi;
const denies = (text: string) => (text.replace(DEGREE_DENIED, ' ').match(NEGATION)?.length ?? 0) > 0;

type FigureKind = 'percent' | 'money' | 'time' | 'count';
interface Figure {
  kind: FigureKind;
  value: number;
  /** Said in words ("a third"): a rounding of the figure another source gives ("35 percent"). */
  rough: boolean;
}

/** Shares said in words, as percentages. */
const WORD_SHARES: [RegExp, number][] = [
  [/\b(?:a|one)\s+third\b/i, 100 / 3],
  [/\btwo[\s-]thirds\b/i, 200 / 3],
  [/\b(?:a|one)\s+quarter\b/i, 25],
  [/\bthree[\s-]quarters\b/i, 75],
  [/\b(?:a\s+)?half\b/i, 50],
];
/** What a figure counts, read from the words after it. */
const UNIT_AFTER =
  /^\s*(?:(?:million|billion|trillion|thousand)\s+)?(percent|per cent|%|percentage points?|dollars?|euros?|pounds?|yen|years?|months?|weeks?|days?|hours?|minutes?)\b/i;

/** Each number of a sentence: its currency sign, its digits as written and without thousands' commas, a "%" after it, and the text after it. */
function* numbersIn(text: string) {
  for (const match of text.matchAll(/([$€£])?(\d[\d,]*(?:\.\d+)?)(%)?/g)) {
    const digits = match[2]!;
    yield {
      currency: match[1] ?? '',
      digits,
      plain: digits.replace(/,(?=\d{3}\b)/g, ''),
      percent: match[3] !== undefined,
      after: text.slice(match.index + match[0].length),
    };
  }
}

/**
 * What a figure gives, by the word after it: a share, a sum, a time or a count of things. The unit
 * is as `figures` reads it ("per cent") or as `quantities` writes it, one singular word ("per",
 * "cent", "second").
 */
function figureKind(unit: string, percent: boolean, currency: boolean): FigureKind {
  if (percent || /^(percent|per\b|%)/.test(unit)) return 'percent';
  if (currency || /^(dollar|euro|pound|yen|cent\b)/.test(unit)) return 'money';
  return /^(year|month|week|day|hour|minute|second\b)/.test(unit) ? 'time' : 'count';
}

/**
 * The figures a sentence gives, each with what it counts ("35 percent", "18 months", "2 billion
 * dollars", "1,200" residents) and the shares said in words ("a third" as 33.3 percent).
 */
function figures(text: string): Figure[] {
  const found: Figure[] = [];
  for (const number of numbersIn(text)) {
    const value = Number(number.plain);
    if (!Number.isFinite(value)) continue;
    const unit = UNIT_AFTER.exec(number.after)?.[1]?.toLowerCase() ?? '';
    found.push({ kind: figureKind(unit, number.percent, number.currency !== ''), value, rough: false });
  }
  for (const [words, value] of WORD_SHARES) if (words.test(text)) found.push({ kind: 'percent', value, rough: true });
  return found;
}

/** A share said in words stands for figures this close to it (35 percent is "about a third"). */
const ROUGH_POINTS = 3;

/**
 * Whether two sentences' figures disagree: of a kind both give (shares, sums, times, counts),
 * none of one is a figure of the other. Figures of different kinds say different things, not
 * other things: "35 percent more slowly" and "by about a third over 18 months" agree.
 */
function figuresDisagree(a: string, b: string): boolean {
  const figuresA = figures(a);
  const figuresB = figures(b);
  const same = (x: Figure, y: Figure) => x.value === y.value || ((x.rough || y.rough) && Math.abs(x.value - y.value) <= ROUGH_POINTS);
  const kinds = new Set(figuresA.map((figure) => figure.kind).filter((kind) => figuresB.some((figure) => figure.kind === kind)));
  return [...kinds].some((kind) => !figuresA.some((x) => x.kind === kind && figuresB.some((y) => y.kind === kind && same(x, y))));
}

/** Whether two sentences give one figure of one kind, exactly ("6%" and "6 percent", "$2 million" and "2 million dollars"). */
export function sameFigure(a: string, b: string): boolean {
  const figuresB = figures(b).filter((figure) => !figure.rough);
  return figures(a).some((x) => !x.rough && figuresB.some((y) => y.kind === x.kind && y.value === x.value));
}

/**
 * Whether two sentences disagree on something a retelling keeps: figures (figuresDisagree),
 * direction (one up, the other down) or denial (one denies, the other not).
 */
export function saysOtherwise(a: string, b: string): boolean {
  if (figuresDisagree(a, b)) return true;
  const upA = UP.test(a) && !DOWN.test(a);
  const downA = DOWN.test(a) && !UP.test(a);
  const upB = UP.test(b) && !DOWN.test(b);
  const downB = DOWN.test(b) && !UP.test(b);
  if ((upA && downB) || (downA && upB)) return true;
  return denies(a) !== denies(b);
}

export interface Telling {
  text: string;
  /** From storyMeanings of its story. */
  meaning: Float32Array;
}

/**
 * Two sentences of one story retell one fact; `sharedTerms` is the share of their terms in common.
 * Close in meaning, or giving one quantity with what it counts and sharing a term besides: a story
 * rarely states "90 days" or "150 grams" of two things, and two sources giving it tell one fact in
 * their own words ("now has 90 days to fix its feed or face fines" / "gave it 90 days to comply or
 * face penalty payments").
 */
export function retold(a: Telling, b: Telling, sharedTerms: number): boolean {
  const cosine = cosineOf(a.meaning, b.meaning);
  const close = cosine >= RETOLD_COSINE || (cosine >= RETOLD_COSINE_WITH_TERMS && sharedTerms >= RETOLD_TERMS) || sharesQuantity(a, b, sharedTerms);
  return close && !saysOtherwise(a.text, b.text);
}

/** The share of terms two sentences giving one quantity must share besides (the quantity among them). */
const QUANTITY_TERMS = 0.2;
const quantitiesOf = new WeakMap<Telling, Set<string>>();

/**
 * Whether two sentences give one quantity and share a term besides it ("face" fines, "face"
 * penalties), or give one large count of one thing: a story rarely counts two things the same
 * thousands ("about 780,000 federal employees would be sent home" / "780,000 federal workers could
 * be furloughed").
 */
function sharesQuantity(a: Telling, b: Telling, sharedTerms: number): boolean {
  const of = (telling: Telling) => {
    let found = quantitiesOf.get(telling);
    if (!found) quantitiesOf.set(telling, (found = quantities(telling.text)));
    return found;
  };
  const mine = of(a);
  if (mine.size === 0) return false;
  const shared = [...of(b)].filter((quantity) => mine.has(quantity));
  if (shared.length === 0) return false;
  if (shared.some(isLargeCount)) return true;
  if (sharedTerms < QUANTITY_TERMS) return false;
  const own = new Set(shared.flatMap((quantity) => [...termSet(quantity)]));
  const theirs = termSet(b.text);
  for (const term of termSet(a.text)) if (theirs.has(term) && !own.has(term)) return true;
  return false;
}

/** A count of a thousand things or more (not a sum, a share or a time), as `quantities` writes it. */
function isLargeCount(quantity: string): boolean {
  const [figure, unit] = quantity.split(' ') as [string, string];
  if (figureKind(unit, unit === 'percent', !/^\d/.test(figure)) !== 'count') return false;
  return Number(figure) >= 1_000 || /^(?:thousand|million|billion)$/.test(unit);
}

/** The cosine of two unit vectors (0 when either is empty). */
function cosineOf(a: Float32Array, b: Float32Array): number {
  let cosine = 0;
  for (let d = 0; d < a.length; d++) cosine += a[d]! * b[d]!;
  return cosine;
}

/** Words after a number that say nothing of what it counts ("rose 4 to", "in 2024 and"). */
const NOT_A_UNIT =
  /^(?:a|an|and|or|but|the|to|in|on|at|of|by|for|from|with|as|than|that|this|which|who|after|before|since|per|over|under|more|less|was|were|is|are|has|had|have)$/i;

/**
 * The quantities a sentence gives: a figure with what it counts ("90 days", "150 grams", "$4.6
 * billion", "31 percent"), never a year alone.
 */
export function quantities(text: string): Set<string> {
  const found = new Set<string>();
  for (const { currency, digits, plain, percent, after } of numbersIn(text)) {
    const next = /^[\s-]+(\p{L}+)/u.exec(after)?.[1];
    const unit = percent ? 'percent' : next && !NOT_A_UNIT.test(next) ? next.toLowerCase().replace(/(?<=[^s])s$/, '') : '';
    if (!unit || (!currency && /^(?:1[89]|20)\d\d$/.test(digits))) continue;
    found.add(`${currency}${plain} ${unit}`);
  }
  return found;
}
