// The stacking half of training (see train.ts): a small multinomial logistic regression on the
// held-out rows' signals (calibration), the folds those rows come from, and the optional two-level
// decision (per-topic biases, then a subject over a place) chosen on the same rows by macro-F1.
import { minimize } from './lbfgs.js';
import { decideIndex, type TopicCalibration, type TopicDecision, type TopicSignals } from '../../src/services/reader/classify/topic-model.js';
import { UNCALIBRATED } from './model-encoding.js';
import { TOPICS } from '../../src/shared/topics.js';

const TOPIC_COUNT = TOPICS.length;

export interface HeldOutArticle {
  signals: TopicSignals;
  topic: number;
  weight: number;
}

// The calibration's parameters: per signal a shared scale, then per topic and signal an
// adjustment of it, and a bias per topic. The ridge keeps the adjustments small where the held-out
// rows say little, and makes the fit strictly convex. The fourth signal (word vectors) only when
// the model has it.
const RIDGE = 1e-4;

function signalOf(signals: TopicSignals, s: number, t: number): number {
  return s === 0 ? signals.likelihoods[t]! : s === 1 ? signals.keywords[t]! : s === 2 ? signals.regression[t]! : signals.embedding[t]!;
}

/**
 * Multinomial logistic regression of the held-out topics on their signals (stacking). It compares
 * only the topics with rows: held-out articles can only be about them.
 */
export function fitCalibration(heldOut: readonly HeldOutArticle[], topics: readonly number[], signalCount: number): Float64Array {
  const perTopic = signalCount;
  const size = signalCount + TOPIC_COUNT * perTopic + TOPIC_COUNT;
  const biasAt = signalCount + TOPIC_COUNT * perTopic;
  const scores = new Float64Array(TOPIC_COUNT);
  const objective = (theta: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    for (const article of heldOut) {
      let top = -Infinity;
      for (const t of topics) {
        let score = theta[biasAt + t]!;
        for (let s = 0; s < signalCount; s++) score += (theta[s]! + theta[signalCount + t * perTopic + s]!) * signalOf(article.signals, s, t);
        top = Math.max(top, (scores[t] = score));
      }
      let sum = 0;
      for (const t of topics) sum += Math.exp(scores[t]! - top);
      const shift = top + Math.log(sum);
      loss += article.weight * (shift - scores[article.topic]!);
      for (const t of topics) {
        const share = article.weight * (Math.exp(scores[t]! - shift) - (t === article.topic ? 1 : 0));
        gradient[biasAt + t]! += share;
        for (let s = 0; s < signalCount; s++) {
          const value = share * signalOf(article.signals, s, t);
          gradient[s]! += value;
          gradient[signalCount + t * perTopic + s]! += value;
        }
      }
    }
    for (let i = 0; i < size; i++) {
      loss += 0.5 * RIDGE * theta[i]! * theta[i]!;
      gradient[i]! += RIDGE * theta[i]!;
    }
    return loss;
  };
  const start = new Float64Array(size);
  start.fill(1 / signalCount, 0, signalCount);
  return minimize(objective, start, { maxIterations: 1000, tolerance: 1e-12 });
}

export function calibrationOf(theta: Float64Array, slot: readonly number[], signalCount: number): TopicCalibration {
  const round = (value: number) => Number(value.toFixed(4)) || 0;
  const scale = (s: number) => TOPICS.map((_, t) => round(theta[s]! + theta[signalCount + slot[t]! * signalCount + s]!));
  return {
    likelihoodScale: scale(0),
    keywordScale: scale(1),
    regressionScale: scale(2),
    ...(signalCount > 3 ? { embeddingScale: scale(3) } : {}),
    bias: TOPICS.map((_, t) => round(theta[signalCount + TOPIC_COUNT * signalCount + slot[t]!]!)),
  };
}

/** Fold of each row: round robin within each (topic, source) pair, so every fold has each kind of row. */
export function foldsOf(rows: readonly { topic: string; source?: string }[], folds: number): Int32Array {
  const seen = new Map<string, number>();
  return Int32Array.from(rows, (row) => {
    const key = `${row.topic}\u0000${row.source ?? ''}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n % folds;
  });
}

/** Macro-F1 over `topics` of the decisions, each row counting its weight. */
function weightedMacroF1(decided: Int32Array, heldOut: readonly HeldOutArticle[], topics: readonly number[]): number {
  const correct = new Float64Array(TOPIC_COUNT);
  const predicted = new Float64Array(TOPIC_COUNT);
  const gold = new Float64Array(TOPIC_COUNT);
  heldOut.forEach((article, i) => {
    gold[article.topic]! += article.weight;
    predicted[decided[i]!]! += article.weight;
    if (decided[i] === article.topic) correct[article.topic]! += article.weight;
  });
  let sum = 0;
  for (const t of topics) {
    const precision = predicted[t]! > 0 ? correct[t]! / predicted[t]! : 0;
    const recall = gold[t]! > 0 ? correct[t]! / gold[t]! : 0;
    sum += precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  }
  return sum / topics.length;
}

const SUBJECT_THRESHOLDS = [1, 0.5, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1];
const BIAS_STEPS = [-0.6, -0.4, -0.3, -0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6];

/**
 * The decision that gives the best macro-F1 on the held-out rows: for each subject threshold, the
 * per-topic biases by coordinate ascent (two sweeps; a topic without rows keeps 0). Cross-validated
 * like the calibration: every probability here comes from models that did not see the row.
 */
export function fitDecision(probabilities: readonly Float64Array[], heldOut: readonly HeldOutArticle[], topics: readonly number[]): TopicDecision {
  const decided = new Int32Array(heldOut.length);
  const evaluate = (decision: TopicDecision) => {
    probabilities.forEach((p, i) => (decided[i] = decideIndex(decision, p)));
    return weightedMacroF1(decided, heldOut, topics);
  };
  let best: { decision: TopicDecision; f1: number } | null = null;
  for (const subjectThreshold of SUBJECT_THRESHOLDS) {
    const decision: TopicDecision = { bias: TOPICS.map(() => 0), subjectThreshold };
    let f1 = evaluate(decision);
    for (let sweep = 0; sweep < 2; sweep++) {
      for (const t of topics) {
        let bestStep = decision.bias[t]!;
        for (const step of BIAS_STEPS) {
          decision.bias[t] = step;
          const score = evaluate(decision);
          if (score > f1 + 1e-9) {
            f1 = score;
            bestStep = step;
          }
        }
        decision.bias[t] = bestStep;
      }
    }
    // A lower threshold must earn its place: ties keep the plainer decision.
    if (!best || f1 > best.f1 + 1e-9) best = { decision: { bias: [...decision.bias], subjectThreshold }, f1 };
  }
  return best!.decision;
}

/** UNCALIBRATED, with an embedding scale when the model has four signals. */
export function uncalibrated(signalCount: number): TopicCalibration {
  return signalCount > 3 ? { ...UNCALIBRATED, embeddingScale: TOPICS.map(() => 0) } : UNCALIBRATED;
}
