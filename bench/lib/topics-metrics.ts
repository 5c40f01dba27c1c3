// Scoring of topic predictions against gold labels, as the trends data README defines it:
// per-topic precision, recall and F1, their macro average over all topics, accuracy, and the
// confusion matrix.
import { TOPICS, type Topic } from '../../src/shared/topics.js';

export interface TopicScore {
  topic: Topic;
  precision: number;
  recall: number;
  f1: number;
  gold: number;
  predicted: number;
}

export interface TopicReport {
  accuracy: number;
  macroF1: number;
  perTopic: TopicScore[];
  /** confusion[gold][predicted], TOPICS order. */
  confusion: number[][];
}

export function scoreTopics(gold: readonly Topic[], predicted: readonly Topic[]): TopicReport {
  const confusion = TOPICS.map(() => TOPICS.map(() => 0));
  gold.forEach((topic, i) => confusion[TOPICS.indexOf(topic)]![TOPICS.indexOf(predicted[i]!)]!++);
  const perTopic = TOPICS.map((topic, t) => {
    const correct = confusion[t]![t]!;
    const goldCount = confusion[t]!.reduce((a, b) => a + b, 0);
    const predictedCount = confusion.reduce((sum, row) => sum + row[t]!, 0);
    const precision = predictedCount ? correct / predictedCount : 0;
    const recall = goldCount ? correct / goldCount : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    return { topic, precision, recall, f1, gold: goldCount, predicted: predictedCount };
  });
  const correct = TOPICS.reduce((sum, _, t) => sum + confusion[t]![t]!, 0);
  return {
    accuracy: gold.length ? correct / gold.length : 0,
    macroF1: perTopic.reduce((sum, score) => sum + score.f1, 0) / TOPICS.length,
    perTopic,
    confusion,
  };
}

export function formatTopicReport(name: string, report: TopicReport): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [
    `${name}: accuracy ${f(report.accuracy)}, macro-F1 ${f(report.macroF1)}`,
    `  ${'topic'.padEnd(14)}${'P'.padStart(7)}${'R'.padStart(7)}${'F1'.padStart(7)}${'gold'.padStart(7)}${'pred'.padStart(7)}`,
    ...report.perTopic.map(
      (s) =>
        `  ${s.topic.padEnd(14)}${f(s.precision).padStart(7)}${f(s.recall).padStart(7)}${f(s.f1).padStart(7)}` +
        `${String(s.gold).padStart(7)}${String(s.predicted).padStart(7)}`,
    ),
    `  confusion (rows gold, columns predicted):`,
    `  ${''.padEnd(14)}${TOPICS.map((t) => t.slice(0, 6).padStart(7)).join('')}`,
    ...TOPICS.map((t, i) => `  ${t.padEnd(14)}${report.confusion[i]!.map((n) => String(n).padStart(7)).join('')}`),
  ];
  return lines.join('\n');
}
