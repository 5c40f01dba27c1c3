// Trains the offline topic model (scripts/train-topics.ts writes the result to topics-model.json).
//
// Each topic's term distribution is a Dirichlet-smoothed estimate (the smoothing of language-model
// retrieval) that also carries the topic's hand-written keywords as pseudo-counts:
//
//   P(term | topic) = (count + keywordStrength × P_keywords(term) + backgroundStrength × P_background(term))
//                     / (topic's total + keywordStrength + backgroundStrength)
//
// P_background is the mean of the distributions of the topics that have rows, so the smoothing
// favours no topic however lopsided the rows are; the topic priors are uniform for the same reason.
// A topic without rows (energy) is a pseudo-topic: text like its base topic's (finance: energy news
// is mostly company and commodity news) in which a share `pseudoTopicShare` of the terms is drawn
// from its keywords. It wins only where its keywords outweigh that share's cost on every other term.
//
// The naive Bayes scores are then stacked with the §9 keyword totals: a small logistic regression,
// fitted on scores of rows held out of the model that scored them (k-fold), learns how much each
// signal counts per topic. Nothing here is random and every loop runs in a fixed order, so the same rows and options give a
// byte-identical model.
import { articleTerms, type TermWeighting } from './article-terms.js';
import { TOPIC_KEYWORDS, type TopicKeyword } from './topic-keywords.js';
import {
  compileTopicModel,
  topicSignals,
  TOPIC_MODEL_FORMAT,
  UNCALIBRATED,
  WEIGHT_SCALE,
  type TermWeights,
  type TopicCalibration,
  type TopicModelFile,
} from './topic-model.js';
import { TOPICS, type Topic } from './topics.js';
import { modelWords, topicTerms } from './words.js';

export interface TopicTrainingRow {
  title: string;
  body?: string;
  topic: Topic;
  /** Where the row comes from; only used to cap how much one source weighs in a topic. */
  source?: string;
}

export interface TopicTrainingOptions {
  weighting: TermWeighting;
  /** A term enters the model when at least this many training articles contain it. */
  minArticles: number;
  /**
   * A (topic, source) pair weighs at most this many rows: a topic drawn mostly from one source
   * (health and finance from 2014 aggregator headlines) would otherwise learn that source's style.
   */
  rowsPerSource: number;
  /** Pseudo-occurrences pulling each topic towards the background distribution. */
  backgroundStrength: number;
  /** Pseudo-occurrences of a topic's own keywords, for topics with rows. */
  keywordStrength: number;
  /** Share of keyword terms in the text of a topic that has no rows. */
  pseudoTopicShare: number;
  /** The topic whose words a topic without rows uses besides its keywords. */
  pseudoTopicBase: Topic;
  /** Share of the background spread evenly over the vocabulary (for keyword terms no row contains). */
  backgroundFloor: number;
  /** Folds of the training rows whose held-out scores fit the calibration; below 2, plain naive Bayes. */
  calibrationFolds: number;
  /** Attribution of the training rows, written into the model file. */
  credits: string;
}

export const DEFAULT_TRAINING_OPTIONS: TopicTrainingOptions = {
  weighting: { bodyWeight: 0.5, bodyWords: 200 },
  minArticles: 2,
  rowsPerSource: 1500,
  backgroundStrength: 10_000,
  keywordStrength: 3000,
  pseudoTopicShare: 0.2,
  pseudoTopicBase: 'finance',
  backgroundFloor: 0.01,
  calibrationFolds: 5,
  credits: '',
};

const TOPIC_COUNT = TOPICS.length;

/** Keyword terms (a word, or the word pairs of a phrase) with their share of the topic's keyword mass. */
function keywordTermShares(keywords: readonly TopicKeyword[]): Map<string, number> {
  const shares = new Map<string, number>();
  let total = 0;
  for (const keyword of keywords) {
    const words = modelWords(keyword.words.join(' '));
    if (words.length === 0) continue;
    const terms = words.length === 1 ? words : topicTerms(words).slice(words.length);
    for (const term of terms) shares.set(term, (shares.get(term) ?? 0) + keyword.weight / terms.length);
    total += keyword.weight;
  }
  for (const [term, share] of shares) shares.set(term, share / total);
  return shares;
}

