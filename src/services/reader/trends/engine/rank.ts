// Stories → ranked trends. Relevance is 0–10 from three signals: how many distinct sources cover
// the story (the strongest: many newsrooms choosing a story is what makes it a trend), how many
// articles it has, and how recent its newest article is.
import { extractiveSummary, representativeTitle } from './summarize.js';
import type { OfflineTrend, RankOptions, StoryCluster } from './types.js';
import { siteHost } from '../../../../shared/site-names.js';
import { mapInTurns } from '../../../../shared/turns.js';

/** Distinct sources at which the source signal is full; logarithmic below, so that 5 sources
 * already count for much more than 1, and the big stories of a dense day still differ. */
const SOURCES_FOR_FULL = 50;
/** Articles at which the volume signal is full. */
const ARTICLES_FOR_FULL = 150;
/** A story loses half its recency signal every this many hours. */
const RECENCY_HALF_LIFE_HOURS = 24;
const WEIGHTS = { sources: 0.55, volume: 0.25, recency: 0.2 };

function logShare(count: number, full: number): number {
  return Math.min(1, Math.log1p(count) / Math.log1p(full));
}

// Source names repeat from story to story (a few thousand sites): each is read once. Bounded.
const KEYS_REMEMBERED = 20_000;
const keys = new Map<string, string>();

/** A source's identity: case and a leading "www." do not make another site. */
function sourceKey(source: string): string {
  let key = keys.get(source);
  if (key === undefined) {
    if (keys.size >= KEYS_REMEMBERED) keys.clear();
    keys.set(source, (key = siteHost(source)));
  }
  return key;
}

/**
 * The story's distinct source names, in its order (most central article first), and how many
 * sources cover it: an article without a source (a bare JSONL row) counts as one of its own,
 * since nothing says two such rows come from one site.
 */
function sourcesOf(story: StoryCluster): { distinct: string[]; count: number } {
  const seen = new Map<string, string>();
  let unnamed = 0;
  for (const article of story.articles) {
    const source = article.source?.trim();
    if (!source) {
      unnamed++;
      continue;
    }
    const key = sourceKey(source);
    if (!seen.has(key)) seen.set(key, source);
  }
  return { distinct: [...seen.values()], count: seen.size + unnamed };
}

/** How many sources cover the story. */
export function sourceCount(story: StoryCluster): number {
  return sourcesOf(story).count;
}

const isTrend = (articles: number, sources: number, options: Pick<RankOptions, 'minArticles' | 'minSources'>) =>
  articles >= (options.minArticles ?? 2) && sources >= (options.minSources ?? 2);

/** Whether a story is a trend: enough articles from enough distinct sources (two articles of one site are not). */
export function isTrendStory(story: StoryCluster, options: Pick<RankOptions, 'minArticles' | 'minSources'> = {}): boolean {
  return isTrend(story.articles.length, sourceCount(story), options);
}

function newestTime(story: StoryCluster): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (const article of story.articles) {
    const time = article.publishedAt ? Date.parse(article.publishedAt) : Number.NaN;
    if (!Number.isNaN(time) && time > newest) newest = time;
  }
  return newest;
}

function relevanceScore(story: StoryCluster, sources: number, newest: number, now: number | null): number {
  let recency = 0.5;
  if (now !== null && Number.isFinite(newest)) {
    const ageHours = Math.max(0, (now - newest) / 3_600_000);
    recency = 0.5 ** (ageHours / RECENCY_HALF_LIFE_HOURS);
  }
  const score =
    10 *
    (WEIGHTS.sources * logShare(Math.max(sources, 1), SOURCES_FOR_FULL) +
      WEIGHTS.volume * logShare(story.articles.length, ARTICLES_FOR_FULL) +
      WEIGHTS.recency * recency);
  return Math.round(score * 10) / 10;
}

interface RankedStory {
  story: StoryCluster;
  score: number;
  sources: string[];
  count: number;
  newest: number;
}

/** The batch's `now`: the given one, else the newest article's time (so the same batch always ranks alike). */
function rankingNow(stories: readonly StoryCluster[], options: RankOptions): number | null {
  if (options.now) return options.now.getTime();
  let newest = Number.NEGATIVE_INFINITY;
  for (const story of stories) newest = Math.max(newest, newestTime(story));
  return Number.isFinite(newest) ? newest : null;
}

/** What ranks a story, or null when it is no trend. */
function rankedStory(story: StoryCluster, now: number | null, options: RankOptions): RankedStory | null {
  const { distinct, count } = sourcesOf(story);
  if (!isTrend(story.articles.length, count, options)) return null;
  const newest = newestTime(story);
  return { story, score: relevanceScore(story, count, newest, now), sources: distinct, count, newest };
}

const byRank = (x: RankedStory, y: RankedStory) =>
  y.score - x.score ||
  y.count - x.count ||
  y.story.articles.length - x.story.articles.length ||
  y.newest - x.newest ||
  (x.story.storyId < y.story.storyId ? -1 : x.story.storyId > y.story.storyId ? 1 : 0);

/** The stories that are trends, most relevant first, with what ranked them; nothing described yet. */
function rankedStories(stories: StoryCluster[], options: RankOptions): RankedStory[] {
  const now = rankingNow(stories, options);
  const ranked: RankedStory[] = [];
  for (const story of stories) {
    const entry = rankedStory(story, now, options);
    if (entry) ranked.push(entry);
  }
  return ranked.sort(byRank);
}

/**
 * rankStories for a daemon's large window: the stories measured `perTurn` a turn of the event loop
 * (a week's topic of thousands of stories at once held the daemon's thread for 70–100 ms). `now`
 * must be given: finding the batch's newest article would read them all in one go.
 */
export async function rankStoriesInTurns(stories: readonly StoryCluster[], options: RankOptions & { now: Date }, perTurn: number): Promise<StoryCluster[]> {
  const now = options.now.getTime();
  const entries = await mapInTurns(stories, perTurn, (story) => rankedStory(story, now, options));
  return entries
    .filter((entry): entry is RankedStory => entry !== null)
    .sort(byRank)
    .map(({ story }) => story);
}

/** The stories in the order rankTrends gives them, without writing a title or summary for each. */
export function rankStories(stories: StoryCluster[], options: RankOptions = {}): StoryCluster[] {
  return rankedStories(stories, options).map(({ story }) => story);
}

export function rankTrends(stories: StoryCluster[], options: RankOptions = {}): OfflineTrend[] {
  const ranked = rankedStories(stories, options);
  const limited = options.limit !== undefined ? ranked.slice(0, Math.max(0, options.limit)) : ranked;
  return limited.map(({ story, score, sources }) => {
    const title = representativeTitle(story);
    return {
      storyId: story.storyId,
      title,
      description: extractiveSummary(story, title),
      relevanceScore: score,
      articleIds: story.articles.map((article) => article.id),
      sources,
      articlesAnalyzed: story.articles.length,
    };
  });
}
