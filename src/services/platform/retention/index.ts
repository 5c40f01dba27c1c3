// How long crawled articles are kept (the `article-retention` setting): after `bodyDays` an
// article keeps its title, lede and address but not its text (search and story pages still find
// it); after `articleDays` it is deleted, and a trend left with no article goes too — a trend that
// still holds newer articles stays. 0 keeps forever. Run hourly by the daemon, in batches.
import type { AppContext } from '../../../context.js';
import { clearArticleBodiesBefore, deleteArticlesBefore, deleteTrendsWithoutArticles } from '../../../db/retention.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { getSetting } from '../settings/index.js';
import { counted } from '../../../shared/words.js';
import { nextTurn } from '../../../shared/turns.js';

const BATCH = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ArticleRetention = { articleDays: number; bodyDays: number };

export interface PruneResult {
  bodiesCleared: number;
  articlesDeleted: number;
  trendsDeleted: number;
}

async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await step();
    total += done;
    if (done < BATCH) return total;
    // Other work (readers, the crawl) gets the database between two batches.
    await nextTurn();
  }
}

export async function pruneArticles(ctx: Pick<AppContext, 'sql' | 'events'>, now = new Date()): Promise<PruneResult> {
  const { articleDays, bodyDays } = await getSetting<ArticleRetention>(ctx, 'article-retention');
  const result: PruneResult = { bodiesCleared: 0, articlesDeleted: 0, trendsDeleted: 0 };
  if (articleDays > 0) {
    const cutoff = new Date(now.getTime() - articleDays * DAY_MS);
    result.articlesDeleted = await inBatches(() => deleteArticlesBefore(ctx.sql, cutoff, BATCH));
    if (result.articlesDeleted) result.trendsDeleted = await deleteTrendsWithoutArticles(ctx.sql, cutoff);
  }
  if (bodyDays > 0) {
    const cutoff = new Date(now.getTime() - bodyDays * DAY_MS);
    result.bodiesCleared = await inBatches(() => clearArticleBodiesBefore(ctx.sql, cutoff, BATCH));
  }
  if (result.articlesDeleted || result.bodiesCleared) {
    await logEvent(
      ctx,
      LOG_COMPONENTS.system,
      'info',
      `Retention: ${counted(result.articlesDeleted, 'article')} older than ${articleDays} days deleted (${counted(result.trendsDeleted, 'trend')} with them), ${counted(result.bodiesCleared, 'article text')} older than ${bodyDays} days cleared`,
    );
    ctx.events.emit('home_data_updated', {});
  }
  return result;
}
