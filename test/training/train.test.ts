import { describe, expect, it } from 'vitest';
import { compileTopicModel, decideIndex, predictTopic } from '../../src/services/reader/classify/topic-model.js';
import { serializeTopicModel, UNCALIBRATED } from '../../scripts/training/model-encoding.js';
import { TOPICS, type Topic } from '../../src/shared/topics.js';
import { trainTopicModel, type TopicTrainingRow } from '../../scripts/training/train.js';

// A tiny synthetic corpus: each topic with rows has a handful of its own words, and every headline
// mixes two of them with shared filler, in a fixed pattern (no randomness).
const TOPIC_WORDS: Partial<Record<Topic, string[]>> = {
  health: ['patients', 'clinic', 'vaccine', 'symptoms', 'nurses', 'therapy'],
  food: ['recipe', 'baking', 'dessert', 'soup', 'chef', 'noodles'],
  finance: ['shareholders', 'dividend', 'lender', 'earnings', 'merger', 'bonds'],
  usa: ['sheriff', 'county', 'jury', 'governor', 'tornado', 'deputies'],
  international: ['parliament', 'embassy', 'refugees', 'ceasefire', 'diplomats', 'kremlin'],
  tech: ['smartphone', 'software', 'hackers', 'gadget', 'laptop', 'browser'],
  science: ['astronomers', 'fossil', 'telescope', 'species', 'asteroid', 'physics'],
};
const FILLER = ['new', 'report', 'says', 'week', 'today', 'big', 'plan', 'after'];

function syntheticRows(): TopicTrainingRow[] {
  const rows: TopicTrainingRow[] = [];
  for (let i = 0; i < 24; i++) {
    for (const [topic, words] of Object.entries(TOPIC_WORDS) as [Topic, string[]][]) {
      const title = `${FILLER[i % FILLER.length]} ${words[i % words.length]} ${FILLER[(i * 3 + 1) % FILLER.length]} ${words[(i * 5 + 2) % words.length]}`;
      rows.push({ title, body: i % 4 === 0 ? `${words[(i + 1) % words.length]} ${FILLER[i % 3]}` : '', topic, source: `s${i % 2}` });
    }
  }
  return rows;
}

