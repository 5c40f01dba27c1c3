// The typed client: one method per /api route over the wire types of src/api, binary downloads and
// the /ws subscription, over any transport (remote URL, operator socket, in-process). The CLI, the
// dashboard and the tests call the product only through it, so no path string or response type is
// written twice.
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type {
  AdminAccountResult,
  AnalyzerControlResult,
  ApiTokenView,
  AvoidDomainView,
  ClearTrendsResult,
  CreatedApiToken,
  DeleteGeneratedArticlesResult,
  DomainChanges,
  DomainExport,
  DomainView,
  EditableScriptKind,
  EnhanceScriptResponse,
  FoodRecategorizationStatus,
  GenerateAudioResponse,
  GeneratedArticle,
  GenerateLatestNewsAudioResponse,
  GenerateLyricsResponse,
  GenerateMusicRequest,
  GenerateMusicResponse,
  GenerateScriptResponse,
  GeneratorActionResult,
  HealthAnswer,
  HomePageData,
  ImportResult,
  InterviewScriptResponse,
  JobState,
  LastConversationalScript,
  LastInterviewScript,
  LastLyrics,
  LatestNewsAudio,
  LogEntry,
  LogQuery,
  MusicTrack,
  NewDomainInput,
  NotRunningAnswer,
  QueueStatus,
  RecategorizeTrendsResult,
  StoryTopicResult,
  RefetchStatus,
  RegenerateImageResult,
  RelatedScrapeResult,
  RelatedSite,
  RemovedDomain,
  SavedScript,
  SaveScriptRequest,
  SearchResponse,
  SettingsDescriptions,
  SiteInfo,
  SocialContentRequest,
  SocialContentResult,
  SpiderStatusFields,
  StatusResponse,
  StopAnswer,
  Trend,
  TrendTopicStatistics,
} from '../api/index.js';
import type { Config } from '../config.js';
import { operatorSocketPath } from '../operator-socket.js';
import {
  daemonTransport,
  errorOfResponse,
  inProcessTransport,
  remoteTransport,
  type LiveHandlers,
  type RawResponse,
  type Subscription,
  type Transport,
  type TransportMode,
} from './transport.js';

export {
  appTransport,
  remoteTransport,
  type ConnectionState,
  type LiveHandlers,
  type Subscription,
  type Transport,
  type TransportMode,
} from './transport.js';

/** A binary answer (an export, an MP3) with the file name the server proposed. */
export interface Download {
  body: Buffer;
  contentType: string;
  fileName: string | null;
}

const enc = encodeURIComponent;

