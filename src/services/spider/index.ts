// The spider (issue 3): crawl runs over the domains table, the article re-fetcher, favicons and
// one-page extraction. The network layer it stands on is ./net.
import type { AppContext } from '../../context.js';
import { isSpiderActive, stopSpider, waitForSpider } from './controller.js';
import { closeCrawlNetwork } from './network.js';
import { isRefetchActive, stopRefetch, waitForRefetch } from './refetch.js';

export {
  SPIDER_ACTIONS,
  controlSpider,
  isSpiderActive,
  pauseSpider,
  resumeSpider,
  spiderStatus,
  startSpider,
  stopSpider,
  waitForSpider,
  type SpiderAction,
  type SpiderCtx,
  type SpiderJobState,
  type SpiderStatusFields,
} from './controller.js';
export {
  REFETCH_INTERVAL_MS,
  REFETCH_MAX_WORDS,
  isRefetchActive,
  refetchStatus,
  startRefetch,
  stopRefetch,
  waitForRefetch,
  type RefetchProgress,
  type RefetchStatus,
} from './refetch.js';
export { domainFavicon, faviconDir, type Favicon } from './favicons.js';
export { readArticlePage } from './extraction.js';
export { crawlNetwork, closeCrawlNetwork, politeFetch, type CrawlNetwork } from './network.js';

/** Ends whatever crawling this process does (daemon shutdown): runs stopped, connections closed. */
export async function shutdownSpider(ctx: AppContext): Promise<void> {
  if (isSpiderActive(ctx)) await stopSpider(ctx, 'Spider stopped: the daemon is shutting down').catch(() => waitForSpider(ctx));
  if (isRefetchActive(ctx)) await stopRefetch(ctx).catch(() => waitForRefetch(ctx));
  await closeCrawlNetwork(ctx);
}
