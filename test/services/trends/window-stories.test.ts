// One analysis window → stories with one topic each (src/services/trends/stories.ts), without a
// database: which stories can be trends, and whose evidence decides their topic.
import { describe, expect, it } from 'vitest';
import type { RecentArticleRow } from '../../../src/db/article-topics.js';
import { windowStories, windowStoriesOffThread } from '../../../src/services/trends/stories.js';
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

  describe('in a worker thread', () => {
    // Every story of the local web, as its sites filed them.
    const everything = WEB_STORIES.flatMap((story, n) =>
      rowsOf(story.key, story.titles.map((_, i) => `site-${i}.test`), 'usa', 'offline', 100 * (n + 1)),
    );

    it("finds the same stories and topics as in the caller's thread, while the caller's event loop keeps turning", async () => {
      let turns = 0;
      const spin = () => {
        turns++;
        if (!done) setImmediate(spin);
      };
      let done = false;
      setImmediate(spin);
      const offThread = await windowStoriesOffThread(everything, { minArticles: 2, minSources: 2, offThreadFrom: 0 });
      done = true;
      // Sent back by structured clone: the same values, Map included.
      expect(offThread).toEqual(windowStories(everything, { minArticles: 2, minSources: 2 }));
      expect(offThread.covered.length).toBeGreaterThan(5);
      expect(offThread.topicOf).toBeInstanceOf(Map);
      // The worker's start alone takes many turns of the loop; in this thread there would be none.
      expect(turns).toBeGreaterThan(10);
    });

    it("stays in the caller's thread below the threshold", async () => {
      let turned = false;
      setImmediate(() => (turned = true));
      const result = windowStoriesOffThread(everything, { minArticles: 2, minSources: 2, offThreadFrom: everything.length + 1 });
      // Nothing could run between the call and its answer: it was computed synchronously.
      expect(turned).toBe(false);
      expect((await result).covered.length).toBeGreaterThan(5);
    });

    it('ends the worker and rejects when the run is stopped', async () => {
      const controller = new AbortController();
      const pending = windowStoriesOffThread(everything, { minArticles: 2, minSources: 2, offThreadFrom: 0 }, controller.signal);
      controller.abort(new Error('stopped'));
      await expect(pending).rejects.toThrow('stopped');
    });
  });
});
