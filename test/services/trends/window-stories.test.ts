// One analysis window → stories with one topic each (src/services/trends/stories.ts), without a
// database: which stories can be trends, and whose evidence decides their topic.
import { describe, expect, it } from 'vitest';
import type { RecentArticleRow } from '../../../src/db/article-topics.js';
import { windowStories } from '../../../src/services/trends/stories.js';
import { tellingParagraphs, WEB_STORIES } from '../../fixtures/stories/local-web.js';

const now = new Date();

function rowsOf(key: string, sites: string[], topic: RecentArticleRow['ownTopic'], source: RecentArticleRow['topicSource'], firstId: number): RecentArticleRow[] {
  const story = WEB_STORIES.find((candidate) => candidate.key === key)!;
  return sites.map((site, i) => ({
    id: firstId + i,
    title: story.titles[i]!,
    lead: tellingParagraphs(story, i).join('\n\n'),
    domainName: site,
    publishedAt: now,
    scrapedAt: now,
    ownTopic: topic,
    topicSource: source,
  }));
}

describe('windowStories', () => {
  it('takes the topic from the offline classifier over the articles together, whatever topic they were stored under', () => {
    const rows = rowsOf('battery', ['a.test', 'b.test', 'c.test'], 'usa', 'offline', 1);
    const { covered, alone, topicOf } = windowStories(rows, { minArticles: 2, minSources: 2 });
    expect(covered).toHaveLength(1);
    expect(covered[0]!.topic).toBe('energy');
    expect(alone).toEqual([]);
    expect([...topicOf.values()]).toEqual(['energy', 'energy', 'energy']);
  });

  it('lets the model speak for the articles it classified', () => {
    const rows = rowsOf('battery', ['a.test', 'b.test', 'c.test'], 'finance', 'model', 1);
    expect(windowStories(rows, { minArticles: 2, minSources: 2 }).covered[0]!.topic).toBe('finance');
  });

  it('leaves a story of one site alone: its articles keep their own topics', () => {
    const rows = rowsOf('measles', ['www.one.test', 'one.test'], 'usa', 'offline', 1);
    const { covered, alone, topicOf } = windowStories(rows, { minArticles: 2, minSources: 2 });
    expect(covered).toEqual([]);
    expect(alone.sort()).toEqual([1, 2]);
    expect([...topicOf.values()]).toEqual(['usa', 'usa']);
    // They are one story: only the site rule keeps it from being a trend.
    expect(windowStories(rows, { minArticles: 2, minSources: 1 }).covered).toHaveLength(1);
  });
});
