// The spider: crawl runs over the domains table, the article re-fetcher, favicons and
// one-page extraction. The network layer it stands on is ./net.

export {
  controlSpider,
  pauseSpider,
  resumeSpider,
  spiderStatus,
  startSpider,
  stopSpider,
  waitForSpider,
  type SpiderAction,
  type SpiderCtx,
  type SpiderStatusFields,
} from './controller.js';
export {
  refetchStatus,
  startRefetch,
  stopRefetch,
  waitForRefetch,
  type RefetchProgress,
  type RefetchStatus,
} from './refetch.js';
export { domainFavicon, letterIcon, type Favicon } from './favicons.js';
export { readArticlePage } from './extraction.js';
export { crawlNetwork, closeCrawlNetwork, type CrawlNetwork } from './network.js';

