// Query keys of the areas the public pages use (see keys.ts, which re-exports them beside the
// console's areas). Kept apart so the public bundle does not carry the console's keys: a module
// that the entry and the console both import lands in the entry's chunk whole.
import { apiPath, endpoints, settingEndpoints } from '../../../src/api/endpoints.js';

export const site = {
  all: () => ['site'] as const,
  info: () => ['site', apiPath(endpoints.siteInfo)] as const,
  currentTime: () => ['site', apiPath(endpoints.currentTime)] as const,
};

export const auth = {
  check: () => ['auth', apiPath(endpoints.authCheck)] as const,
};

export const home = {
  all: () => ['home'] as const,
  page: () => ['home', apiPath(endpoints.homePageData)] as const,
  recentArticles: () => ['home', apiPath(endpoints.recentArticlesByTopic)] as const,
};

export const search = {
  results: (q: string) => ['search', apiPath(endpoints.search), { q }] as const,
  saved: () => ['search', apiPath(endpoints.savedSearches)] as const,
};

export const audio = {
  all: () => ['audio'] as const,
  latest: () => ['audio', apiPath(endpoints.latestNewsAudio)] as const,
  /** An episode's transcript: its cues with their times, by the MP3's name without `.mp3`. */
  transcript: (stem: string) => ['audio', 'transcript', `/transcripts/${encodeURIComponent(stem)}.json`] as const,
};

export const settings = {
  all: () => ['settings'] as const,
  definitions: () => ['settings', 'definitions', apiPath(endpoints.settings)] as const,
  /** One setting of the schema table, GET /api/{key}. */
  one: (key: string) => ['settings', key, apiPath(settingEndpoints(key).read)] as const,
};
