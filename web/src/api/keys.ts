// Every query key of the web app. The default query function GETs the key's parts joined with
// slashes, so a key is also the address it loads; live events invalidate these exact keys.

export const keys = {
  siteInfo: () => ['/api/site-info'] as const,
  homePage: () => ['/api/home-page-data'] as const,
  recentArticles: () => ['/api/articles/recent-by-topic'] as const,
  implicationsPrompt: () => ['/api/analyze-implications-prompt'] as const,
  latestAudio: () => ['/api/latest-news-audio'] as const,
  currentTime: () => ['/api/current-time'] as const,
  authCheck: () => ['/api/auth/check'] as const,
  search: (q: string) => ['/api/search', { q }] as const,
};