function rowWeights(rows: readonly TopicTrainingRow[], rowsPerSource: number): number[] {
  const sizes = new Map<string, number>();
  const key = (row: TopicTrainingRow) => `${row.topic}\u0000${row.source ?? ''}`;
  for (const row of rows) sizes.set(key(row), (sizes.get(key(row)) ?? 0) + 1);
  return rows.map((row) => Math.min(1, rowsPerSource / sizes.get(key(row))!));
}

function roundWeight(value: number): number {
  const rounded = Math.round(value * WEIGHT_SCALE);
  return rounded === 0 ? 0 : rounded; // no "-0" in the file
}

// With a test corpus that lacks the base topic, the first topic with rows stands in.
function baseTopic(options: TopicTrainingOptions, trained: readonly boolean[]): number {
  const base = TOPICS.indexOf(options.pseudoTopicBase);
  return trained[base] ? base : trained.indexOf(true);
}

function buildModel(rows: readonly TopicTrainingRow[], options: TopicTrainingOptions, calibration: TopicCalibration): TopicModelFile {
  const counts = new Map<string, Float64Array>();
  const articles = new Map<string, number>();
  const totals = new Float64Array(TOPIC_COUNT);
  const weightsOfRows = rowWeights(rows, options.rowsPerSource);
  rows.forEach((row, r) => {
    const t = TOPICS.indexOf(row.topic);
    if (t < 0) throw new Error(`unknown topic ${String(row.topic)}`);
    for (const [term, count] of articleTerms(row.title, row.body, options.weighting)) {
      let perTopic = counts.get(term);
      if (!perTopic) counts.set(term, (perTopic = new Float64Array(TOPIC_COUNT)));
      perTopic[t]! += count * weightsOfRows[r]!;
      totals[t]! += count * weightsOfRows[r]!;
      articles.set(term, (articles.get(term) ?? 0) + 1);
    }
  });

  const keywordShares = TOPICS.map((topic) => keywordTermShares(TOPIC_KEYWORDS[topic]));
  const vocabulary = new Set<string>();
  for (const [term, n] of articles) if (n >= options.minArticles) vocabulary.add(term);
  for (const shares of keywordShares) for (const term of shares.keys()) vocabulary.add(term);
  const terms = [...vocabulary].sort();

  const trained = TOPICS.map((_, t) => totals[t]! > 0);
  const trainedCount = trained.filter(Boolean).length;
  if (trainedCount === 0) throw new Error('no training rows');
  const base = baseTopic(options, trained);
  const smoothing = options.keywordStrength + options.backgroundStrength;

  const termWeights: TermWeights[] = new Array(terms.length);
  const probabilities = new Float64Array(TOPIC_COUNT);
  terms.forEach((term, i) => {
    const perTopic = counts.get(term);
    let background = 0;
    if (perTopic) for (let t = 0; t < TOPIC_COUNT; t++) if (trained[t]) background += perTopic[t]! / totals[t]!;
    background = (1 - options.backgroundFloor) * (background / trainedCount) + options.backgroundFloor / terms.length;
    for (let t = 0; t < TOPIC_COUNT; t++) {
      if (!trained[t]) continue;
      const keyword = keywordShares[t]!.get(term) ?? 0;
      probabilities[t] =
        ((perTopic?.[t] ?? 0) + options.keywordStrength * keyword + options.backgroundStrength * background) /
        (totals[t]! + smoothing);
    }
    for (let t = 0; t < TOPIC_COUNT; t++) {
      if (trained[t]) continue;
      const keyword = keywordShares[t]!.get(term) ?? 0;
      probabilities[t] = options.pseudoTopicShare * keyword + (1 - options.pseudoTopicShare) * probabilities[base]!;
    }
    let mean = 0;
    for (let t = 0; t < TOPIC_COUNT; t++) mean += Math.log(probabilities[t]!);
    mean /= TOPIC_COUNT;
    termWeights[i] = [term, ...Array.from(probabilities, (probability) => roundWeight(Math.log(probability) - mean))];
  });

  return {
    format: TOPIC_MODEL_FORMAT,
    credits: options.credits,
    topics: [...TOPICS],
    weighting: { ...options.weighting },
    calibration: { ...calibration, keywordScale: [...calibration.keywordScale], bias: [...calibration.bias] },
    terms: termWeights,
  };
}

