// The URL table, written once: every /api route's method and path, with (as types only) what it
// answers and what body it reads. The server registers each route at its entry's path, the typed
// client and the web hooks build their addresses and query keys from the same entries, and a test
// holds the table and the server's registered routes equal both ways.
import type { AdminAccountResult, ApiTokenView, AuthCheck, CreatedApiToken, LoginResult } from './auth.js';
import type {
  EnhanceScriptResponse,
  GenerateAudioResponse,
  GenerateLatestNewsAudioResponse,
  GenerateLyricsResponse,
  GenerateMusicRequest,
  GenerateMusicResponse,
  GenerateScriptResponse,
  InterviewScriptResponse,
  LastConversationalScript,
  LastInterviewScript,
  LastLyrics,
  LatestNewsAudio,
  MusicTrack,
  SavedScript,
  SaveScriptRequest,
} from './audio.js';
import type {
  AvoidDomainView,
  DomainChanges,
  DomainExport,
  DomainView,
  ImportResult,
  NewDomainInput,
  RelatedScrapeResult,
  ReextractResult,
  RelatedSites,
  RemovedDomain,
  DomainRules,
  RulesPreview,
  RulesPreviewRequest,
  SiteRulesInput,
} from './domains.js';
import type {
  DeleteGeneratedArticlesResult,
  GeneratedArticle,
  GenerateFromTrendRequest,
  GeneratorActionResult,
  QueueStatus,
  RegenerateImageResult,
  SocialContentRequest,
  SocialContentResult,
} from './generator.js';
import type { DiskStatusAnswer, JobState, NotRunningAnswer } from './jobs.js';
import type { LogEntry } from './logs.js';
import type { WebhookDeliveryView } from './webhooks.js';
import type { DigestFrequency, DigestSendResult, PushSubscribeRequest, SubscribeAnswer, SubscribeRequest, SubscriberList } from './subscriptions.js';
import type { CurrentTime, HealthAnswer, HomePageData, RefreshConnectionPoolResult, SavedSearchView, SearchResponse, SiteInfo } from './public.js';
import type { SettingsDescriptions } from './settings.js';
import type { FoodRecategorizationStatus, RefetchStatus, SpiderStatusFields, StatusResponse, StopAnswer } from './status.js';
import type { AnalyzerControlResult, ClearTrendsResult, RecategorizeTrendsResult, StoryTopicResult, Trend, TrendTopicStatistics } from './trends.js';

/** Where the API is mounted. */
export const API_PREFIX = '/api';

/** Where the Google Reader API is mounted too (the apps' "FreshRSS" account type); its own paths are the protocol's. */
export const READER_API_PREFIX = `${API_PREFIX}/greader.php`;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One /api route: its method and its path under API_PREFIX (`:name` marks a parameter). */
export interface Endpoint<Response = unknown, Body = undefined, Path extends string = string> {
  readonly method: HttpMethod;
  readonly path: Path;
  /** Never set: carries the answer's and the body's types to the client and the web hooks. */
  readonly types?: { response: Response; body: Body };
}

/** `answers<T, B>().post('/x')`: POST /api/x reads a B and answers a T (the path's literal type kept for its parameters). */
function answers<Response, Body = undefined>() {
  const at =
    (method: HttpMethod) =>
    <Path extends string>(path: Path): Endpoint<Response, Body, Path> => ({ method, path });
  return { get: at('GET'), post: at('POST'), put: at('PUT'), patch: at('PATCH'), delete: at('DELETE') };
}

/** A binary answer (an MP3, a .docx, a dump): read by a download, not as JSON. */
export type BinaryAnswer = { readonly binary: true };

