// The offline trends engine: recent articles → stories → ranked trends, with no model, network or
// database. Pure functions; the analyzer service stores what they return.
import { clusterStories } from './story-clusters.js';
import { rankTrends } from './rank.js';
import type { ClusterOptions, OfflineTrend, RankOptions, StoryCluster, StoryInput } from './types.js';

export { clusterStories, storyIdOf } from './story-clusters.js';
export { rankStories, rankStoriesInTurns, rankTrends, sourceCount, isTrendStory } from './rank.js';
/** Leads a story's description reads: its most central articles'. */
export { LEADS_READ as DESCRIBED_LEADS } from './summarize.js';
/** Characters of each article's lead the grouping reads. */
export { LEAD_LENGTH as GROUPED_LEAD } from './vectorize.js';
export type { ClusterOptions, OfflineTrend, RankOptions, StoryCluster, StoryInput } from './types.js';

export interface StoryAnalysis {
  /** Every article in exactly one story, largest story first. */
  stories: StoryCluster[];
  /** The stories that are trends, most relevant first. */
  trends: OfflineTrend[];
}

/** clusterStories then rankTrends, in one call. */
export function analyzeStories(articles: StoryInput[], options: ClusterOptions & RankOptions = {}): StoryAnalysis {
  const stories = clusterStories(articles, options);
  const trends = rankTrends(stories, { now: options.now, limit: options.limit, minArticles: options.minArticles, minSources: options.minSources });
  return { stories, trends };
}
