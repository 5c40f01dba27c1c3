// The classifier's fast feature rows (each word's columns remembered, counts summed by column) are
// the rows training fits on: the same columns and values as featureRow(articleFeatureCounts(…)),
// text after text, so the shipped weights read what they were fitted to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelPath } from '../../../../src/paths.js';
import { articleFeatureCounts, featureRow, featureRowReader, type FeatureRow } from '../../../../src/services/reader/classify/article-features.js';
import type { TopicModelFile } from '../../../../src/services/reader/classify/topic-model.js';
import { decodeTopicRegression } from '../../../../src/services/reader/classify/topic-regression.js';
import { tellingParagraphs, WEB_STORIES } from '../../../fixtures/stories/local-web.js';

const regression = decodeTopicRegression((JSON.parse(readFileSync(modelPath('topics'), 'utf8')) as TopicModelFile).regression);

const asMap = (row: FeatureRow) => new Map([...row.columns].map((column, i) => [column, row.values[i]!]));

function expectSameRow(actual: FeatureRow, expected: FeatureRow): void {
  const want = asMap(expected);
  const got = asMap(actual);
  expect([...got.keys()].sort((a, b) => a - b)).toEqual([...want.keys()].sort((a, b) => a - b));
  for (const [column, value] of want) expect(got.get(column)).toBeCloseTo(value, 12);
}

describe('feature rows over the shipped vocabulary', () => {
  // Articles with their leads, and each paragraph on its own as a story's topic reads it.
  const texts = WEB_STORIES.flatMap((story) =>
    story.titles.flatMap((title, i) => {
      const paragraphs = tellingParagraphs(story, i);
      return [{ title, body: paragraphs.join('\n\n') }, ...paragraphs.map((paragraph) => ({ title: paragraph, body: undefined }))];
    }),
  );

  it('are the rows training reads, for headlines, leads, repeated words and text the vocabulary lacks', () => {
    const read = featureRowReader(regression.vocabulary, regression.idf, regression.weighting);
    const { weighting, vocabulary, idf } = regression;
    const cases = [
      ...texts,
      { title: 'Oil oil OIL prices: oil refiners and refinery workers', body: 'Refiners said oil prices rose. Oil, oil and more oil.' },
      { title: 'Zxqv wklm prrt', body: undefined },
      { title: '', body: '' },
    ];
    expect(cases.length).toBeGreaterThan(100);
    // Twice over: what one row counted must not leak into the next.
    for (let round = 0; round < 2; round++) {
      for (const { title, body } of cases) {
        const expected = featureRow(articleFeatureCounts(title, body, weighting), vocabulary, idf, weighting.pieceWeight);
        expectSameRow(read(title, body), expected);
      }
    }
    const unknown = read('Zxqv wklm prrt');
    const oil = read('Oil prices rise');
    expect(oil.columns.length).toBeGreaterThan(unknown.columns.length);
  });
});
