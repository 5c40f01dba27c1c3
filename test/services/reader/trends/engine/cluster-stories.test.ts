import { describe, expect, it } from 'vitest';
import { clusterStories, storyIdOf, type StoryCluster, type StoryInput } from '../../../../../src/services/reader/trends/engine/index.js';
import { bikeLanes, corpus, reordered, sameCrawlTime, volcano, wireCopies } from './corpus.js';

const clusterOf = (clusters: StoryCluster[], id: string) => clusters.find((c) => c.articles.some((a) => a.id === id))!;
const idsOf = (cluster: StoryCluster) => cluster.articles.map((a) => a.id).sort();

describe('clusterStories', () => {
  const clusters = clusterStories(corpus);

  it('puts every article in exactly one story, singletons included', () => {
    const seen = clusters.flatMap((c) => c.articles.map((a) => a.id)).sort();
    expect(seen).toEqual(corpus.map((a) => a.id).sort());
    expect(clusters.every((c) => c.articles.length === c.centrality.length)).toBe(true);
  });

  it('groups one event covered by different sources, in different words, into one story', () => {
    expect(idsOf(clusterOf(clusters, 'v1'))).toEqual(volcano.map((a) => a.id).sort());
  });

  it('merges near-duplicate wire copies', () => {
    expect(idsOf(clusterOf(clusters, 'w1'))).toEqual(wireCopies.map((a) => a.id).sort());
  });

  it('keeps unrelated articles apart', () => {
    expect(idsOf(clusterOf(clusters, 'b1'))).toEqual(bikeLanes.map((a) => a.id).sort());
    for (const article of sameCrawlTime) expect(idsOf(clusterOf(clusters, article.id))).toEqual([article.id]);
  });

  it('never merges articles for sharing a crawl time alone', () => {
    const alone = clusterStories(sameCrawlTime);
    expect(alone).toHaveLength(sameCrawlTime.length);
  });

  it('does not join near-identical headlines of different days', () => {
    const split = clusterStories([
      { id: 'd1', title: 'Harbor Street bike lanes open to riders', publishedAt: '2031-03-09T10:00:00Z' },
      { id: 'd2', title: 'Harbor Street bike lanes open to riders', publishedAt: '2031-03-12T10:00:00Z' },
    ]);
    expect(split).toHaveLength(2);
  });

  it('keeps a big story whole and apart from its retelling days later, whatever the order (long posting lists, stories grown in place)', () => {
    // 60 tellings of one story on one day and 60 of the same words four days later: its words'
    // posting lists are long enough to be read by day, and each day's story grows a telling at a time.
    const who = ['Officials', 'Residents', 'Crews', 'Engineers', 'Police', 'Inspectors', 'Commuters'];
    const what = ['detour', 'ferry', 'buses', 'traffic', 'repairs', 'schools', 'shops', 'cyclists', 'trucks', 'deliveries', 'tourists'];
    const telling = (id: string, i: number, publishedAt?: string) => ({
      id,
      title: `Harbor Street bridge closed after crack found in main span, ${who[i % who.length]} ${['say', 'report', 'confirm'][i % 3]}`,
      body: `The bridge stays shut while ${who[(i + 3) % who.length]!.toLowerCase()} weigh ${what[i % what.length]} and ${what[(i * 7 + 2) % what.length]} plans.`,
      ...(publishedAt ? { publishedAt } : {}),
    });
    const first = Array.from({ length: 60 }, (_, i) => telling(`a${i}`, i, new Date(Date.UTC(2031, 2, 9, 6, 10 * i)).toISOString()));
    const later = Array.from({ length: 60 }, (_, i) => telling(`b${i}`, i, new Date(Date.UTC(2031, 2, 13, 6, 10 * i)).toISOString()));
    const batch = [...first, ...later];
    const stories = clusterStories(batch);
    expect(idsOf(clusterOf(stories, 'a0'))).toEqual(first.map((a) => a.id).sort());
    expect(idsOf(clusterOf(stories, 'b0'))).toEqual(later.map((a) => a.id).sort());
    expect(clusterStories([...batch].reverse()).map((story) => story.storyId)).toEqual(stories.map((story) => story.storyId));
  });

  it('keeps one story whole across midnight: days are counted in elapsed time, not calendar dates', () => {
    // Every quarter of an hour from 23:00 UTC on, so half the coverage falls on the next date.
    const overnight = volcano.map((article, i) => ({ ...article, publishedAt: new Date(Date.UTC(2031, 2, 9, 23, 15 * i)).toISOString() }));
    expect(new Set(overnight.map((article) => article.publishedAt!.slice(0, 10))).size).toBe(2);
    expect(idsOf(clusterOf(clusterStories(overnight), 'v1'))).toEqual(volcano.map((a) => a.id).sort());
  });

  it('is deterministic and does not depend on the input order', () => {
    const again = clusterStories(reordered(corpus));
    const summary = (list: StoryCluster[]) =>
      list.map((c) => ({ storyId: c.storyId, ids: c.articles.map((a) => a.id), keyTerms: c.keyTerms })).sort((x, y) => (x.storyId < y.storyId ? -1 : 1));
    expect(summary(again)).toEqual(summary(clusters));
  });

  it('names a story by its members only', () => {
    const story = clusterOf(clusters, 'w1');
    expect(story.storyId).toBe(storyIdOf(['w3', 'w1', 'w2']));
    expect(story.storyId).not.toBe(clusterOf(clusters, 'v1').storyId);
  });

  it('orders members by centrality, the most representative first', () => {
    const story = clusterOf(clusters, 'v1');
    const sorted = [...story.centrality].sort((a, b) => b - a);
    expect(story.centrality).toEqual(sorted);
    expect(story.centrality.every((c) => c >= 0 && c <= 1)).toBe(true);
  });

  it('puts first, of two equally central members, the headline the other tells most of, then the lower id', () => {
    // Both articles of a two-article story have the same cosine with their sum: which one the
    // rounding of the weights favoured used to name the story (the first pair was led by the
    // higher id, by chance).
    const lead = 'The harbor council approved the ferry terminal plan in a vote on Tuesday night.';
    const pairs: [a: StoryInput, b: StoryInput, first: string][] = [
      [{ title: 'harbor mayor ferry riders plan river river' }, { title: 'harbor mayor ferry riders plan river tunnel' }, 'story-a'],
      [{ title: 'riders ferry plan council funding mayor harbor' }, { title: 'riders ferry plan council funding mayor bridge' }, 'story-a'],
      [{ title: 'Vote tonight', body: lead }, { title: 'Harbor council approves ferry terminal plan', body: lead }, 'story-b'],
    ].map(([a, b, first]) => [
      { id: 'story-a', source: 'one', ...(a as object) } as StoryInput,
      { id: 'story-b', source: 'two', ...(b as object) } as StoryInput,
      first as string,
    ]);
    for (const [a, b, first] of pairs) {
      const stories = clusterStories([b, a], { background: null });
      const both = stories.find((story) => story.articles.length === 2)!;
      expect(both.articles[0]!.id).toBe(first);
      expect(both.centrality[0]).toBe(both.centrality[1]);
    }
  });

  it('handles an empty batch and articles without source, body or date', () => {
    expect(clusterStories([])).toEqual([]);
    const bare = clusterStories([{ id: 'x', title: 'Lone headline with no metadata at all' }]);
    expect(bare).toHaveLength(1);
    expect(bare[0]!.articles[0]!.id).toBe('x');
  });
});