export const endpoints = {
  // Public reads (served from the public snapshot) and search.
  currentTime: answers<CurrentTime>().get('/current-time'),
  siteInfo: answers<SiteInfo>().get('/site-info'),
  homePageData: answers<HomePageData>().get('/home-page-data'),
  recentArticlesByTopic: answers<HomePageData['recentArticlesByCategory']>().get('/articles/recent-by-topic'),
  topTrendsByCategory: answers<HomePageData['topTrends']>().get('/trends/top-by-category'),
  articlesByDomain: answers<HomePageData['articlesByDomain']>().get('/articles-by-domain'),
  latestNewsAudio: answers<LatestNewsAudio>().get('/latest-news-audio'),
  search: answers<SearchResponse>().get('/search'),
  savedSearches: answers<SavedSearchView[]>().get('/saved-searches'),
  saveSearch: answers<SavedSearchView, { name: string; query: string }>().post('/saved-searches'),
  removeSavedSearch: answers<{ message: string }>().delete('/saved-searches/:id'),

  // Sign-in and access.
  login: answers<LoginResult, { username: string; password: string }>().post('/auth/login'),
  logout: answers<{ ok: true }>().post('/auth/logout'),
  authCheck: answers<AuthCheck>().get('/auth/check'),
  setAdmin: answers<AdminAccountResult, { username: string; password: string }>().post('/admin/users'),
  tokens: answers<{ tokens: ApiTokenView[] }>().get('/tokens'),
  createToken: answers<CreatedApiToken, { name: string }>().post('/tokens'),
  revokeToken: answers<{ ok: true }>().delete('/tokens/:id'),

  // Operations.
  health: answers<HealthAnswer>().get('/health'),
  refreshConnectionPool: answers<RefreshConnectionPoolResult>().post('/health/refresh-connection-pool'),
  diskStatus: answers<DiskStatusAnswer>().get('/health/disk'),
  dbDump: answers<BinaryAnswer>().get('/db/dump'),
  status: answers<StatusResponse>().get('/status'),
  jobs: answers<JobState[]>().get('/jobs'),
  stopJob: answers<NotRunningAnswer & { status?: string }>().post('/jobs/:name/stop'),
  logs: answers<LogEntry[]>().get('/logs'),
  webhookDeliveries: answers<WebhookDeliveryView[]>().get('/webhooks/deliveries'),

  // E-mail digests: the public subscribe call, then the administrator's list and sends.
  subscribe: answers<SubscribeAnswer, SubscribeRequest>().post('/subscriptions'),
  subscribers: answers<SubscriberList>().get('/subscriptions'),
  removeSubscriber: answers<{ message: string }>().delete('/subscriptions/:id'),
  sendDigest: answers<DigestSendResult, { frequency?: DigestFrequency; to?: string } | undefined>().post('/digests/send'),

  // Web Push: the site's public key, and a browser's subscription (public).
  pushPublicKey: answers<{ publicKey: string }>().get('/push/public-key'),
  pushSubscribe: answers<{ message: string }, PushSubscribeRequest>().post('/push/subscriptions'),
  pushUnsubscribe: answers<{ message: string }, { endpoint: string }>().delete('/push/subscriptions'),
  settings: answers<SettingsDescriptions>().get('/settings'),

  // The spider and the re-fetcher.
  spiderStatus: answers<SpiderStatusFields>().get('/spider/status'),
  /** start (optionally one domain), pause, resume, stop. */
  spiderControl: answers<StopAnswer<SpiderStatusFields>, { domain?: string } | undefined>().post('/spider/:action'),
  refetchStatus: answers<RefetchStatus>().get('/spider/refetch/status'),
  /** start or stop. */
  refetchControl: answers<StopAnswer<RefetchStatus>>().post('/spider/refetch/:action'),

  // Sites.
  domains: answers<DomainView[]>().get('/domains'),
  addDomain: answers<DomainView, NewDomainInput>().post('/domains'),
  updateDomain: answers<DomainView, DomainChanges>().patch('/domains/:id'),
  removeDomain: answers<RemovedDomain>().delete('/domains/:id'),
  domainRules: answers<DomainRules>().get('/domains/:id/rules'),
  setDomainRules: answers<DomainRules, SiteRulesInput | null>().put('/domains/:id/rules'),
  previewDomainRules: answers<RulesPreview, RulesPreviewRequest | null>().post('/domains/:id/rules/preview'),
  reextractDomain: answers<ReextractResult>().post('/domains/:id/reextract'),
  importDomains: answers<ImportResult, { domains: string[] }>().post('/domains/import'),
  exportDomains: answers<DomainExport>().get('/domains/export'),
  scrapeRelated: answers<RelatedScrapeResult>().post('/domains/scrape-related'),
  relatedSites: answers<RelatedSites>().get('/domains/related-sites'),
  domainStats: answers<Record<string, number>>().get('/domain-stats'),
  avoidDomains: answers<AvoidDomainView[]>().get('/avoid-domains'),
  addAvoidDomain: answers<AvoidDomainView, { url: string; reason?: string | null }>().post('/avoid-domains'),
  removeAvoidDomain: answers<RemovedDomain>().delete('/avoid-domains/:id'),

  // Trends, the analyzer and food re-categorisation.
  trends: answers<Trend[]>().get('/trends'),
  trendsByTopic: answers<Trend[]>().get('/trends/by-topic/:topic'),
  trendStatistics: answers<TrendTopicStatistics[]>().get('/trends/statistics'),
  clearTrends: answers<ClearTrendsResult>().delete('/trends'),
  recategorizeTrends: answers<RecategorizeTrendsResult>().post('/trends/recategorize'),
  setStoryTopic: answers<StoryTopicResult, { topic: string }>().put('/trends/:id/topic'),
  clearStoryTopic: answers<StoryTopicResult>().delete('/trends/:id/topic'),
  runAnalyzer: answers<AnalyzerControlResult>().post('/trends-analyzer/run'),
  stopAnalyzer: answers<AnalyzerControlResult>().post('/trends-analyzer/stop'),
  foodStatus: answers<FoodRecategorizationStatus>().get('/food-recategorization/status'),
  startFood: answers<FoodRecategorizationStatus>().post('/food-recategorization/start'),
  stopFood: answers<StopAnswer<FoodRecategorizationStatus>>().post('/food-recategorization/stop'),

  // The generator and its articles.
  runGenerator: answers<GeneratorActionResult>().post('/generator/run'),
  stopGenerator: answers<GeneratorActionResult>().post('/generator/stop'),
  generatorQueue: answers<QueueStatus>().get('/generator/queue-status'),
  generateFromTrend: answers<GeneratorActionResult, GenerateFromTrendRequest>().post('/generator/generate-from-trend'),
  regenerateArticles: answers<GeneratorActionResult>().post('/trends/regenerate-articles'),
  generatedArticles: answers<GeneratedArticle[]>().get('/generated-articles'),
  clearGeneratedArticles: answers<DeleteGeneratedArticlesResult>().delete('/generated-articles/all'),
  removeGeneratedArticle: answers<DeleteGeneratedArticlesResult>().delete('/generated-articles/:id'),
  exportGeneratedArticle: answers<BinaryAnswer>().get('/generated-articles/:id/export'),
  regenerateImage: answers<RegenerateImageResult>().post('/articles/:id/regenerate-image'),
  socialContent: answers<SocialContentResult, SocialContentRequest>().post('/generate-social-content'),

  // Audio: the bulletin, the podcast, the interview, edits and music.
  generateLatestNewsAudio: answers<GenerateLatestNewsAudioResponse>().post('/generate-latest-news-audio'),
  saveScript: answers<SavedScript, SaveScriptRequest>().put('/audio-scripts/:kind'),
  lastPodcastScript: answers<LastConversationalScript>().get('/last-conversational-audio-script'),
  podcastScript: answers<GenerateScriptResponse>().post('/generate-conversational-script'),
  enhancePodcastScript: answers<EnhanceScriptResponse, { script?: string } | undefined>().post('/enhance-conversational-script'),
  podcastAudio: answers<GenerateAudioResponse, { script?: string } | undefined>().post('/generate-conversational-audio'),
  lastInterviewScript: answers<LastInterviewScript>().get('/last-interview-script'),
  interviewScript: answers<InterviewScriptResponse>().post('/generate-interview-script'),
  refineInterview: answers<InterviewScriptResponse, { interview?: string } | undefined>().post('/refine-interview-script'),
  stopInterviewRefinement: answers<{ message: string }>().post('/refine-interview-script/stop'),
  interviewAudio: answers<GenerateAudioResponse, { script?: string } | undefined>().post('/generate-interview-audio'),
  lastLyrics: answers<LastLyrics>().get('/last-generated-lyrics'),
  lyrics: answers<GenerateLyricsResponse>().post('/generate-lyrics'),
  music: answers<GenerateMusicResponse, GenerateMusicRequest>().post('/generate-music'),
  musicTracks: answers<MusicTrack[]>().get('/generated-music-tracks'),
  removeMusicTrack: answers<{ message: string }>().delete('/generated-music-tracks/:id'),
} as const;