interface HeldOutArticle {
  likelihoods: Float64Array;
  keywords: Float64Array;
  topic: number;
  weight: number;
}

// Calibration parameters: the likelihood scale, a shared keyword scale, then per topic a keyword
// scale adjustment and a bias. The fit compares only topics with rows: a topic without rows has no
// held-out article to learn from, so it later takes its base topic's values.
const RIDGE = 1e-4;

interface CalibrationLayout {
  size: number;
  /** The topics the fit compares: those with rows (held-out articles can only be about them). */
  topics: number[];
  /** Writes the features of topic t for an article into out (length size). */
  features(article: HeldOutArticle, t: number, out: Float64Array): void;
}

function calibrationLayout(trained: readonly boolean[]): CalibrationLayout {
  return {
    size: 2 + 2 * TOPIC_COUNT,
    topics: TOPICS.flatMap((_, t) => (trained[t] ? [t] : [])),
    features(article, t, out) {
      out.fill(0);
      out[0] = article.likelihoods[t]!;
      out[1] = article.keywords[t]!;
      out[2 + t] = article.keywords[t]!;
      out[2 + TOPIC_COUNT + t] = 1;
    },
  };
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function calibrationLoss(heldOut: readonly HeldOutArticle[], theta: Float64Array, layout: CalibrationLayout): number {
  const phi = new Float64Array(layout.size);
  const z = new Float64Array(TOPIC_COUNT);
  let loss = 0;
  for (const article of heldOut) {
    let top = -Infinity;
    for (const t of layout.topics) {
      layout.features(article, t, phi);
      top = Math.max(top, (z[t] = dot(theta, phi)));
    }
    let sum = 0;
    for (const t of layout.topics) sum += Math.exp(z[t]! - top);
    loss += article.weight * (top + Math.log(sum) - z[article.topic]!);
  }
  return loss + (RIDGE / 2) * dot(theta, theta);
}

/** Solves a small dense system by Gaussian elimination with partial pivoting. */
function solve(matrix: Float64Array[], vector: Float64Array): Float64Array {
  const n = vector.length;
  const a = matrix.map((row, i) => Float64Array.from([...row, vector[i]!]));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = col + 1; row < n; row++) {
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k++) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  const x = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    let sum = a[row]![n]!;
    for (let k = row + 1; k < n; k++) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

/**
 * Multinomial logistic regression of the held-out topics on the two signals (stacking), by
 * Newton's method; every topic weighs the same in the fit, as the topic priors are uniform.
 */
function fitCalibration(heldOut: readonly HeldOutArticle[], layout: CalibrationLayout): Float64Array {
  const size = layout.size;
  const theta = new Float64Array(size);
  theta[0] = 1;
  const phi = Array.from({ length: TOPIC_COUNT }, () => new Float64Array(size));
  const p = new Float64Array(TOPIC_COUNT);
  const mean = new Float64Array(size);
  let loss = calibrationLoss(heldOut, theta, layout);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = Float64Array.from(theta, (value) => RIDGE * value);
    const hessian = Array.from({ length: size }, (_, i) => {
      const row = new Float64Array(size);
      row[i] = RIDGE;
      return row;
    });
    for (const article of heldOut) {
      let top = -Infinity;
      for (const t of layout.topics) {
        layout.features(article, t, phi[t]!);
        top = Math.max(top, (p[t] = dot(theta, phi[t]!)));
      }
      let sum = 0;
      for (const t of layout.topics) sum += p[t] = Math.exp(p[t]! - top);
      mean.fill(0);
      for (const t of layout.topics) {
        p[t]! /= sum;
        const features = phi[t]!;
        for (let i = 0; i < size; i++) {
          if (features[i] === 0) continue;
          mean[i]! += p[t]! * features[i]!;
          for (let j = 0; j < size; j++) hessian[i]![j]! += article.weight * p[t]! * features[i]! * features[j]!;
        }
      }
      const gold = phi[article.topic]!;
      for (let i = 0; i < size; i++) {
        gradient[i]! += article.weight * (mean[i]! - gold[i]!);
        for (let j = 0; j < size; j++) hessian[i]![j]! -= article.weight * mean[i]! * mean[j]!;
      }
    }
    const step = solve(hessian, gradient);
    // Halve the Newton step until the loss goes down.
    let scale = 1;
    let next = theta.map((value, i) => value - step[i]!);
    let nextLoss = calibrationLoss(heldOut, next, layout);
    while (nextLoss > loss && scale > 1e-4) {
      scale /= 2;
      next = theta.map((value, i) => value - scale * step[i]!);
      nextLoss = calibrationLoss(heldOut, next, layout);
    }
    if (nextLoss > loss) break;
    theta.set(next);
    const improvement = loss - nextLoss;
    loss = nextLoss;
    if (improvement < 1e-10) break;
  }
  return theta;
}

