// Every query key of the web app, imported as `import * as keys from '../api/keys'`. A key starts
// with its area ('trends', 'domains'…), so one invalidation of `keys.trends.all()` refreshes the
// whole area; the parts from the first '/…' on are the address the default query function GETs
// (api/client.ts pathOfQueryKey). Live messages invalidate these exact keys (api/live-updates.ts).
// The public pages' areas live in public-keys.ts (re-exported here), so their bundle does not
// carry the console's keys.
import type { Topic } from './types.js';

export { audio, auth, home, settings } from './public-keys.js';

/** Trends, generated articles and logs are fetched with these limits. */
const TRENDS_LIMIT = 50;
const GENERATED_ARTICLES_LIMIT = 50;
export const LOGS_LIMIT = 100;

export const status = {
  all: () => ['status'] as const,
  current: () => ['status', '/api/status'] as const,
};

export const spider = {
  all: () => ['spider'] as const,
  refetch: () => ['spider', '/api/spider/refetch/status'] as const,
};

export const domains = {
  all: () => ['domains'] as const,
  list: () => ['domains', '/api/domains'] as const,
  stats: () => ['domains', '/api/domain-stats'] as const,
  related: () => ['domains', '/api/domains/related-sites'] as const,
};

export const avoidDomains = {
  all: () => ['avoidDomains'] as const,
  list: () => ['avoidDomains', '/api/avoid-domains'] as const,
};

export const trends = {
  all: () => ['trends'] as const,
  list: (topic: Topic | 'all') =>
    topic === 'all'
      ? (['trends', 'list', '/api/trends', { limit: TRENDS_LIMIT }] as const)
      : (['trends', 'list', '/api/trends/by-topic', topic, { limit: TRENDS_LIMIT }] as const),
  statistics: () => ['trends', '/api/trends/statistics'] as const,
  foodStatus: () => ['trends', 'food', '/api/food-recategorization/status'] as const,
};

export const generator = {
  all: () => ['generator'] as const,
  articles: () => ['generator', '/api/generated-articles', { limit: GENERATED_ARTICLES_LIMIT }] as const,
  queue: () => ['generator', '/api/generator/queue-status'] as const,
};

export const webhooks = {
  all: () => ['webhooks'] as const,
  deliveries: () => ['webhooks', '/api/webhooks/deliveries'] as const,
};

export const logs = {
  all: () => ['logs'] as const,
  list: () => ['logs', '/api/logs', { limit: LOGS_LIMIT }] as const,
};

export const podcast = {
  all: () => ['podcast'] as const,
  lastScript: () => ['podcast', '/api/last-conversational-audio-script'] as const,
};

export const interview = {
  all: () => ['interview'] as const,
  lastScript: () => ['interview', '/api/last-interview-script'] as const,
};

export const music = {
  all: () => ['music'] as const,
  tracks: () => ['music', '/api/generated-music-tracks'] as const,
  lastLyrics: () => ['music', '/api/last-generated-lyrics'] as const,
};
