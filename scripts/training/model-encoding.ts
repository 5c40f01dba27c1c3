// Writes the fitted model's parts as the model file stores them (src/services/reader/classify/ reads
// them back): the large number arrays as 16-bit integers in base64.
import { IDF_UNIT, type TopicRegression, type TopicRegressionFile } from '../../src/services/reader/classify/topic-regression.js';
import type { WordTopicScores, WordTopicScoresFile } from '../../src/services/reader/classify/word-vectors.js';
import type { TopicCalibration, TopicModelFile } from '../../src/services/reader/classify/topic-model.js';
import { TOPICS } from '../../src/shared/topics.js';

/** Headroom below the 16-bit limit. */
const INT16_LIMIT = 32000;

export interface PackedInt16 {
  /** base64 of the values in units of `unit`. */
  data: string;
  /** JSON writes the unit's double exactly. */
  unit: number;
}

export function packInt16(values: ArrayLike<number>): PackedInt16 {
  let largest = 0;
  for (let i = 0; i < values.length; i++) largest = Math.max(largest, Math.abs(values[i]!));
  const unit = Math.max(largest, 1e-9) / INT16_LIMIT;
  const bytes = Buffer.alloc(values.length * 2);
  for (let i = 0; i < values.length; i++) bytes.writeInt16LE(Math.round(values[i]! / unit), i * 2);
  return { data: bytes.toString('base64'), unit };
}

export function encodeTopicRegression(regression: TopicRegression): TopicRegressionFile {
  const features = [...regression.vocabulary.keys()];
  const idf = Buffer.alloc(regression.idf.length * 2);
  regression.idf.forEach((value, i) => idf.writeUInt16LE(Math.min(65535, Math.round(value / IDF_UNIT)), i * 2));
  const weights = packInt16(regression.weights);
  return {
    weighting: { ...regression.weighting },
    classes: regression.classes,
    features: features.join('\n'),
    idf: idf.toString('base64'),
    weights: weights.data,
    weightUnit: weights.unit,
    bias: Array.from(regression.bias, (value) => Number(value.toFixed(6)) || 0),
  };
}

export function encodeWordTopicScores(table: WordTopicScores): WordTopicScoresFile {
  const scores = packInt16(table.scores);
  return {
    classes: table.classes,
    words: [...table.index.keys()].join('\n'),
    weights: Buffer.from(Array.from(table.weights, (w) => Math.max(1, Math.round(w * 255)))).toString('base64'),
    scores: scores.data,
    scoreUnit: scores.unit,
    bias: Array.from(table.bias, (value) => Number(value.toFixed(6)) || 0),
  };
}

/** A calibration that changes nothing: each signal at its plain weight. */
export const UNCALIBRATED: TopicCalibration = Object.freeze({
  likelihoodScale: TOPICS.map(() => 1),
  keywordScale: TOPICS.map(() => 0),
  regressionScale: TOPICS.map(() => 0),
  bias: TOPICS.map(() => 0),
}) as TopicCalibration;

/** The model file's text: the header pretty-printed, one line per term (diffs stay readable). */
export function serializeTopicModel(file: TopicModelFile): string {
  const { terms, ...header } = file;
  const head = JSON.stringify(header, null, 2);
  const lines = terms.map((termWeights) => JSON.stringify(termWeights));
  return `${head.slice(0, -2)},\n  "terms": [\n${lines.join(',\n')}\n  ]\n}\n`;
}