/**
 * The related-sites scrape under the product's own name too (`POST /api/domains/scrape-{product}`),
 * or null when that name would be empty or collide with another domains route.
 */
export function namedScrapeEndpoint(siteName: string): Endpoint<RelatedScrapeResult> | null {
  const name = siteName.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  if (!name || name === 'import' || name === 'export' || name === 'related') return null;
  return answers<RelatedScrapeResult>().post(`/domains/scrape-${name}`);
}

/** The two routes of one named setting of the settings table: GET and POST /api/{key}. */
export function settingEndpoints<Value = Record<string, unknown>>(key: string) {
  const path = `/${key}` as const;
  return { read: answers<Value>().get(path), write: answers<Value, unknown>().post(path) };
}

/** `{ id: … }` for '/trends/:id/topic'; nothing for a path without parameters. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

export type QueryValues = Record<string, string | number | boolean | undefined | null>;

export type ResponseOf<E> = E extends Endpoint<infer Response, unknown, string> ? Response : never;

/** What a call to an endpoint needs beside it: its path's parameters, its query and its body. */
export type ApiRequest<E> =
  E extends Endpoint<unknown, infer Body, infer Path>
    ? (keyof PathParams<Path> extends never ? { params?: undefined } : { params: PathParams<Path> }) &
        (undefined extends Body ? { body?: Body } : { body: Body }) & { query?: QueryValues }
    : never;

