// The extraction data set's score (see shared/data/extraction/README.md): word 4-gram multisets
// compared page by page, then precision and recall averaged over pages so each page weighs the same.

/** Maximal runs of Unicode letters, digits and underscore, case kept (Python's `\w+`). */
export function tokenize(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** Multiset of word 4-grams; 1–3 tokens make one shingle of all of them, none make none. */
export function shingles(tokens: readonly string[], size = 4): Map<string, number> {
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  if (tokens.length < size) {
    counts.set(tokens.join(' '), 1);
    return counts;
  }
  for (let i = 0; i + size <= tokens.length; i++) {
    const key = tokens.slice(i, i + size).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface PageScore {
  tp: number;
  fp: number;
  fn: number;
  /** tp / (tp + fp), or null when the prediction has no shingles. */
  precision: number | null;
  /** tp / (tp + fn), or null when the gold has no shingles. */
  recall: number | null;
  f1: number;
  exactMatch: boolean;
}

export function scorePage(predicted: string, gold: string): PageScore {
  const predictedTokens = tokenize(predicted);
  const goldTokens = tokenize(gold);
  const predictedShingles = shingles(predictedTokens);
  const goldShingles = shingles(goldTokens);
  let tp = 0;
  let fp = 0;
  for (const [key, count] of predictedShingles) {
    const inGold = goldShingles.get(key) ?? 0;
    tp += Math.min(count, inGold);
    fp += Math.max(0, count - inGold);
  }
  let fn = 0;
  for (const [key, count] of goldShingles) fn += Math.max(0, count - (predictedShingles.get(key) ?? 0));
  const precision = tp + fp > 0 ? tp / (tp + fp) : null;
  const recall = tp + fn > 0 ? tp / (tp + fn) : null;
  const p = precision ?? 0;
  const r = recall ?? 0;
  return {
    tp,
    fp,
    fn,
    precision,
    recall,
    f1: p + r > 0 ? (2 * p * r) / (p + r) : 0,
    exactMatch: predictedTokens.length === goldTokens.length && predictedTokens.every((t, i) => t === goldTokens[i]),
  };
}

export interface CorpusScore {
  pages: number;
  precision: number;
  recall: number;
  /** Harmonic mean of the mean precision and the mean recall (not a mean of page F1s). */
  f1: number;
  exactMatch: number;
}

/** Averages page scores the README's way: an empty prediction adds recall 0 and no precision term. */
export function scoreCorpus(pages: readonly PageScore[]): CorpusScore {
  const precisions = pages.flatMap((p) => (p.precision === null ? [] : [p.precision]));
  const recalls = pages.map((p) => p.recall).filter((r): r is number => r !== null);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const precision = mean(precisions);
  const recall = mean(recalls);
  return {
    pages: pages.length,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    exactMatch: pages.length ? pages.filter((p) => p.exactMatch).length / pages.length : 0,
  };
}
