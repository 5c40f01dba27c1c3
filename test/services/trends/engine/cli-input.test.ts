// The `trends analyze --from-jsonl` reader: what reaches the engine, and what is refused.
import { describe, expect, it } from 'vitest';
import { parseArticleLines } from '../../../../src/cli/trends.js';

describe('parseArticleLines', () => {
  it('keeps only the fields the engine may read', () => {
    const line = JSON.stringify({
      id: 'a1',
      title: 'Ferry strike enters second week',
      body: '',
      source: 'Harbor Times',
      publishedAt: '2031-03-09T06:10:00Z',
      story_id: 'gold-7',
      topic: 'usa',
    });
    const { articles, problems } = parseArticleLines(`${line}\n`);
    expect(problems).toEqual([]);
    expect(articles).toEqual([
      { id: 'a1', title: 'Ferry strike enters second week', body: '', source: 'Harbor Times', publishedAt: '2031-03-09T06:10:00Z' },
    ]);
  });

  it('reports bad lines with their line numbers and keeps the good ones', () => {
    const text = [
      JSON.stringify({ id: 'a1', title: 'First headline' }),
      '{not json',
      '',
      JSON.stringify({ id: 'a2' }),
      JSON.stringify({ id: 'a1', title: 'Same id again' }),
      JSON.stringify({ id: 'a3', title: 'Bad date', publishedAt: 'yesterday' }),
      JSON.stringify({ id: 'a4', title: 'Second headline', source: null }),
    ].join('\n');
    const { articles, problems } = parseArticleLines(text);
    expect(articles.map((a) => a.id)).toEqual(['a1', 'a4']);
    expect(problems).toEqual([
      'line 2: not valid JSON',
      'line 4: "title" must be a non-empty string',
      'line 5: id "a1" already read on line 1',
      'line 6: "publishedAt" is not a date',
    ]);
  });
});
