// Every query key of the web app, imported as `import * as keys from './keys'`. A key starts
// with its area ('trends', 'domains'…), so one invalidation of `keys.trends.all()` refreshes the
// whole area; the parts from the first '/…' on are the address the default query function GETs
// (api/client.ts pathOfQueryKey). Live messages invalidate these exact keys (api/live-updates.ts).
// The public pages' areas live in public-keys.ts (re-exported here), so their bundle does not
// carry the console's keys.
import { apiPath, endpoints } from '../../../src/api/endpoints.js';
import type { Topic } from './types.js';

export { audio, auth, home, settings } from './public-keys.js';

/** Trends, generated articles and logs are fetched with these limits. */
const TRENDS_LIMIT = 50;
const GENERATED_ARTICLES_LIMIT = 50;
export const LOGS_LIMIT = 100;

export const status = {
  all: () => ['status'] as const,
  current: () => ['status', apiPath(endpoints.status)] as const,
};

export const spider = {
  all: () => ['spider'] as const,
  refetch: () => ['spider', apiPath(endpoints.refetchStatus)] as const,
};

export const domains = {
  all: () => ['domains'] as const,
  list: () => ['domains', apiPath(endpoints.domains)] as const,
  stats: () => ['domains', apiPath(endpoints.domainStats)] as const,
  related: () => ['domains', apiPath(endpoints.relatedSites)] as const,
};

export const avoidDomains = {
  all: () => ['avoidDomains'] as const,
  list: () => ['avoidDomains', apiPath(endpoints.avoidDomains)] as const,
};

export const trends = {
  all: () => ['trends'] as const,
  list: (topic: Topic | 'all') =>
    topic === 'all'
      ? (['trends', 'list', apiPath(endpoints.trends), { limit: TRENDS_LIMIT }] as const)
      : (['trends', 'list', apiPath(endpoints.trendsByTopic, { topic }), { limit: TRENDS_LIMIT }] as const),
  statistics: () => ['trends', apiPath(endpoints.trendStatistics)] as const,
  foodStatus: () => ['trends', 'food', apiPath(endpoints.foodStatus)] as const,
};

export const generator = {
  all: () => ['generator'] as const,
  articles: () => ['generator', apiPath(endpoints.generatedArticles), { limit: GENERATED_ARTICLES_LIMIT }] as const,
  queue: () => ['generator', apiPath(endpoints.generatorQueue)] as const,
};

export const webhooks = {
  all: () => ['webhooks'] as const,
  deliveries: () => ['webhooks', apiPath(endpoints.webhookDeliveries)] as const,
};

export const digests = {
  all: () => ['digests'] as const,
  subscribers: () => ['digests', apiPath(endpoints.subscribers)] as const,
};

/** Every background job's state; a timed job's carries its row of the schedule (its next slot). */
export const jobs = {
  all: () => ['jobs'] as const,
  list: () => ['jobs', apiPath(endpoints.jobs)] as const,
};

export const logs = {
  all: () => ['logs'] as const,
  list: () => ['logs', apiPath(endpoints.logs), { limit: LOGS_LIMIT }] as const,
};

export const podcast = {
  all: () => ['podcast'] as const,
  lastScript: () => ['podcast', apiPath(endpoints.lastPodcastScript)] as const,
};

export const interview = {
  all: () => ['interview'] as const,
  lastScript: () => ['interview', apiPath(endpoints.lastInterviewScript)] as const,
};

export const music = {
  all: () => ['music'] as const,
  tracks: () => ['music', apiPath(endpoints.musicTracks)] as const,
  lastLyrics: () => ['music', apiPath(endpoints.lastLyrics)] as const,
};
