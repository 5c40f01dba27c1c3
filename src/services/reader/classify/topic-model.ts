// The offline topic model: three signals per topic, combined by a calibration fitted on held-out
// training rows (stacking):
//   score(topic) = likelihoodScale × naive Bayes log-likelihood + keywordScale × keyword total
//                + regressionScale × regression log-probability + bias          (all per topic)
// - naive Bayes over lower-cased word stems and stem pairs, with the hand-written keywords mixed
//   into its word distributions (train.ts); it is the only model that knows energy, a topic
//   without training rows, as a pseudo-topic;
// - the keyword totals of category-rule.ts;
// - a logistic regression over words, word pairs and letter pieces (topic-regression.ts), fitted
//   on the topics that have rows; a topic without rows borrows its base topic's probability, and
//   the calibration gives it its base topic's coefficients, so its own naive Bayes likelihood and
//   keyword total are what set it apart;
// - when the model has word vectors (embedding), a fourth: a logistic regression over the article's
//   mean GloVe vector (word-vectors.ts, embedding-regression.ts), over the same topics; the file
//   keeps each word's scores under it, not its vector.
// The file stores the naive Bayes weights per term (log-probability under each topic minus the mean
// over topics, in thousandths, one term per line so a retrained model diffs readably), the
// regression in compact form and the calibration.
import { articleTerms, type TermWeighting } from './article-terms.js';
import { keywordTotals } from './category-rule.js';
import { decodeWordTopicScores, knowsAWord, wordTopicScores, type EmbeddingWeighting, type WordTopicScores, type WordTopicScoresFile } from './word-vectors.js';
import { decodeTopicRegression, regressionScores, type TopicRegression, type TopicRegressionFile } from './topic-regression.js';
import { isTopic, TOPICS, type Topic } from '../../../shared/topics.js';
import { titleWords, type TitleText } from './words.js';

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
  /** How a distribution becomes one topic (absent: the most probable topic). */
  decision?: TopicDecision;
  /** The word-vector signal (absent: three signals). Its classes are the regression's. */
  embedding?: TopicEmbeddingFile;
  /** Each term with its naive Bayes weight under each topic (TOPICS order), in thousandths. */
  terms: TermWeights[];
}

/**
 * The decision over a distribution, in two levels, chosen by cross-validation on the training
 * rows (train.ts): each topic's log-probability is shifted by its bias and the highest wins; then,
 * when a place (usa, international) won but a subject topic has at least `subjectThreshold`
 * probability, the best subject wins instead: usa and international say where, the others say
 * what, and a story that is about something is filed under it.
 */
export interface TopicDecision {
  /** Per topic (TOPICS order), added to its log-probability. */
  bias: number[];
  /** A subject this probable beats a place; 1 or more turns the second level off. */
  subjectThreshold: number;
}

/** Topics that say where, not what. */
export const PLACE_TOPICS: readonly Topic[] = ['usa', 'international'];

export const PLAIN_DECISION: TopicDecision = Object.freeze({ bias: TOPICS.map(() => 0), subjectThreshold: 1 }) as TopicDecision;

export interface TopicEmbeddingFile extends WordTopicScoresFile {
  weighting: EmbeddingWeighting;
}

export type TermWeights = [term: string, ...weights: number[]];

/** Per topic, TOPICS order; its softmax gives the confidence. */
export interface TopicCalibration {
  likelihoodScale: number[];
  keywordScale: number[];
  regressionScale: number[];
  /** Absent: the model has no word-vector signal. */
  embeddingScale?: number[];
  bias: number[];
}

/** Plain naive Bayes: what a model trained without calibration folds uses. */
export interface TopicModel {
  weighting: TermWeighting;
  calibration: TopicCalibration;
  termIndex: Map<string, number>;
  weights: Float64Array;
  regression: TopicRegression;
  /** Per topic (TOPICS order), the regression class whose log-probability it uses. */
  regressionClass: Int32Array;
  decision: TopicDecision;
  embedding?: { weighting: EmbeddingWeighting; scores: WordTopicScores };
}

export interface TopicPrediction {
  topic: Topic;
  /** The model's probability for that topic, 0 to 1. */
  confidence: number;
}

/** The signals of an article, each per topic in TOPICS order. */
export interface TopicSignals {
  likelihoods: Float64Array;
  keywords: Float64Array;
  regression: Float64Array;
  /** Zeros when the model has no word vectors. */
  embedding: Float64Array;
}

const TOPIC_COUNT = TOPICS.length;