function calibrationOf(theta: Float64Array, slot: readonly number[]): TopicCalibration {
  const round = (value: number) => Number(value.toFixed(4)) || 0;
  return {
    scoreScale: round(theta[0]!),
    keywordScale: TOPICS.map((_, t) => round(theta[1]! + theta[2 + slot[t]!]!)),
    bias: TOPICS.map((_, t) => round(theta[2 + TOPIC_COUNT + slot[t]!]!)),
  };
}

/** Trains the topic model on labelled rows; the result is what topics-model.json holds. */
export function trainTopicModel(
  rows: readonly TopicTrainingRow[],
  options: Partial<TopicTrainingOptions> = {},
): TopicModelFile {
  const settings: TopicTrainingOptions = { ...DEFAULT_TRAINING_OPTIONS, ...options };
  const folds = settings.calibrationFolds;
  if (folds < 2 || rows.length < folds * 2) return buildModel(rows, settings, UNCALIBRATED);
  // Every row is scored once by a model trained on the other folds.
  const weights = rowWeights(rows, settings.rowsPerSource);
  const topicWeight = new Float64Array(TOPIC_COUNT);
  rows.forEach((row, i) => (topicWeight[TOPICS.indexOf(row.topic)]! += weights[i]!));
  const topicsWithRows = topicWeight.filter((weight) => weight > 0).length;
  const heldOut: HeldOutArticle[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const model = compileTopicModel(buildModel(rows.filter((_, i) => i % folds !== fold), settings, UNCALIBRATED));
    rows.forEach((row, i) => {
      if (i % folds !== fold) return;
      const topic = TOPICS.indexOf(row.topic);
      const signals = topicSignals(model, row.title, row.body);
      heldOut.push({ ...signals, topic, weight: weights[i]! / topicWeight[topic]! / topicsWithRows });
    });
  }
  const trained = Array.from(topicWeight, (weight) => weight > 0);
  const base = baseTopic(settings, trained);
  const theta = fitCalibration(heldOut, calibrationLayout(trained));
  // A topic without rows is calibrated like its base topic, whose words it borrows.
  const slot = TOPICS.map((_, t) => (trained[t] ? t : base));
  return buildModel(rows, settings, calibrationOf(theta, slot));
}
