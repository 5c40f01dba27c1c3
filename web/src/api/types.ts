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

// ---- The console (spec 001 §3) ----

// Wire types the server already publishes in src/api/ (the shared contract).
export type {
  DeleteGeneratedArticlesResult,
  GeneratedArticle,
  GeneratedArticleSource,
  GeneratorActionResult,
  QueueStatus,
  QueueStatusItem,
  RegenerateImageResult,
  SocialContentRequest,
  SocialContentResult,
} from '../../../src/api/index.js';

export type SpiderState = 'idle' | 'running' | 'paused';

/** GET /api/status, also pushed whole as status_update. */
export interface ConsoleStatus {
  spiderStatus: SpiderState;
  spiderProgress: number;
  spiderCurrentDomain: string | null;
  spiderSitesProcessed: number;
  spiderTotalSites: number;
  spiderActiveThreads: number;
  spiderPendingRequests: number;
  spiderCurrentRunArticleCount: number;
  spiderElapsedTime: string;
  spiderActivityLog: string[];
  spiderLastStartTime: string | null;
  trendsAnalyzerStatus: string;
  totalTrendsIdentified: number;
  mistralQueriesCount: number;
  trendsAnalyzerLastRun: string | null;
  trendsAnalyzerCurrentAction: string | null;
  generatorStatus: string;
  totalArticlesGenerated: number;
  generatorLastRun: string | null;
}

export interface RefetchStatus {
  isRunning: boolean;
  progress: {
    total: number;
    processed: number;
    updated: number;
    failed: number;
    currentTitle: string | null;
    currentUrl: string | null;
  };
}

export interface FoodRecategorizationStatus {
  isRunning: boolean;
  processed: number;
  recategorized: number;
  errors: number;
  total?: number;
  startedAt?: string | null;
  finishedAt?: string | null;
}

export type DomainStatus = 'active' | 'success' | 'error' | 'avoided' | 'paused' | 'idle';

export interface ConsoleDomain {
  id: number;
  url: string;
  status: DomainStatus;
  priority: number | null;
  throttle: number;
  startingUrl: string | null;
  errorMessage: string | null;
  lastScraped: string | null;
  articlesCount: number;
}

export interface AvoidDomain {
  id: number;
  url: string;
  reason: string | null;
}

/** Articles spidered per domain name. */
export type DomainStats = Record<string, number>;

export interface RelatedSites {
  sites: { url: string; host: string }[];
}

export interface DomainImportResult {
  added: number;
  skipped: number;
}

export interface DomainExport {
  lines: string[];
  text: string;
}

export interface Trend {
  id: number;
  title: string;
  description: string;
  relevanceScore: number;
  articlesAnalyzed: number | null;
  batchNumber: number | null;
  topic: Topic;
  identifiedAt: string;
  htmlFilePath: string | null;
}

export interface TrendTopicStatistics {
  topic: Topic;
  totalTrends: number;
  trendsWithArticles: number;
}

export interface RecategorizeResult {
  recategorized: number;
  unchanged: number;
}

export interface LogEntry {
  id: number;
  timestamp: string;
  component: string;
  level: string;
  message: string;
}

export interface SettingFieldDescription {
  name: string;
  label: string;
  /**
   * `text` one line, `multiline` a text area, numbers with their bounds, `boolean` a switch,
   * `select` one of `options`, `table` rows whose fields are `columns` (minimum/maximum: rows).
   */
  kind: 'text' | 'multiline' | 'integer' | 'number' | 'boolean' | 'select' | 'table';
  options?: string[];
  columns?: SettingFieldDescription[];
  secret: boolean;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  placeholder: string | null;
}

export interface SettingDescription {
  key: string;
  label: string;
  publicRead: boolean;
  partial: boolean;
  fields: SettingFieldDescription[];
}

/** GET /api/settings: the settings schema table, for the one editor. */
export interface SettingsDescriptions {
  settings: SettingDescription[];
  defaultModel: string;
  modelConfigured: boolean;
}

export type SettingValue = Record<string, unknown>;

/** A message of the live channel (/ws): its type and the fields spec 001 §7 names. */
export interface LiveMessage {
  type: string;
  [field: string]: unknown;
}

// ---- Audio (spec 001 §7 "Podcast", "Interviews", "Music"): the server's wire types ----
export type {
  AudioProgressMessage,
  EnhanceScriptResponse,
  GenerateAudioResponse,
  GenerateLatestNewsAudioResponse,
  GenerateLyricsResponse,
  GenerateMusicResponse,
  GenerateScriptResponse,
  InterviewScriptResponse,
  LastConversationalScript,
  LastInterviewScript,
  LastLyrics,
  MusicTrack,
} from '../../../src/api/index.js';
