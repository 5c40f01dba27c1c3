import { describe, expect, it } from 'vitest';
import { denseScores, fitDenseRegression } from '../../scripts/training/embedding-regression.js';
import { compileTopicModel, predictTopic, topicSignals } from '../../src/services/reader/classify/topic-model.js';
import { serializeTopicModel } from '../../scripts/training/model-encoding.js';
import { TOPICS, type Topic } from '../../src/shared/topics.js';
import { DEFAULT_TRAINING_OPTIONS, trainTopicModel, type TopicTrainingRow } from '../../scripts/training/train.js';
import { wordTopicScores, type WordTopicScores } from '../../src/services/reader/classify/word-vectors.js';
import { articleEmbedding, wordVectors } from '../../scripts/training/word-vectors.js';

// Each topic's training words, and words of the same topic that no training row uses: their
// vectors point the same way, as pre-trained vectors of related words do.
const TRAINED: Partial<Record<Topic, string[]>> = {
  health: ['patients', 'clinic', 'vaccine', 'nurses'],
  food: ['recipe', 'baking', 'dessert', 'soup'],
  finance: ['shareholders', 'dividend', 'lender', 'earnings'],
  usa: ['sheriff', 'county', 'jury', 'governor'],
  international: ['parliament', 'embassy', 'refugees', 'ceasefire'],
  tech: ['smartphone', 'software', 'hackers', 'laptop'],
  science: ['astronomers', 'fossil', 'telescope', 'asteroid'],
};
const UNSEEN: Partial<Record<Topic, string[]>> = {
  health: ['cardiology', 'oncology'],
  food: ['sourdough', 'brioche'],
  finance: ['brokerage', 'bondholders'],
  usa: ['statehouse', 'township'],
  international: ['consulate', 'envoys'],
  tech: ['chipset', 'firmware'],
  science: ['cosmologists', 'quasars'],
};
const FILLER = ['new', 'report', 'says', 'week', 'big', 'plan'];
const TRAINED_TOPICS = Object.keys(TRAINED) as Topic[];
const D = TRAINED_TOPICS.length + 1;

/** Frequency order as GloVe has it: filler first, then a word no article can match, then the topic words. */
function syntheticVectors() {
  const words: string[] = [];
  const raw: number[] = [];
  const add = (word: string, direction: number, wobble: number) => {
    words.push(word);
    for (let d = 0; d < D; d++) raw.push(d === direction ? 1 : d === (direction + 1) % D ? wobble : 0);
  };
  FILLER.forEach((word, i) => add(word, D - 1, 0.1 * i));
  add('u.s.', D - 1, 0); // punctuation: topicWords() never yields it
  TRAINED_TOPICS.forEach((topic, t) => {
    TRAINED[topic]!.forEach((word, i) => add(word, t, 0.05 * i));
    UNSEEN[topic]!.forEach((word, i) => add(word, t, 0.07 * (i + 1)));
  });
  return wordVectors(
    words,
    raw,
    D,
    words.map(() => 1),
  );
}

function rows(): TopicTrainingRow[] {
  const out: TopicTrainingRow[] = [];
  for (let i = 0; i < 18; i++) {
    for (const topic of TRAINED_TOPICS) {
      const words = TRAINED[topic]!;
      out.push({ title: `${FILLER[i % FILLER.length]} ${words[i % words.length]} ${words[(i * 3 + 1) % words.length]}`, topic, source: `s${i % 2}` });
    }
  }
  return out;
}

describe('word vectors in the topic model', () => {
  it('reads words no training row used through their vectors', () => {
    const withVectors = compileTopicModel(trainTopicModel(rows(), {}, syntheticVectors()));
    const without = compileTopicModel(trainTopicModel(rows()));
    for (const topic of TRAINED_TOPICS) {
      const title = UNSEEN[topic]!.join(' ');
      expect(predictTopic(withVectors, title).topic).toBe(topic);
      // Without vectors these words are unknown: no evidence, the fallback answer.
      expect(predictTopic(without, title)).toEqual({ topic: 'international', confidence: 1 / TOPICS.length });
    }
  });

  it('keeps the words of the training rows and the most frequent others an article can match, and nothing else', () => {
    const used = new Set(rows().flatMap((row) => row.title.split(' ')));
    const kept = (commonWords: number) =>
      new Set(trainTopicModel(rows(), { embedding: { ...DEFAULT_TRAINING_OPTIONS.embedding, commonWords } }, syntheticVectors()).embedding!.words.split('\n'));
    // The 11 most frequent matchable words: the six filler words ('u.s.' skipped), the four health
    // words the rows use, then 'cardiology'.
    expect(kept(11)).toEqual(new Set([...used, 'cardiology']));
    expect(kept(0)).toEqual(used);
  });

  it('scores an article from its words as the regression over its mean vector does', () => {
    const vectors = syntheticVectors();
    const weighting = { bodyWeight: 0.5, bodyWords: 60 };
    const model = compileTopicModel(trainTopicModel(rows(), {}, vectors));
    const table: WordTopicScores = model.embedding!.scores;
    // The same regression, fitted here on the mean vectors, gives the same probabilities.
    const classes = TOPICS.filter((topic) => TRAINED_TOPICS.includes(topic));
    // Every (topic, source) pair has as many rows: training weighs them alike.
    const dense = fitDenseRegression(
      rows().map((row) => ({ x: articleEmbedding(vectors, row.title, row.body, weighting), label: classes.indexOf(row.topic), weight: 1 })),
      classes.length,
      { penalty: DEFAULT_TRAINING_OPTIONS.embedding.penalty, maxIterations: DEFAULT_TRAINING_OPTIONS.embedding.maxIterations },
    );
    for (const [title, body] of [
      ['cardiology clinic week', 'new quasars says'],
      ['consulate', undefined],
      ['zzqx', undefined],
    ] as const) {
      const expected = denseScores(dense, articleEmbedding(vectors, title, body, weighting));
      const got = wordTopicScores(table, title, body, weighting);
      for (let k = 0; k < classes.length; k++) expect(Math.exp(got[k]!)).toBeCloseTo(Math.exp(expected[k]!), 3);
    }
    expect(topicSignals(model, 'quasars').embedding.length).toBe(TOPICS.length);
  });

  it('writes a file that reads back as the same model, byte for byte on a second training', () => {
    const file = trainTopicModel(rows(), {}, syntheticVectors());
    expect(JSON.parse(serializeTopicModel(file))).toEqual(file);
    expect(serializeTopicModel(trainTopicModel(rows(), {}, syntheticVectors()))).toBe(serializeTopicModel(file));
  });
});