describe('trainTopicModel', () => {
  it('is deterministic: the same rows give a byte-identical model file', () => {
    const first = serializeTopicModel(trainTopicModel(syntheticRows()));
    const second = serializeTopicModel(trainTopicModel(syntheticRows()));
    expect(second).toBe(first);
  });

  it('writes a file that reads back as the same model', () => {
    const file = trainTopicModel(syntheticRows(), { credits: 'test rows' });
    expect(JSON.parse(serializeTopicModel(file))).toEqual(file);
    expect(file.topics).toEqual([...TOPICS]);
    expect(file.credits).toBe('test rows');
  });

  it('learns each topic that has rows', () => {
    const model = compileTopicModel(trainTopicModel(syntheticRows()));
    for (const [topic, words] of Object.entries(TOPIC_WORDS) as [Topic, string[]][]) {
      // A pair of the topic's words that no training headline had together in this order.
      expect(predictTopic(model, `${words[5]} ${words[0]}`).topic).toBe(topic);
    }
  });

  it('predicts energy, which has no rows, from its keywords alone, and only then', () => {
    const model = compileTopicModel(trainTopicModel(syntheticRows()));
    expect(predictTopic(model, 'refinery shuts as crude oil and gasoline prices jump').topic).toBe('energy');
    expect(predictTopic(model, 'opec pipeline lng').topic).toBe('energy');
    expect(predictTopic(model, 'new report says patients clinic').topic).toBe('health');
  });

  it('calibrates the topic without rows like its base topic', () => {
    const { calibration, regression } = trainTopicModel(syntheticRows());
    const finance = TOPICS.indexOf('finance');
    const energy = TOPICS.indexOf('energy');
    for (const scales of [calibration.likelihoodScale, calibration.keywordScale, calibration.regressionScale, calibration.bias]) {
      expect(scales[energy]).toBe(scales[finance]);
    }
    expect(calibration.likelihoodScale[finance]).toBeGreaterThan(0);
    // The regression knows only the topics with rows; energy borrows finance's probability.
    expect(regression.topics).not.toContain('energy');
    expect(regression.borrowed).toEqual({ energy: 'finance' });
  });

  it('is plain naive Bayes without calibration folds', () => {
    expect(trainTopicModel(syntheticRows(), { calibrationFolds: 0 }).calibration).toEqual(UNCALIBRATED);
  });

  it('caps the rows of one (topic, source) pair: three copies of a source weigh as one', () => {
    const rows = syntheticRows();
    const options = { calibrationFolds: 0, minArticles: 1, rowsPerSource: 12, bodyRowWords: 0 };
    const once = trainTopicModel(rows, options);
    const thrice = trainTopicModel([...rows, ...rows, ...rows], options);
    expect(thrice.terms.map(([term]) => term)).toEqual(once.terms.map(([term]) => term));
    thrice.terms.forEach(([, ...weights], i) => {
      const [, ...expected] = once.terms[i]!;
      weights.forEach((weight, t) => expect(Math.abs(weight - expected[t]!)).toBeLessThanOrEqual(1));
    });
    // Without the cap the copies would count three times and the weights move.
    const uncapped = trainTopicModel([...rows, ...rows, ...rows], { ...options, rowsPerSource: Infinity });
    expect(uncapped.terms).not.toEqual(once.terms);
  });

  it('refuses rows with an unknown topic', () => {
    expect(() => trainTopicModel([{ title: 'x', topic: 'sports' as Topic }])).toThrow(/unknown topic/);
  });

  it('learns nothing from bodies as bodies unless asked: only some topics have them, and that would teach "has a body"', () => {
    const rows = syntheticRows().map((row) => (row.topic === 'usa' ? { ...row, body: 'zebrafoo zebrafoo zebrafoo' } : { ...row, body: '' }));
    const termsOf = (file: ReturnType<typeof trainTopicModel>) => new Set(file.terms.map(([term]) => term));
    expect(termsOf(trainTopicModel(rows, { calibrationFolds: 0, bodyRowWords: 0 })).has('zebrafoo')).toBe(false);
    expect(termsOf(trainTopicModel(rows, { calibrationFolds: 0, bodyRowWords: 0, trainOnBodies: true })).has('zebrafoo')).toBe(true);
  });

  it('trains each body as a row of its own, the same as a headline of its topic with those words', () => {
    const rows = syntheticRows().map((row) => (row.topic === 'usa' ? { ...row, body: 'zebrafoo county sheriff says' } : { ...row, body: '' }));
    const asTitles: TopicTrainingRow[] = [
      ...rows.map(({ body: _body, ...row }) => row),
      ...rows.filter((row) => row.body).map((row) => ({ title: row.body, topic: row.topic, source: `${row.source}-body` })),
    ];
    const withBodyRows = trainTopicModel(rows, { bodyRowWords: 60 });
    expect(withBodyRows).toEqual(trainTopicModel(asTitles, { bodyRowWords: 60 }));
    expect(predictTopic(compileTopicModel(withBodyRows), 'zebrafoo').topic).toBe('usa');
    // Only the first words of a long body make its row.
    const long = rows.map((row) => (row.body ? { ...row, body: `${row.body} ${'dessert '.repeat(80)}` } : row));
    expect(trainTopicModel(long, { bodyRowWords: 4 })).toEqual(trainTopicModel(rows, { bodyRowWords: 4 }));
  });

  it('chooses its decision (biases, subject-before-place threshold) on held-out rows', () => {
    const file = trainTopicModel(syntheticRows(), { fitDecision: true });
    expect(file.decision!.bias).toHaveLength(TOPICS.length);
    expect(file.decision!.subjectThreshold).toBeGreaterThan(0);
    // Energy has no rows: nothing held out says how to move it.
    expect(file.decision!.bias[TOPICS.indexOf('energy')]).toBe(0);
    expect(trainTopicModel(syntheticRows()).decision).toEqual({ bias: TOPICS.map(() => 0), subjectThreshold: 1 });
  });

  it('decides in two levels: biased most probable topic, then a subject over a place when it reaches the threshold', () => {
    const p = Float64Array.from(TOPICS, (topic) => ({ usa: 0.6, energy: 0.25, finance: 0.15 })[topic as string] ?? 0);
    const plain = { bias: TOPICS.map(() => 0), subjectThreshold: 1 };
    expect(TOPICS[decideIndex(plain, p)]).toBe('usa');
    expect(TOPICS[decideIndex({ ...plain, subjectThreshold: 0.2 }, p)]).toBe('energy');
    expect(TOPICS[decideIndex({ ...plain, subjectThreshold: 0.3 }, p)]).toBe('usa');
    const towardFinance = TOPICS.map((topic) => (topic === 'finance' ? 1.5 : 0));
    expect(TOPICS[decideIndex({ bias: towardFinance, subjectThreshold: 0.2 }, p)]).toBe('finance');
    expect(TOPICS[decideIndex(plain, new Float64Array(TOPICS.length).fill(1 / TOPICS.length))]).toBe('international');
  });
});
