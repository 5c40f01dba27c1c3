// The typed client: one method per /api route over the wire types of src/api, binary downloads and
// the /ws subscription, over any transport (remote URL, operator socket, in-process). The CLI, the
// dashboard and the tests call the product only through it, so no path string or response type is
// written twice.
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { addressOf, apiPath, endpoints, settingEndpoints, type Endpoint, type QueryValues, type RequestArgs, type ResponseOf } from '../api/endpoints.js';
import type {
  EditableScriptKind,
  GenerateMusicRequest,
  LogQuery,
  RefetchStatus,
  SocialContentRequest,
  SpiderStatusFields,
  DomainChanges,
  NewDomainInput,
  RulesPreviewRequest,
  SiteRulesInput,
} from '../api/index.js';
import type { DigestFrequency, SubscribeRequest } from '../api/subscriptions.js';
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
} from './transport.js';

/** A binary answer (an export, an MP3) with the file name the server proposed. */
export interface Download {
  body: Buffer;
  contentType: string;
  fileName: string | null;
}

const enc = encodeURIComponent;

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
  /** Calls one endpoint of the URL table (src/api/endpoints.ts) with its parameters, query and body. */
  function send<E extends Endpoint<unknown, unknown, string>>(endpoint: E, ...[request]: RequestArgs<E>): Promise<ResponseOf<E>> {
    const { params, query, body } = (request ?? {}) as { params?: Record<string, string | number>; query?: QueryValues; body?: unknown };
    return call<ResponseOf<E>>(endpoint.method, addressOf(endpoint, params, query), body);
  }

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

    health: () => send(endpoints.health),
    status: () => send(endpoints.status),
    siteInfo: () => send(endpoints.siteInfo),
    currentTime: () => send(endpoints.currentTime),
    homePageData: () => send(endpoints.homePageData),
    search: (q: string) => send(endpoints.search, { query: { q } }),
    savedSearches: {
      list: () => send(endpoints.savedSearches),
      save: (search: { name: string; query: string }) => send(endpoints.saveSearch, { body: search }),
      remove: (id: number) => send(endpoints.removeSavedSearch, { params: { id } }),
    },

    spider: {
      status: () => send(endpoints.spiderStatus),
      start: (options: { domain?: string } = {}) =>
        send(endpoints.spiderControl, {
          params: { action: 'start' },
          body: options.domain ? { domain: options.domain } : undefined,
        }) as Promise<SpiderStatusFields>,
      pause: () => send(endpoints.spiderControl, { params: { action: 'pause' } }) as Promise<SpiderStatusFields>,
      resume: () => send(endpoints.spiderControl, { params: { action: 'resume' } }) as Promise<SpiderStatusFields>,
      stop: () => send(endpoints.spiderControl, { params: { action: 'stop' } }),
      refetch: {
        status: () => send(endpoints.refetchStatus),
        start: () => send(endpoints.refetchControl, { params: { action: 'start' } }) as Promise<RefetchStatus>,
        stop: () => send(endpoints.refetchControl, { params: { action: 'stop' } }),
      },
    },

    jobs: {
      list: () => send(endpoints.jobs),
      stop: (name: string) => send(endpoints.stopJob, { params: { name } }),
    },

    trends: {
      list: (options: { limit?: number } = {}) => send(endpoints.trends, { query: { limit: options.limit } }),
      byTopic: (topic: string, options: { limit?: number } = {}) => send(endpoints.trendsByTopic, { params: { topic }, query: { limit: options.limit } }),
      topByCategory: () => send(endpoints.topTrendsByCategory),
      statistics: () => send(endpoints.trendStatistics),
      clear: () => send(endpoints.clearTrends),
      recategorize: () => send(endpoints.recategorizeTrends),
      setTopic: (id: number, topic: string) => send(endpoints.setStoryTopic, { params: { id }, body: { topic } }),
      clearTopic: (id: number) => send(endpoints.clearStoryTopic, { params: { id } }),
      regenerateArticles: () => send(endpoints.regenerateArticles),
    },
    analyzer: {
      run: () => send(endpoints.runAnalyzer),
      stop: () => send(endpoints.stopAnalyzer),
    },

    generator: {
      run: () => send(endpoints.runGenerator),
      stop: () => send(endpoints.stopGenerator),
      queueStatus: () => send(endpoints.generatorQueue),
      generateFromTrend: (trendTitle: string) => send(endpoints.generateFromTrend, { body: { trendTitle } }),
    },

    articles: {
      list: (options: { limit?: number } = {}) => send(endpoints.generatedArticles, { query: { limit: options.limit } }),
      remove: (id: number) => send(endpoints.removeGeneratedArticle, { params: { id } }),
      clear: () => send(endpoints.clearGeneratedArticles),
      export: (id: number, format: 'txt' | 'docx') => download(apiPath(endpoints.exportGeneratedArticle, { id }, { format })),
      regenerateImage: (id: number) => send(endpoints.regenerateImage, { params: { id } }),
      recentByTopic: () => send(endpoints.recentArticlesByTopic),
      byDomain: () => send(endpoints.articlesByDomain),
    },

    social: {
      generate: (request: SocialContentRequest) => send(endpoints.socialContent, { body: request }),
    },

    audio: {
      latestNews: () => send(endpoints.latestNewsAudio),
      generateLatestNews: () => send(endpoints.generateLatestNewsAudio),
      podcast: {
        last: () => send(endpoints.lastPodcastScript),
        script: () => send(endpoints.podcastScript),
        enhance: (script?: string) => send(endpoints.enhancePodcastScript, { body: script === undefined ? {} : { script } }),
        render: (script?: string) => send(endpoints.podcastAudio, { body: script === undefined ? {} : { script } }),
      },
      interview: {
        last: () => send(endpoints.lastInterviewScript),
        script: () => send(endpoints.interviewScript),
        refine: (interview?: string) => send(endpoints.refineInterview, { body: interview === undefined ? {} : { interview } }),
        stopRefine: () => send(endpoints.stopInterviewRefinement),
        render: (script?: string) => send(endpoints.interviewAudio, { body: script === undefined ? {} : { script } }),
      },
      /** Stores an edit of the newest script or lyrics of a kind; later steps without a text use it. */
      saveScript: (kind: EditableScriptKind, scriptText: string) => send(endpoints.saveScript, { params: { kind }, body: { scriptText } }),
    },

    music: {
      lastLyrics: () => send(endpoints.lastLyrics),
      lyrics: () => send(endpoints.lyrics),
      generate: (request: GenerateMusicRequest) => send(endpoints.music, { body: request }),
      tracks: () => send(endpoints.musicTracks),
      remove: (id: number) => send(endpoints.removeMusicTrack, { params: { id } }),
    },

    settings: {
      list: () => send(endpoints.settings),
      get: <T = unknown>(key: string) => send(settingEndpoints<T>(enc(key)).read),
      set: <T = unknown>(key: string, value: unknown) => send(settingEndpoints<T>(enc(key)).write, { body: value }),
    },

    digests: {
      subscribe: (request: SubscribeRequest) => send(endpoints.subscribe, { body: request }),
      subscribers: (limit = 500) => send(endpoints.subscribers, { query: { limit } }),
      removeSubscriber: (id: number) => send(endpoints.removeSubscriber, { params: { id } }),
      send: (request: { frequency?: DigestFrequency; to?: string } = {}) => send(endpoints.sendDigest, { body: request }),
    },

    logs: {
      list: (options: LogQuery = {}) => send(endpoints.logs, { query: { limit: options.limit, component: options.component, level: options.level } }),
    },

    domains: {
      list: () => send(endpoints.domains),
      add: (input: NewDomainInput) => send(endpoints.addDomain, { body: input }),
      update: (id: number, changes: DomainChanges) => send(endpoints.updateDomain, { params: { id }, body: changes }),
      remove: (id: number) => send(endpoints.removeDomain, { params: { id } }),
      rules: (id: number) => send(endpoints.domainRules, { params: { id } }),
      setRules: (id: number, rules: SiteRulesInput | null) => send(endpoints.setDomainRules, { params: { id }, body: rules }),
      previewRules: (id: number, request: RulesPreviewRequest) => send(endpoints.previewDomainRules, { params: { id }, body: request }),
      reextract: (id: number) => send(endpoints.reextractDomain, { params: { id } }),
      import: (lines: string[]) => send(endpoints.importDomains, { body: { domains: lines } }),
      export: (format: 'txt' | 'opml' = 'txt') => send(endpoints.exportDomains, { query: { format } }),
      scrapeRelated: () => send(endpoints.scrapeRelated),
      relatedSites: () => send(endpoints.relatedSites),
      stats: () => send(endpoints.domainStats),
    },
    avoid: {
      list: () => send(endpoints.avoidDomains),
      add: (input: { url: string; reason?: string | null }) => send(endpoints.addAvoidDomain, { body: input }),
      remove: (id: number) => send(endpoints.removeAvoidDomain, { params: { id } }),
    },

    food: {
      status: () => send(endpoints.foodStatus),
      start: () => send(endpoints.startFood),
      stop: () => send(endpoints.stopFood),
    },

    db: {
      /** The backup archive of `newsctl db dump` (tar: the database and the media folder), streamed. */
      dump: (options: { media?: boolean; includeSecrets?: boolean } = {}) =>
        stream(apiPath(endpoints.dbDump, undefined, { media: options.media !== false, includeSecrets: options.includeSecrets === true })),
    },

    auth: {
      check: () => send(endpoints.authCheck),
      setAdmin: (username: string, password: string) => send(endpoints.setAdmin, { body: { username, password } }),
      tokens: () => send(endpoints.tokens),
      createToken: (name: string) => send(endpoints.createToken, { body: { name } }),
      revokeToken: (id: number) => send(endpoints.revokeToken, { params: { id } }),
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
