// Query keys of the areas the public pages use (see keys.ts, which re-exports them beside the
// console's areas). Kept apart so the public bundle does not carry the console's keys: a module
// that the entry and the console both import lands in the entry's chunk whole.
export const site = {
  all: () => ['site'] as const,
  info: () => ['site', '/api/site-info'] as const,
  currentTime: () => ['site', '/api/current-time'] as const,
};

export const auth = {
  check: () => ['auth', '/api/auth/check'] as const,
};

export const home = {
  all: () => ['home'] as const,
  page: () => ['home', '/api/home-page-data'] as const,
  recentArticles: () => ['home', '/api/articles/recent-by-topic'] as const,
};

export const search = {
  results: (q: string) => ['search', '/api/search', { q }] as const,
};

export const audio = {
  all: () => ['audio'] as const,
  latest: () => ['audio', '/api/latest-news-audio'] as const,
  /** An episode's transcript: its cues with their times, by the MP3's name without `.mp3`. */
  transcript: (stem: string) => ['audio', 'transcript', `/transcripts/${encodeURIComponent(stem)}.json`] as const,
};

export const settings = {
  all: () => ['settings'] as const,
  definitions: () => ['settings', 'definitions', '/api/settings'] as const,
  /** One setting of the schema table, GET /api/{key}. */
  one: (key: string) => ['settings', key, `/api/${key}`] as const,
};