function query(params: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)]))}` : '';
}

function fileNameOf(response: RawResponse): string | null {
  const disposition = response.headers['content-disposition'] ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain ? plain[1]! : null;
}

export function createClient(transport: Transport) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await transport.send({ method, path, body });
    if (response.status < 200 || response.status >= 300) throw errorOfResponse(response);
    const text = response.body.toString('utf8');
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const get = <T>(path: string) => call<T>('GET', `/api${path}`);
  const post = <T>(path: string, body?: unknown) => call<T>('POST', `/api${path}`, body);
  const put = <T>(path: string, body?: unknown) => call<T>('PUT', `/api${path}`, body);
  const patch = <T>(path: string, body?: unknown) => call<T>('PATCH', `/api${path}`, body);
  const del = <T>(path: string) => call<T>('DELETE', `/api${path}`);

  /** Any path the product serves as a file (/api exports, /audio/… MP3s, /images/…). */
  async function download(path: string): Promise<Download> {
    const response = await transport.send({ method: 'GET', path });
    if (response.status < 200 || response.status >= 300) throw errorOfResponse(response);
    return { body: response.body, contentType: response.headers['content-type'] ?? 'application/octet-stream', fileName: fileNameOf(response) };
  }

  /** A file the product streams (a dump): the body as it arrives; an error answer is read and thrown. */
  async function stream(path: string): Promise<Readable> {
    const response = await transport.stream(path);
    if (response.status >= 200 && response.status < 300) return response.body;
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(Buffer.from(chunk as Buffer));
    throw errorOfResponse({ status: response.status, headers: response.headers, body: Buffer.concat(chunks) });
  }

  return {
    mode: transport.mode as TransportMode,
    describe: transport.describe,
    download,
    /** The /ws live channel; reconnects until closed. */
    subscribe: (handlers: LiveHandlers): Subscription => transport.subscribe(handlers),
    close: () => transport.close(),

    health: () => get<HealthAnswer>('/health'),
    status: () => get<StatusResponse>('/status'),
    siteInfo: () => get<SiteInfo>('/site-info'),
    currentTime: () => get<{ utcTime: string }>('/current-time'),
    homePageData: () => get<HomePageData>('/home-page-data'),
    search: (q: string) => get<SearchResponse>(`/search${query({ q })}`),

    spider: {
      status: () => get<SpiderStatusFields>('/spider/status'),
      start: (options: { domain?: string } = {}) => post<SpiderStatusFields>('/spider/start', options.domain ? { domain: options.domain } : undefined),
      pause: () => post<SpiderStatusFields>('/spider/pause'),
      resume: () => post<SpiderStatusFields>('/spider/resume'),
      stop: () => post<StopAnswer<SpiderStatusFields>>('/spider/stop'),
      refetch: {
        status: () => get<RefetchStatus>('/spider/refetch/status'),
        start: () => post<RefetchStatus>('/spider/refetch/start'),
        stop: () => post<StopAnswer<RefetchStatus>>('/spider/refetch/stop'),
      },
    },

    jobs: {
      list: () => get<JobState[]>('/jobs'),
      stop: (name: string) => post<NotRunningAnswer & { status?: string }>(`/jobs/${enc(name)}/stop`),
    },

    trends: {
      list: (options: { limit?: number } = {}) => get<Trend[]>(`/trends${query({ limit: options.limit })}`),
      byTopic: (topic: string, options: { limit?: number } = {}) => get<Trend[]>(`/trends/by-topic/${enc(topic)}${query({ limit: options.limit })}`),
      topByCategory: () => get<HomePageData['topTrends']>('/trends/top-by-category'),
      statistics: () => get<TrendTopicStatistics[]>('/trends/statistics'),
      clear: () => del<ClearTrendsResult>('/trends'),
      recategorize: () => post<RecategorizeTrendsResult>('/trends/recategorize'),
      setTopic: (id: number, topic: string) => put<StoryTopicResult>(`/trends/${id}/topic`, { topic }),
      clearTopic: (id: number) => del<StoryTopicResult>(`/trends/${id}/topic`),
      regenerateArticles: () => post<GeneratorActionResult>('/trends/regenerate-articles'),
    },
    analyzer: {
      run: () => post<AnalyzerControlResult>('/trends-analyzer/run'),
      stop: () => post<AnalyzerControlResult>('/trends-analyzer/stop'),
    },

    generator: {
      run: () => post<GeneratorActionResult>('/generator/run'),
      stop: () => post<GeneratorActionResult>('/generator/stop'),
      queueStatus: () => get<QueueStatus>('/generator/queue-status'),
      generateFromTrend: (trendTitle: string) => post<GeneratorActionResult>('/generator/generate-from-trend', { trendTitle }),
    },

    articles: {
      list: (options: { limit?: number } = {}) => get<GeneratedArticle[]>(`/generated-articles${query({ limit: options.limit })}`),
      remove: (id: number) => del<DeleteGeneratedArticlesResult>(`/generated-articles/${id}`),
      clear: () => del<DeleteGeneratedArticlesResult>('/generated-articles/all'),
      export: (id: number, format: 'txt' | 'docx') => download(`/api/generated-articles/${id}/export${query({ format })}`),
      regenerateImage: (id: number) => post<RegenerateImageResult>(`/articles/${id}/regenerate-image`),
      recentByTopic: () => get<HomePageData['recentArticlesByCategory']>('/articles/recent-by-topic'),
      byDomain: () => get<HomePageData['articlesByDomain']>('/articles-by-domain'),
    },

    social: {
      generate: (request: SocialContentRequest) => post<SocialContentResult>('/generate-social-content', request),
    },

    audio: {
      latestNews: () => get<LatestNewsAudio>('/latest-news-audio'),
      generateLatestNews: () => post<GenerateLatestNewsAudioResponse>('/generate-latest-news-audio'),
      podcast: {
        last: () => get<LastConversationalScript>('/last-conversational-audio-script'),
        script: () => post<GenerateScriptResponse>('/generate-conversational-script'),
        enhance: (script?: string) => post<EnhanceScriptResponse>('/enhance-conversational-script', script === undefined ? {} : { script }),
        render: (script?: string) => post<GenerateAudioResponse>('/generate-conversational-audio', script === undefined ? {} : { script }),
      },
      interview: {
        last: () => get<LastInterviewScript>('/last-interview-script'),
        script: () => post<InterviewScriptResponse>('/generate-interview-script'),
        refine: (interview?: string) => post<InterviewScriptResponse>('/refine-interview-script', interview === undefined ? {} : { interview }),
        stopRefine: () => post<{ message: string }>('/refine-interview-script/stop'),
        render: (script?: string) => post<GenerateAudioResponse>('/generate-interview-audio', script === undefined ? {} : { script }),
      },
      /** Stores an edit of the newest script or lyrics of a kind; later steps without a text use it. */
      saveScript: (kind: EditableScriptKind, scriptText: string) => put<SavedScript>(`/audio-scripts/${enc(kind)}`, { scriptText } satisfies SaveScriptRequest),
    },

    music: {
      lastLyrics: () => get<LastLyrics>('/last-generated-lyrics'),
      lyrics: () => post<GenerateLyricsResponse>('/generate-lyrics'),
      generate: (request: GenerateMusicRequest) => post<GenerateMusicResponse>('/generate-music', request),
      tracks: () => get<MusicTrack[]>('/generated-music-tracks'),
      remove: (id: number) => del<{ message: string }>(`/generated-music-tracks/${id}`),
    },

    settings: {
      list: () => get<SettingsDescriptions>('/settings'),
      get: <T = unknown>(key: string) => get<T>(`/${enc(key)}`),
      set: <T = unknown>(key: string, value: unknown) => post<T>(`/${enc(key)}`, value),
    },

    logs: {
      list: (options: LogQuery = {}) => get<LogEntry[]>(`/logs${query({ limit: options.limit, component: options.component, level: options.level })}`),
    },

    domains: {
      list: () => get<DomainView[]>('/domains'),
      add: (input: NewDomainInput) => post<DomainView>('/domains', input),
      update: (id: number, changes: DomainChanges) => patch<DomainView>(`/domains/${id}`, changes),
      remove: (id: number) => del<RemovedDomain>(`/domains/${id}`),
      import: (lines: string[]) => post<ImportResult>('/domains/import', { domains: lines }),
      export: (format: 'txt' | 'opml' = 'txt') => get<DomainExport>(`/domains/export${query({ format })}`),
      scrapeRelated: () => post<RelatedScrapeResult>('/domains/scrape-related'),
      relatedSites: () => get<{ sites: RelatedSite[] }>('/domains/related-sites'),
      stats: () => get<Record<string, number>>('/domain-stats'),
    },
    avoid: {
      list: () => get<AvoidDomainView[]>('/avoid-domains'),
      add: (input: { url: string; reason?: string | null }) => post<AvoidDomainView>('/avoid-domains', input),
      remove: (id: number) => del<RemovedDomain>(`/avoid-domains/${id}`),
    },

    food: {
      status: () => get<FoodRecategorizationStatus>('/food-recategorization/status'),
      start: () => post<FoodRecategorizationStatus>('/food-recategorization/start'),
      stop: () => post<StopAnswer<FoodRecategorizationStatus>>('/food-recategorization/stop'),
    },

    db: {
      /** The backup archive of `newsctl db dump` (tar: the database and the media folder), streamed. */
      dump: (options: { media?: boolean; includeSecrets?: boolean } = {}) =>
        stream(`/api/db/dump?media=${options.media !== false}&includeSecrets=${options.includeSecrets === true}`),
    },

    auth: {
      check: () => get<{ isAdmin: boolean }>('/auth/check'),
      setAdmin: (username: string, password: string) => post<AdminAccountResult>('/admin/users', { username, password }),
      tokens: () => get<{ tokens: ApiTokenView[] }>('/tokens'),
      createToken: (name: string) => post<CreatedApiToken>('/tokens', { name }),
      revokeToken: (id: number) => del<{ ok: true }>(`/tokens/${id}`),
    },
  };
}

export type Client = ReturnType<typeof createClient>;

export interface ConnectOptions {
  url?: string | null;
  token?: string | null;
}

/**
 * Chooses the way in once: a remote URL when given, else the daemon serving
 * this data folder, else the database opened in this process.
 */
export async function connectClient(config: Config, options: ConnectOptions = {}): Promise<Client> {
  if (options.url) return createClient(remoteTransport(options.url, options.token ?? null));
  const socketPath = operatorSocketPath(config);
  if (socketPath && existsSync(socketPath)) {
    const daemon = await daemonTransport(socketPath);
    if (daemon) return createClient(daemon);
  }
  return createClient(await inProcessTransport(config));
}