/** The query string of some values ('' for none; undefined and null left out). */
function queryString(query: QueryValues | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null);
  return pairs.length ? `?${new URLSearchParams(pairs.map(([name, value]) => [name, String(value)]))}` : '';
}

/** The address of an endpoint: API_PREFIX, its path with each parameter filled in (escaped), and its query. */
export function apiPath<Path extends string>(
  endpoint: Endpoint<unknown, unknown, Path>,
  ...[params, query]: keyof PathParams<Path> extends never ? [params?: undefined, query?: QueryValues] : [params: PathParams<Path>, query?: QueryValues]
): string {
  return addressOf(endpoint, params as Record<string, string | number> | undefined, query);
}

/** apiPath for callers that hold an endpoint of any path (the typed callers check its parameters). */
export function addressOf(endpoint: Endpoint<unknown, unknown>, params: Record<string, string | number> = {}, query?: QueryValues): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}${queryString(query)}`;
}

/** The rest of a call after its endpoint: its request, optional when the endpoint needs nothing. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every field of T is optional.
export type RequestArgs<E> = {} extends ApiRequest<E> ? [request?: ApiRequest<E>] : [request: ApiRequest<E>];

/** Every entry of the table, for the test that holds it equal to the server's routes. */
export function allEndpoints(): Endpoint<unknown, unknown>[] {
  return Object.values(endpoints);
}
