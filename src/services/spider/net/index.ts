// The spider's network layer: one guarded HTTP client, robots.txt, politeness, URL rules and the
// parsers that discover articles. Pure of any database; the crawler composes these.
export * from './errors.js';
export * from './address-policy.js';
export * from './charset.js';
export * from './content-type.js';
export * from './retry-after.js';
export * from './guarded-client.js';
export * from './robots.js';
export * from './host-pacer.js';
export * from './url.js';
export * from './discovery/feeds.js';
export * from './discovery/sitemaps.js';
export * from './discovery/links.js';
