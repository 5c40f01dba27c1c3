// Response shapes of the daemon's public API (see the API contract in the web issue and decisions.md).

export const TOPICS = ['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science'] as const;
export type Topic = (typeof TOPICS)[number];

export interface SiteInfo {
  siteName: string;
  assistantUrl: string;
  /** IANA zone every displayed time uses, e.g. America/Chicago. */
  timeZone: string;
}

export interface Article {
  id: number | string;
  title: string;
  sourceUrl: string;
  scrapedAt: string;
  domainName: string;
}

export interface Domain {
  id: number | string;
  url: string;
  priority: number | null;
}

export interface DomainArticles {
  domain: Domain;
  articles: Article[];
}

export interface TopTrend {
  id: number | string;
  title: string;
  category: string;
  htmlFilePath: string | null;
}

export type ArticlesByTopic = Partial<Record<Topic, Article[]>>;

export interface HomePageData {
  articlesByDomain: DomainArticles[];
  topTrends: Partial<Record<Topic, TopTrend[]>>;
  recentArticlesByCategory?: ArticlesByTopic;
  lastRunTimes: { spiderLastRun: string | null; trendsAnalyzerLastRun: string | null };
}

export interface ImplicationsPrompt {
  promptText: string;
}

export type LatestNewsAudio =
  | { exists: false }
  | { exists: true; audioUrl: string; generatedAt: string };

export interface CurrentTime {
  utcTime: string;
}

export interface AuthCheck {
  isAdmin: boolean;
}

export interface SearchResult {
  id: number | string;
  title: string;
  sourceUrl: string;
  domainUrl: string | null;
  daysSinceCrawl: number;
}

export interface SearchResponse {
  count: number;
  results: SearchResult[];
}

export interface RefreshConnectionPoolResult {
  ok: boolean;
  latencyMs: number;
}

/** Messages on /ws. The public site reacts to the first two; admin types arrive in later issues. */
export type LiveMessage =
  | { type: 'latest_news_audio'; audioUrl: string; generatedAt: string }
  | { type: 'home_data_updated' }
  | { type: string; [field: string]: unknown };
