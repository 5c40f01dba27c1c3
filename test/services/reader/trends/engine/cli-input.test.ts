// The `trends analyze --from-jsonl` reader: what reaches the engine, and what is refused; and what
// the command prints of each trend, its topic included.
import { describe, expect, it } from 'vitest';
import { analysisLines, parseArticleLines } from '../../../../../src/cli/trends-analysis.js';
import type { StoryInput } from '../../../../../src/services/reader/trends/engine/index.js';
import { tellingParagraphs, WEB_STORIES } from '../../../../fixtures/stories/local-web.js';

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
    expect(articles).toEqual([{ id: 'a1', title: 'Ferry strike enters second week', body: '', source: 'Harbor Times', publishedAt: '2031-03-09T06:10:00Z' }]);
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

describe('analysisLines', () => {
  // Three stories of the local web, each told by several sites, of three different topics.
  const stories = WEB_STORIES.filter((story) => ['quake', 'battery', 'hiv'].includes(story.key));
  const articles: StoryInput[] = stories.flatMap((story) =>
    story.titles.map((title, i) => ({
      id: `${story.key}-${i}`,
      title,
      body: tellingParagraphs(story, i).join('\n\n'),
      source: `site-${story.sites[i]}`,
      publishedAt: '2031-03-09T06:10:00Z',
    })),
  );
  const topicOfKey = new Map(stories.map((story) => [story.key, story.topic]));

  it('gives every trend of the JSON output its story topic', () => {
    const trends = analysisLines(articles, { json: true })
      .map((line) => JSON.parse(line) as { articleIds?: string[]; topic?: string })
      .filter((row) => row.articleIds);
    expect(trends).toHaveLength(3);
    for (const trend of trends) {
      const key = trend.articleIds![0]!.split('-')[0]!;
      expect(trend.articleIds!.every((id) => id.startsWith(`${key}-`))).toBe(true);
      expect(trend.topic).toBe(topicOfKey.get(key));
    }
  });

  it('prints the topic on each trend line of the text output', () => {
    const lines = analysisLines(articles);
    expect(lines[0]).toBe(`${articles.length} articles, 3 stories, 3 trends`);
    const headlines = lines.filter((line) => /^\d+\.\d\/10 {2}/.test(line));
    expect(headlines).toHaveLength(3);
    for (const story of stories) {
      const line = headlines.find((candidate) => story.titles.some((title) => candidate.endsWith(title)));
      expect(line, story.key).toContain(`[${story.topic}]`);
    }
  });
});
