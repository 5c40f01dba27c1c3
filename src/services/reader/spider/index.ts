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
} from './controller.js';
export {
  refetchStatus,
  startRefetch,
  stopRefetch,
  waitForRefetch,
} from './refetch.js';
export { domainFavicon, letterIcon } from './favicons.js';
export { readArticlePage } from './extraction.js';
export { crawlNetwork, closeCrawlNetwork } from './network.js';
