// Articles → sparse, L2-normalised term vectors. A feature is a stemmed word or a pair of adjacent
// content words ("titan aerospac"): pairs carry the names and phrases that make a story specific.
import { terms } from './tokenize.js';
import type { BackgroundModel, StoryInput } from './types.js';

export interface SparseVector {
  /** Feature ids, ascending. */
  ids: Int32Array;
  weights: Float64Array;
}

export interface ArticleVectors {
  vectors: SparseVector[];
  /** Feature id → feature text. */
  features: string[];
  /** Feature id → number of articles of the batch holding it. */
  documentFrequency: Int32Array;
  /** Feature id → weight given to one occurrence (an idf). */
  featureWeight: Float64Array;
}

export interface VectorizeOptions {
  background?: BackgroundModel | null;
  /** Weight of a word pair relative to a single word. */
  pairWeight?: number;
  /** Weight of a body term relative to a title term. */
  bodyWeight?: number;
  /** How many characters of the body (its lead) are read. */
  leadLength?: number;
  /** Share of the background corpus in the document frequencies (0 = batch only). */
  backgroundShare?: number;
}

/** The features of one article with their raw weight (title terms 1, lead terms `bodyWeight`). */
export function articleFeatures(article: StoryInput, options: VectorizeOptions = {}): Map<string, number> {
  const pairWeight = options.pairWeight ?? 0.5;
  const bodyWeight = options.bodyWeight ?? 0.5;
  const leadLength = options.leadLength ?? 400;
  const found = new Map<string, number>();
  const add = (text: string, weight: number) => {
    const list = terms(text);
    for (let i = 0; i < list.length; i++) {
      const word = list[i]!;
      found.set(word, Math.max(found.get(word) ?? 0, weight));
      const next = list[i + 1];
      if (next !== undefined && next !== word) {
        const pair = `${word} ${next}`;
        found.set(pair, Math.max(found.get(pair) ?? 0, weight * pairWeight));
      }
    }
  };
  add(article.title, 1);
  if (article.body) add(article.body.slice(0, leadLength), bodyWeight);
  return found;
}

export function vectorize(articles: StoryInput[], options: VectorizeOptions = {}): ArticleVectors {
  const featureIds = new Map<string, number>();
  const features: string[] = [];
  const rows: SparseVector[] = [];
  const counts: number[] = [];
  for (const article of articles) {
    const found = articleFeatures(article, options);
    const ids = new Int32Array(found.size);
    const rawWeight = new Map<number, number>();
    let n = 0;
    for (const [feature, weight] of found) {
      let id = featureIds.get(feature);
      if (id === undefined) {
        id = features.length;
        featureIds.set(feature, id);
        features.push(feature);
        counts.push(0);
      }
      counts[id]!++;
      ids[n++] = id;
      rawWeight.set(id, weight);
    }
    ids.sort();
    rows.push({ ids, weights: Float64Array.from(ids, (id) => rawWeight.get(id)!) });
  }

  const documentFrequency = Int32Array.from(counts);
  const featureWeight = inverseDocumentFrequency(features, documentFrequency, articles.length, options);
  // Raw weights become idf-weighted, L2-normalised weights, in place.
  const vectors = rows.map(({ ids, weights }) => {
    let norm = 0;
    for (let k = 0; k < ids.length; k++) {
      weights[k] = weights[k]! * featureWeight[ids[k]!]!;
      norm += weights[k]! ** 2;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let k = 0; k < weights.length; k++) weights[k]! /= norm;
    return { ids, weights };
  });
  return { vectors, features, documentFrequency, featureWeight };
}

function inverseDocumentFrequency(features: string[], documentFrequency: Int32Array, batchSize: number, options: VectorizeOptions): Float64Array {
  const background = options.background ?? null;
  // The background is scaled to a share of the combined corpus so that a big batch is not drowned
  // by it and a small batch still gets sensible weights.
  const share = background ? Math.min(0.95, Math.max(0, options.backgroundShare ?? 0.5)) : 0;
  const scale = background && background.documents > 0 ? (share / (1 - share)) * (batchSize / background.documents) : 0;
  const total = batchSize + (background ? background.documents * scale : 0);
  const weights = new Float64Array(features.length);
  for (let id = 0; id < features.length; id++) {
    const feature = features[id]!;
    let df = documentFrequency[id]!;
    if (background) df += (background.documentFrequency.get(feature) ?? 0) * scale;
    weights[id] = Math.log((total + 1) / (df + 0.5));
  }
  return weights;
}

export function dot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) sum += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}
