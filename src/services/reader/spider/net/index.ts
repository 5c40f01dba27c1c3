// The spider's network layer: one guarded HTTP client, robots.txt, politeness, URL rules and the
// parsers that discover articles. Pure of any database; the crawler composes these.
export * from '../../../../net/index.js';
export * from './robots.js';
export * from './host-pacer.js';
export * from './url.js';
export * from './discovery/feeds.js';
export * from './discovery/sitemaps.js';
export * from './discovery/links.js';
