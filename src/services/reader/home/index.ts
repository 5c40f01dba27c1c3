// The public home page's data.
import type { AppContext } from '../../../context.js';
import { newestArticlesByDomain, newestArticlesByTopic, type DomainArticlesRow, type DomainListArticle } from '../../../db/articles.js';
import type { Republisher } from '../../../db/copies.js';
import { readableHost } from '../domains/host-names.js';
import { latestJobRun } from '../../../db/job-runs.js';
import { topTrendsByTopic } from '../../../db/trends.js';
import { TOPICS, type Topic } from '../../../shared/topics.js';
import { SPIDER_JOB, runStartedAt } from '../spider/status.js';
import { lastAnalysisAt } from '../trends/status.js';
import type { PublicArticle, HomePageData } from '../../../api/public.js';
import { storyPagePath } from '../../../shared/pages.js';
import { mapInTurns } from '../../../shared/turns.js';

const ARTICLES_PER_DOMAIN = 10;
const ARTICLES_PER_TOPIC = 5;
const TRENDS_PER_TOPIC = 5;
/** Sites' lists parsed and shaped per turn of the event loop: 2,000 at once held it for 60–130 ms. */
const SITES_PER_TURN = 200;

type Ctx = Pick<AppContext, 'sql'>;

function emptyByTopic<T>(): Record<Topic, T[]> {
  return Object.fromEntries(TOPICS.map((topic) => [topic, [] as T[]])) as Record<Topic, T[]>;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * What an article's answer adds when there is something to say: `alsoPublishedBy` (the names of the
 * outlets that republished it) and `teaser` (the site showed only its start).
 */
export const copyAndTeaserMarks = (row: { alsoPublishedBy: Republisher[] | null; teaser: boolean }) => ({
  ...(row.alsoPublishedBy?.length ? { alsoPublishedBy: [...new Set(row.alsoPublishedBy.map((copy) => readableHost(copy.name)))] } : {}),
  ...(row.teaser ? { teaser: true as const } : {}),
});

/** The 5 newest articles per topic: one function for both `recentArticlesByCategory` and the recent-by-topic call. */
export async function recentArticlesByTopic(ctx: Ctx): Promise<Record<Topic, PublicArticle[]>> {
  const byTopic = emptyByTopic<PublicArticle>();
  for (const row of await newestArticlesByTopic(ctx.sql, TOPICS, ARTICLES_PER_TOPIC)) {
    byTopic[row.topic].push({
      id: row.id,
      title: row.title,
      sourceUrl: row.sourceUrl,
      scrapedAt: iso(row.scrapedAt),
      domainName: row.domainName,
      language: row.language,
      ...copyAndTeaserMarks(row),
    });
  }
  return byTopic;
}

export async function topTrends(ctx: Ctx): Promise<HomePageData['topTrends']> {
  const byTopic = emptyByTopic<HomePageData['topTrends'][Topic][number]>();
  for (const row of await topTrendsByTopic(ctx.sql, TOPICS, TRENDS_PER_TOPIC)) {
    byTopic[row.topic].push({ id: row.id, title: row.title, category: row.topic, htmlFilePath: row.htmlFilePath, pageUrl: storyPagePath(row) });
  }
  return byTopic;
}

async function lastRunTimes(ctx: Ctx): Promise<HomePageData['lastRunTimes']> {
  const [spider, analysedAt] = await Promise.all([latestJobRun(ctx.sql, SPIDER_JOB), lastAnalysisAt(ctx)]);
  return {
    spiderLastRun: spider ? iso(runStartedAt(spider)) : null,
    trendsAnalyzerLastRun: analysedAt,
  };
}

function domainCard(row: DomainArticlesRow): HomePageData['articlesByDomain'][number] {
  return {
    domain: { id: row.domainId, url: row.domainUrl, priority: row.priority },
    articles: (JSON.parse(row.articles) as DomainListArticle[]).map(({ alsoPublishedBy, teaser, ...article }) => ({
      ...article,
      scrapedAt: iso(article.scrapedAt),
      ...copyAndTeaserMarks({ alsoPublishedBy, teaser }),
    })),
  };
}

export async function homePageData(ctx: Ctx): Promise<HomePageData> {
  const [domains, trends, recent, runs] = await Promise.all([
    newestArticlesByDomain(ctx.sql, ARTICLES_PER_DOMAIN),
    topTrends(ctx),
    recentArticlesByTopic(ctx),
    lastRunTimes(ctx),
  ]);
  return {
    articlesByDomain: await mapInTurns(domains, SITES_PER_TURN, domainCard),
    topTrends: trends,
    recentArticlesByCategory: recent,
    lastRunTimes: runs,
  };
}
