// The offline topic model: a multinomial naive Bayes over lower-cased word stems and stem pairs,
// stacked with the §9 keyword totals. The file stores, per term, its log-probability under each
// topic minus the mean over topics (the mean cancels in every comparison), as integers in
// thousandths, and the calibration that combines the two signals:
//   score(topic) = scoreScale × log-likelihood + keywordScale(topic) × §9 total + bias(topic)
import { articleTerms, type TermWeighting } from './article-terms.js';
import { keywordTotals } from './category-rule.js';
import { TOPICS, type Topic } from './topics.js';

export const TOPIC_MODEL_FORMAT = 'newsctl-topic-nb/1';
export const WEIGHT_SCALE = 1000;

export interface TopicModelFile {
  format: typeof TOPIC_MODEL_FORMAT;
  credits: string;
  topics: Topic[];
  weighting: TermWeighting;
  calibration: TopicCalibration;
  /** Each term with its weight under each topic (TOPICS order), in thousandths. */
  terms: TermWeights[];
}

export type TermWeights = [term: string, ...weights: number[]];

/** Fitted on held-out training rows; its softmax gives the confidence. */
export interface TopicCalibration {
  scoreScale: number;
  /** Per topic, TOPICS order, like bias. */
  keywordScale: number[];
  bias: number[];
}

/** Plain naive Bayes: what the calibration starts from, and what a model trained without one uses. */
export const UNCALIBRATED: TopicCalibration = Object.freeze({
  scoreScale: 1,
  keywordScale: TOPICS.map(() => 0),
  bias: TOPICS.map(() => 0),
}) as TopicCalibration;

export interface TopicModel {
  weighting: TermWeighting;
  calibration: TopicCalibration;
  termIndex: Map<string, number>;
  weights: Float64Array;
}

export interface TopicPrediction {
  topic: Topic;
  /** The model's probability for that topic, 0 to 1. */
  confidence: number;
}

const TOPIC_COUNT = TOPICS.length;

export function compileTopicModel(file: TopicModelFile): TopicModel {
  if (file.format !== TOPIC_MODEL_FORMAT) throw new Error(`unknown topic model format ${String(file.format)}`);
  if (file.topics.join() !== TOPICS.join()) throw new Error('topic model lists other topics than TOPICS');
  const termIndex = new Map<string, number>();
  const weights = new Float64Array(file.terms.length * TOPIC_COUNT);
  file.terms.forEach(([term, ...termWeights], i) => {
    if (termWeights.length !== TOPIC_COUNT) throw new Error(`topic model term "${term}" has ${termWeights.length} weights`);
    termIndex.set(term, i * TOPIC_COUNT);
    for (let t = 0; t < TOPIC_COUNT; t++) weights[i * TOPIC_COUNT + t] = termWeights[t]! / WEIGHT_SCALE;
  });
  if (file.calibration.bias.length !== TOPIC_COUNT || file.calibration.keywordScale.length !== TOPIC_COUNT) throw new Error('topic model calibration lacks a bias per topic');
  return { weighting: file.weighting, calibration: file.calibration, termIndex, weights };
}

/** The model file's text: JSON with one term per line, so a retrained model diffs readably. */
export function serializeTopicModel(file: TopicModelFile): string {
  const { terms, ...header } = file;
  const head = JSON.stringify(header, null, 2);
  const lines = terms.map((termWeights) => JSON.stringify(termWeights));
  return `${head.slice(0, -2)},\n  "terms": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** Summed log-likelihood of the article under each topic (TOPICS order), up to a shared constant. */
export function likelihoodScores(model: TopicModel, title: string, body?: string): Float64Array {
  const scores = new Float64Array(TOPIC_COUNT);
  for (const [term, count] of articleTerms(title, body, model.weighting)) {
    const at = model.termIndex.get(term);
    if (at === undefined) continue;
    for (let t = 0; t < TOPIC_COUNT; t++) scores[t]! += count * model.weights[at + t]!;
  }
  return scores;
}

/** The two signals the calibration combines: naive Bayes log-likelihoods and §9 keyword totals. */
export function topicSignals(model: TopicModel, title: string, body?: string): { likelihoods: Float64Array; keywords: Float64Array } {
  const totals = keywordTotals(title, body ?? '');
  return { likelihoods: likelihoodScores(model, title, body), keywords: Float64Array.from(TOPICS, (topic) => totals[topic]) };
}

export function calibratedScores(
  calibration: TopicCalibration,
  likelihoods: Float64Array,
  keywords: Float64Array,
): Float64Array {
  return Float64Array.from(
    likelihoods,
    (likelihood, t) => calibration.scoreScale * likelihood + calibration.keywordScale[t]! * keywords[t]! + calibration.bias[t]!,
  );
}

/** Softmax of the scores. */
export function topicProbabilities(scores: Float64Array): Float64Array {
  let top = -Infinity;
  for (const score of scores) top = Math.max(top, score);
  const probabilities = new Float64Array(scores.length);
  let sum = 0;
  for (let t = 0; t < scores.length; t++) sum += probabilities[t] = Math.exp(scores[t]! - top);
  for (let t = 0; t < scores.length; t++) probabilities[t]! /= sum;
  return probabilities;
}

export function predictTopic(model: TopicModel, title: string, body?: string): TopicPrediction {
  const { likelihoods, keywords } = topicSignals(model, title, body);
  // Nothing the model knows: the §9 rule's answer for an article without any keyword.
  if (likelihoods.every((score) => score === 0) && keywords.every((total) => total === 0)) {
    return { topic: 'international', confidence: 1 / TOPIC_COUNT };
  }
  const scores = calibratedScores(model.calibration, likelihoods, keywords);
  let best = 0;
  for (let t = 1; t < TOPIC_COUNT; t++) if (scores[t]! > scores[best]!) best = t;
  return { topic: TOPICS[best]!, confidence: topicProbabilities(scores)[best]! };
}