export function compileTopicModel(file: TopicModelFile): TopicModel {
  if (file.format !== TOPIC_MODEL_FORMAT) throw new Error(`unknown topic model format ${String(file.format)}`);
  if (file.topics.join() !== TOPICS.join()) throw new Error('topic model lists other topics than TOPICS');
  const termIndex = new Map<string, number>();
  const weights = new Float64Array(file.terms.length * TOPIC_COUNT);
  for (let i = 0; i < file.terms.length; i++) {
    const line = file.terms[i]!;
    if (line.length !== TOPIC_COUNT + 1) throw new Error(`topic model term "${line[0]}" has ${line.length - 1} weights`);
    termIndex.set(line[0], i * TOPIC_COUNT);
    for (let t = 0; t < TOPIC_COUNT; t++) weights[i * TOPIC_COUNT + t] = (line[t + 1] as number) / WEIGHT_SCALE;
  }
  const { calibration } = file;
  for (const scales of [calibration.likelihoodScale, calibration.keywordScale, calibration.regressionScale, calibration.bias]) {
    if (scales?.length !== TOPIC_COUNT) throw new Error('topic model calibration lacks a value per topic');
  }
  const regression = decodeTopicRegression(file.regression);
  const classes = file.regression.topics;
  if (classes.length !== regression.classes || !classes.every(isTopic)) throw new Error('topic model regression topics disagree with its classes');
  const regressionClass = Int32Array.from(TOPICS, (topic) => classes.indexOf(file.regression.borrowed[topic] ?? topic));
  if (regressionClass.some((column) => column < 0)) throw new Error('topic model regression leaves a topic without a class');
  const decision = file.decision ?? PLAIN_DECISION;
  if (decision.bias.length !== TOPIC_COUNT) throw new Error('topic model decision lacks a bias per topic');
  let embedding: TopicModel['embedding'];
  if (file.embedding) {
    if (calibration.embeddingScale?.length !== TOPIC_COUNT) throw new Error('topic model calibration lacks an embedding scale per topic');
    const scores = decodeWordTopicScores(file.embedding);
    if (scores.classes !== regression.classes) throw new Error('topic model embedding has other classes than the regression');
    embedding = { weighting: file.embedding.weighting, scores };
  }
  return { weighting: file.weighting, calibration, termIndex, weights, regression, regressionClass, decision, embedding };
}

/** Summed naive Bayes log-likelihood of the article under each topic (TOPICS order), up to a shared constant. */
function likelihoodScores(model: TopicModel, title: TitleText, body?: string): Float64Array {
  const scores = new Float64Array(TOPIC_COUNT);
  for (const [term, count] of articleTerms(title, body, model.weighting)) {
    const at = model.termIndex.get(term);
    if (at === undefined) continue;
    for (let t = 0; t < TOPIC_COUNT; t++) scores[t]! += count * model.weights[at + t]!;
  }
  return scores;
}

export function topicSignals(model: TopicModel, text: TitleText, body?: string): TopicSignals {
  // Every signal reads the title's words: split once.
  const title = titleWords(text);
  const totals = keywordTotals(title, body ?? '');
  const classScores = regressionScores(model.regression, title, body);
  const { embedding } = model;
  const embeddingScores = embedding && wordTopicScores(embedding.scores, title, body, embedding.weighting);
  return {
    likelihoods: likelihoodScores(model, title, body),
    keywords: Float64Array.from(TOPICS, (topic) => totals[topic]),
    regression: Float64Array.from(model.regressionClass, (column) => classScores[column]!),
    embedding: embeddingScores ? Float64Array.from(model.regressionClass, (column) => embeddingScores[column]!) : new Float64Array(TOPIC_COUNT),
  };
}

export function calibratedScores(calibration: TopicCalibration, signals: TopicSignals): Float64Array {
  return Float64Array.from(
    TOPICS,
    (_, t) =>
      calibration.likelihoodScale[t]! * signals.likelihoods[t]! +
      calibration.keywordScale[t]! * signals.keywords[t]! +
      calibration.regressionScale[t]! * signals.regression[t]! +
      (calibration.embeddingScale ? calibration.embeddingScale[t]! * signals.embedding[t]! : 0) +
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
 * knows (its terms or its word vectors) and without a keyword gets the uniform distribution: it
 * says nothing.
 */
export function topicDistribution(model: TopicModel, text: string, body?: string): Float64Array {
  const title = titleWords(text);
  const signals = topicSignals(model, title, body);
  if (
    signals.likelihoods.every((score) => score === 0) &&
    signals.keywords.every((total) => total === 0) &&
    !(model.embedding && knowsAWord(model.embedding.scores, title, body, model.embedding.weighting))
  ) {
    return new Float64Array(TOPIC_COUNT).fill(1 / TOPIC_COUNT);
  }
  return topicProbabilities(calibratedScores(model.calibration, signals));
}

const IS_PLACE = TOPICS.map((topic) => PLACE_TOPICS.includes(topic));

/**
 * The topic a distribution decides (see TopicDecision), with its probability; no evidence at all
 * (a uniform distribution) is international, the keyword rule's answer.
 */
export function decideTopic(model: Pick<TopicModel, 'decision'>, probabilities: ArrayLike<number>): TopicPrediction {
  const t = decideIndex(model.decision, probabilities);
  return { topic: TOPICS[t]!, confidence: probabilities[t]! };
}

export function decideIndex(decision: TopicDecision, probabilities: ArrayLike<number>): number {
  let least = Infinity;
  let most = -Infinity;
  for (let t = 0; t < TOPIC_COUNT; t++) {
    least = Math.min(least, probabilities[t]!);
    most = Math.max(most, probabilities[t]!);
  }
  if (most - least < 1e-12) return TOPICS.indexOf('international');
  let best = -1;
  let bestSubject = -1;
  const score = (t: number) => Math.log(Math.max(probabilities[t]!, 1e-300)) + decision.bias[t]!;
  for (let t = 0; t < TOPIC_COUNT; t++) {
    if (best < 0 || score(t) > score(best)) best = t;
    if (!IS_PLACE[t] && (bestSubject < 0 || score(t) > score(bestSubject))) bestSubject = t;
  }
  if (IS_PLACE[best] && probabilities[bestSubject]! >= decision.subjectThreshold) return bestSubject;
  return best;
}

export function predictTopic(model: TopicModel, title: string, body?: string): TopicPrediction {
  return decideTopic(model, topicDistribution(model, title, body));
}
