import { describe, expect, it } from 'vitest';
import {
  analyzeStories,
  clusterStories,
  rankStories,
  rankStoriesInTurns,
  rankTrends,
  type OfflineTrend,
  type StoryInput,
} from '../../../../../src/services/reader/trends/engine/index.js';
import { splitSentences } from '../../../../../src/shared/text/sentences.js';
import { corpus, reordered, volcano } from './corpus.js';
import { countTurns } from '../../../../helpers/turns.js';

/** True when `description` is made only of whole sentences of the articles (a headline may gain a full stop). */
function isExtractive(description: string, articles: StoryInput[]): boolean {
  const pieces = articles
    .flatMap((a) => [a.title.trim(), ...splitSentences(a.body ?? '')])
    .filter(Boolean)
    .sort((x, y) => y.length - x.length);
  let rest = description.trim();
  while (rest) {
    const piece = pieces.find((p) => rest.startsWith(p));
    if (!piece) return false;
    rest = rest.slice(piece.length).replace(/^\.?\s*/, '');
  }
  return true;
}

describe('rankTrends', () => {
  const stories = clusterStories(corpus);
  const trends = rankTrends(stories);
  const byFirst = (id: string) => trends.find((t) => t.articleIds.includes(id)) as OfflineTrend;

  it('makes no trend of a story one source covers, even in several articles', () => {
    const bikeStory = stories.find((story) => story.articles.some((article) => article.id === 'b1'))!;
    expect(bikeStory.articles.length).toBeGreaterThanOrEqual(2);
    expect(trends.find((trend) => trend.articleIds.includes('b1'))).toBeUndefined();
  });

  it('ranks a story of five sources above a story of one source, when one source is allowed', () => {
    const all = rankTrends(stories, { minSources: 1 });
    const volcanoTrend = all.find((t) => t.articleIds.includes('v1'))!;
    const bikeTrend = all.find((t) => t.articleIds.includes('b1'))!;
    expect(volcanoTrend.sources).toHaveLength(5);
    expect(bikeTrend.sources).toEqual(['Town Gazette']);
    expect(volcanoTrend.relevanceScore).toBeGreaterThan(bikeTrend.relevanceScore);
    expect(all.indexOf(volcanoTrend)).toBeLessThan(all.indexOf(bikeTrend));
  });

  it('counts "www." and case as the same site', () => {
    const story = clusterStories(volcano.slice(0, 2).map((a, i) => ({ ...a, source: i ? 'WWW.Example.test' : 'example.test' })))[0]!;
    expect(story.articles).toHaveLength(2);
    expect(rankTrends([story])).toEqual([]);
  });

  it('scores relevance from 0 to 10 with one decimal', () => {
    for (const trend of trends) {
      expect(trend.relevanceScore).toBeGreaterThanOrEqual(0);
      expect(trend.relevanceScore).toBeLessThanOrEqual(10);
      expect(Math.round(trend.relevanceScore * 10) / 10).toBe(trend.relevanceScore);
    }
  });

  it('gives more recent stories more relevance, other things equal', () => {
    const older = volcano.map((a, i) => ({ ...a, id: `old${i}`, publishedAt: '2031-03-01T10:00:00Z' }));
    const [recent, stale] = [clusterStories(volcano)[0]!, clusterStories(older)[0]!];
    const ranked = rankTrends([stale, recent], { now: new Date('2031-03-09T18:00:00Z') });
    expect(ranked[0]!.storyId).toBe(recent.storyId);
    expect(ranked[0]!.relevanceScore).toBeGreaterThan(ranked[1]!.relevanceScore);
  });

  it('titles each trend with one of its own headlines', () => {
    for (const trend of trends) {
      const titles = corpus.filter((a) => trend.articleIds.includes(a.id)).map((a) => a.title);
      expect(titles).toContain(trend.title);
    }
  });

  it('describes each trend with 1–3 real sentences of its own articles', () => {
    for (const trend of trends) {
      const members = corpus.filter((a) => trend.articleIds.includes(a.id));
      expect(trend.description.length).toBeGreaterThan(0);
      expect(isExtractive(trend.description, members)).toBe(true);
    }
    const volcanoTrend = byFirst('v1');
    const sentenceCount = volcanoTrend.description.split(/(?<=[.!?])\s+/).length;
    expect(sentenceCount).toBeGreaterThanOrEqual(1);
    expect(sentenceCount).toBeLessThanOrEqual(3);
    expect(volcanoTrend.description).not.toContain(volcanoTrend.title);
  });

  it('keeps links to the source articles and counts them', () => {
    const volcanoTrend = byFirst('v1');
    expect([...volcanoTrend.articleIds].sort()).toEqual(volcano.map((a) => a.id).sort());
    expect(volcanoTrend.articlesAnalyzed).toBe(volcano.length);
  });

  it('leaves single articles out unless asked, and honours the limit', () => {
    expect(trends.every((t) => t.articlesAnalyzed >= 2)).toBe(true);
    expect(rankTrends(stories, { minArticles: 1, minSources: 1 }).length).toBe(stories.length);
    expect(rankTrends(stories, { limit: 1 })).toHaveLength(1);
  });

  it('gives the same trends whatever the input order', () => {
    const first = analyzeStories(corpus);
    const second = analyzeStories(reordered(corpus));
    expect(second.trends).toEqual(first.trends);
    expect(first.trends).toEqual(trends);
  });

  it('ranks a large set over turns of the event loop in the same order as all at once', async () => {
    const stories = clusterStories(corpus);
    const now = new Date('2031-03-10T00:00:00Z');
    const options = { now, minArticles: 1, minSources: 1 };
    const counting = countTurns();
    const inTurns = await rankStoriesInTurns(stories, options, 2);
    const turns = counting.stop();
    expect(inTurns.map((story) => story.storyId)).toEqual(rankStories(stories, options).map((story) => story.storyId));
    expect(inTurns.length).toBeGreaterThan(4);
    // Two stories a turn: the loop turned while they were measured.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(stories.length / 2) - 1);
  });
});
