// The offline topic model: three signals per topic, combined by a calibration fitted on held-out
// training rows (stacking):
//   score(topic) = likelihoodScale × naive Bayes log-likelihood + keywordScale × §9 total
//                + regressionScale × regression log-probability + bias          (all per topic)
// - naive Bayes over lower-cased word stems and stem pairs, with the hand-written keywords mixed
//   into its word distributions (train.ts); it is the only model that knows energy, a topic
//   without training rows, as a pseudo-topic;
// - the §9 keyword totals of category-rule.ts;
// - a logistic regression over words, word pairs and letter pieces (topic-regression.ts), fitted
//   on the topics that have rows; a topic without rows borrows its base topic's probability, and
//   the calibration gives it its base topic's coefficients, so its own naive Bayes likelihood and
//   keyword total are what set it apart.
// The file stores the naive Bayes weights per term (log-probability under each topic minus the mean
// over topics, in thousandths, one term per line so a retrained model diffs readably), the
// regression in compact form and the calibration.
import { articleTerms, type TermWeighting } from './article-terms.js';
import { keywordTotals } from './category-rule.js';
import { decodeTopicRegression, regressionScores, type TopicRegression, type TopicRegressionFile } from './topic-regression.js';
import { isTopic, TOPICS, type Topic } from './topics.js';

export const TOPIC_MODEL_FORMAT = 'newsctl-topic-model/2';
export const WEIGHT_SCALE = 1000;

export interface TopicModelFile {
  format: typeof TOPIC_MODEL_FORMAT;
  credits: string;
  topics: Topic[];
  weighting: TermWeighting;
  calibration: TopicCalibration;
  regression: TopicRegressionFile & {
    /** The regression's classes in order: the topics with training rows. */
    topics: Topic[];
    /** For each topic without rows, the topic whose regression probability it borrows. */
    borrowed: Partial<Record<Topic, Topic>>;
  };
  /** Each term with its naive Bayes weight under each topic (TOPICS order), in thousandths. */
  terms: TermWeights[];
}

export type TermWeights = [term: string, ...weights: number[]];

/** Per topic, TOPICS order; its softmax gives the confidence. */
export interface TopicCalibration {
  likelihoodScale: number[];
  keywordScale: number[];
  regressionScale: number[];
  bias: number[];
}

/** Plain naive Bayes: what a model trained without calibration folds uses. */
export const UNCALIBRATED: TopicCalibration = Object.freeze({
  likelihoodScale: TOPICS.map(() => 1),
  keywordScale: TOPICS.map(() => 0),
  regressionScale: TOPICS.map(() => 0),
  bias: TOPICS.map(() => 0),
}) as TopicCalibration;

export interface TopicModel {
  weighting: TermWeighting;
  calibration: TopicCalibration;
  termIndex: Map<string, number>;
  weights: Float64Array;
  regression: TopicRegression;
  /** Per topic (TOPICS order), the regression class whose log-probability it uses. */
  regressionClass: Int32Array;
}

export interface TopicPrediction {
  topic: Topic;
  /** The model's probability for that topic, 0 to 1. */
  confidence: number;
}

/** The three signals of an article, each per topic in TOPICS order. */
export interface TopicSignals {
  likelihoods: Float64Array;
  keywords: Float64Array;
  regression: Float64Array;
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
  const { calibration } = file;
  for (const scales of [calibration.likelihoodScale, calibration.keywordScale, calibration.regressionScale, calibration.bias]) {
    if (scales?.length !== TOPIC_COUNT) throw new Error('topic model calibration lacks a value per topic');
  }
  const regression = decodeTopicRegression(file.regression);
  const classes = file.regression.topics;
  if (classes.length !== regression.classes || !classes.every(isTopic)) throw new Error('topic model regression topics disagree with its classes');
  const regressionClass = Int32Array.from(TOPICS, (topic) => classes.indexOf(file.regression.borrowed[topic] ?? topic));
  if (regressionClass.some((column) => column < 0)) throw new Error('topic model regression leaves a topic without a class');
  return { weighting: file.weighting, calibration, termIndex, weights, regression, regressionClass };
}

/** The model file's text: JSON with one naive Bayes term per line. */
export function serializeTopicModel(file: TopicModelFile): string {
  const { terms, ...header } = file;
  const head = JSON.stringify(header, null, 2);
  const lines = terms.map((termWeights) => JSON.stringify(termWeights));
  return `${head.slice(0, -2)},\n  "terms": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** Summed naive Bayes log-likelihood of the article under each topic (TOPICS order), up to a shared constant. */
export function likelihoodScores(model: TopicModel, title: string, body?: string): Float64Array {
  const scores = new Float64Array(TOPIC_COUNT);
  for (const [term, count] of articleTerms(title, body, model.weighting)) {
    const at = model.termIndex.get(term);
    if (at === undefined) continue;
    for (let t = 0; t < TOPIC_COUNT; t++) scores[t]! += count * model.weights[at + t]!;
  }
  return scores;
}

export function topicSignals(model: TopicModel, title: string, body?: string): TopicSignals {
  const totals = keywordTotals(title, body ?? '');
  const classScores = regressionScores(model.regression, title, body);
  return {
    likelihoods: likelihoodScores(model, title, body),
    keywords: Float64Array.from(TOPICS, (topic) => totals[topic]),
    regression: Float64Array.from(model.regressionClass, (column) => classScores[column]!),
  };
}

export function calibratedScores(calibration: TopicCalibration, signals: TopicSignals): Float64Array {
  return Float64Array.from(
    TOPICS,
    (_, t) =>
      calibration.likelihoodScale[t]! * signals.likelihoods[t]! +
      calibration.keywordScale[t]! * signals.keywords[t]! +
      calibration.regressionScale[t]! * signals.regression[t]! +
      calibration.bias[t]!,
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

/**
 * The article's probability of each topic (TOPICS order). An article without a word the model
 * knows and without a keyword gets the uniform distribution: it says nothing.
 */
export function topicDistribution(model: TopicModel, title: string, body?: string): Float64Array {
  const signals = topicSignals(model, title, body);
  if (signals.likelihoods.every((score) => score === 0) && signals.keywords.every((total) => total === 0)) {
    return new Float64Array(TOPIC_COUNT).fill(1 / TOPIC_COUNT);
  }
  return topicProbabilities(calibratedScores(model.calibration, signals));
}

/** The topic a distribution decides: the most probable one; no evidence at all is international (the §9 rule's answer). */
export function decideTopic(_model: TopicModel, probabilities: ArrayLike<number>): TopicPrediction {
  let best = 0;
  let least = Infinity;
  for (let t = 0; t < TOPIC_COUNT; t++) {
    if (probabilities[t]! > probabilities[best]!) best = t;
    least = Math.min(least, probabilities[t]!);
  }
  if (probabilities[best]! - least < 1e-12) return { topic: 'international', confidence: 1 / TOPIC_COUNT };
  return { topic: TOPICS[best]!, confidence: probabilities[best]! };
}

export function predictTopic(model: TopicModel, title: string, body?: string): TopicPrediction {
  return decideTopic(model, topicDistribution(model, title, body));
}
