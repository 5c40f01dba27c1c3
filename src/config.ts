// The one place that reads the environment. Everything else receives a frozen Config.
import { resolve } from 'node:path';

export interface LlmConfig {
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** Model calls a batch (article classification) may have in flight at once. */
  concurrency: number;
}

/** The crawler's limits (the per-host pace is set apart, by politeness rules and the domain's throttle). */
export interface SpiderConfig {
  /** New articles stored per domain in one run. */
  articlesPerDomain: number;
  /** Requests in flight at once, across all hosts (one per host at most). */
  concurrency: number;
  /** A run stops itself this many minutes after it starts (28). */
  maxRunMinutes: number;
  /** Longest one crawl request may take, redirects included (ms). */
  requestTimeoutMs: number;
}

/** An OpenAI-compatible endpoint of one kind (speech, images); a null model means "not configured". */
export interface ProviderEndpoint {
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  adminUsername: string | null;
  adminPassword: string | null;
  timeZone: string;
  siteName: string;
  assistantUrl: string;
  relatedSites: string[];
  allowPrivateNetworks: string[];
  crawlerContactUrl: string;
  userAgent: string;
  spider: SpiderConfig;
  llm: LlmConfig;
  sessionTtlHours: number;
  /**
   * Generated media (audio, images): its own folder so several daemons can share one volume for it
   * (NEWSCTL_MEDIA_DIR); defaults to the data folder.
   */
  mediaDir: string;
  /** Below this much free space (MB) in the data or media folder, newsctl stops writing (0: never). */
  minFreeMb: number;
  /** The site's public address for absolute links (feeds, Open Graph, social posts); null: the request's host. */
  publicUrl: string | null;
  /** OpenAI-compatible speech (/audio/speech); base URL and key default to the LLM's. */
  speech: ProviderEndpoint;
  /** OpenAI-compatible images (/images/generations); base URL and key default to the LLM's. */
  image: ProviderEndpoint;
  /** Gemini's image model, used when the console's image-generation API configuration holds a key. */
  gemini: { baseUrl: string; imageModel: string };
  /**
   * Background jobs: how long a daemon's lease on a run lasts unrenewed (renewed every third of it;
   * another daemon takes over a dead one's run after it), and whether this process takes runs at all
   * (false: a serving-only daemon that queues work for the others).
   */
  jobs: { leaseSeconds: number; worker: boolean };
  /**
   * Which X-Forwarded-* headers to believe (behind a reverse proxy): false (none), a number of proxy
   * hops in front of the daemon (the client is that many addresses from the right of
   * X-Forwarded-For), or the proxies' own addresses and CIDRs. Never "every hop".
   */
  trustProxy: false | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** GET /metrics without a session or token (for a scraper on a private network). */
  metricsPublic: boolean;
  /** The server log's lines: `text` for a person at a terminal, `json` (pino's lines) for a log collector. */
  logFormat: 'text' | 'json';
  /** Start the cron-like scheduler with the daemon. */
  scheduler: boolean;
  ffmpegPath: string | null;
  /** CLI only: a remote daemon to drive (NEWSCTL_URL) and its API token (NEWSCTL_TOKEN). */
  remote: { url: string | null; token: string | null };
}

export interface ConfigFlags {
  host?: string;
  port?: string | number;
  dataDir?: string;
  databaseUrl?: string;
  url?: string;
  token?: string;
  logFormat?: string;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(raw: string | number, name: string): number {
  const port = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseBool(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return /^(1|true|yes|on)$/i.test(raw.trim());
}

function parsePositive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function parseCount(raw: string | undefined, fallback: number, name: string, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ConfigError(`NEWSCTL_TIMEZONE "${zone}" is not an IANA time zone (e.g. America/Chicago)`);
  }
  return zone;
}

function checkHttpUrl(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be http(s), got "${raw}"`);
  return url.toString();
}

/**
 * NEWSCTL_TRUST_PROXY: "true" is one hop (the usual single reverse proxy), a number that many hops,
 * anything else a comma list of proxy addresses or CIDRs; unset or "false" trusts nothing.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const list = parseList(value);
  for (const entry of list) {
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry)) {
      throw new ConfigError(`NEWSCTL_TRUST_PROXY must be true, a number of proxy hops, or proxy addresses/CIDRs; "${entry}" is none of these`);
    }
  }
  return list;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, flags: ConfigFlags = {}): Config {
  const databaseUrl = nonEmpty(flags.databaseUrl) ?? nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const logLevel = (nonEmpty(env.NEWSCTL_LOG_LEVEL) ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`NEWSCTL_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = (nonEmpty(flags.logFormat) ?? nonEmpty(env.NEWSCTL_LOG_FORMAT) ?? 'text') as Config['logFormat'];
  if (logFormat !== 'text' && logFormat !== 'json') throw new ConfigError('The log format (--log-format, NEWSCTL_LOG_FORMAT) must be text or json');
  const contact = checkHttpUrl(nonEmpty(env.NEWSCTL_CRAWLER_CONTACT_URL) ?? 'https://github.com/newsctl/newsctl', 'NEWSCTL_CRAWLER_CONTACT_URL');
  const llmBaseUrl = nonEmpty(env.NEWSCTL_LLM_BASE_URL);
  const dataDir = resolve(nonEmpty(flags.dataDir) ?? nonEmpty(env.NEWSCTL_DATA_DIR) ?? './data');
  const endpoint = (prefix: string): ProviderEndpoint => {
    const baseUrl = nonEmpty(env[`${prefix}_BASE_URL`]) ?? llmBaseUrl;
    return {
      baseUrl: baseUrl ? checkHttpUrl(baseUrl, `${prefix}_BASE_URL`) : null,
      apiKey: nonEmpty(env[`${prefix}_API_KEY`]) ?? nonEmpty(env.NEWSCTL_LLM_API_KEY),
      model: nonEmpty(env[`${prefix}_MODEL`]),
    };
  };
  const publicUrl = nonEmpty(env.NEWSCTL_PUBLIC_URL);

  const config: Config = {
    host: nonEmpty(flags.host) ?? nonEmpty(env.HOST) ?? '0.0.0.0',
    port: parsePort(flags.port ?? nonEmpty(env.PORT) ?? 3000, 'PORT'),
    dataDir,
    mediaDir: resolve(nonEmpty(env.NEWSCTL_MEDIA_DIR) ?? dataDir),
    minFreeMb: parseCount(env.NEWSCTL_MIN_FREE_MB, 100, 'NEWSCTL_MIN_FREE_MB', 0),
    publicUrl: publicUrl ? checkHttpUrl(publicUrl, 'NEWSCTL_PUBLIC_URL').replace(/\/+$/, '') : null,
    speech: endpoint('NEWSCTL_SPEECH'),
    image: endpoint('NEWSCTL_IMAGE'),
    gemini: {
      baseUrl: checkHttpUrl(nonEmpty(env.NEWSCTL_GEMINI_BASE_URL) ?? 'https://generativelanguage.googleapis.com/v1beta', 'NEWSCTL_GEMINI_BASE_URL').replace(
        /\/+$/,
        '',
      ),
      imageModel: nonEmpty(env.NEWSCTL_GEMINI_IMAGE_MODEL) ?? 'gemini-2.5-flash-image',
    },
    jobs: { leaseSeconds: parseCount(env.NEWSCTL_JOB_LEASE_SECONDS, 15, 'NEWSCTL_JOB_LEASE_SECONDS', 3), worker: parseBool(env.NEWSCTL_JOB_WORKER, true) },
    databaseUrl,
    adminUsername: nonEmpty(env.NEWSCTL_ADMIN_USERNAME),
    adminPassword: env.NEWSCTL_ADMIN_PASSWORD ? env.NEWSCTL_ADMIN_PASSWORD : null,
    timeZone: checkTimeZone(nonEmpty(env.NEWSCTL_TIMEZONE) ?? 'America/Chicago'),
    siteName: nonEmpty(env.NEWSCTL_SITE_NAME) ?? 'newsctl',
    assistantUrl: checkHttpUrl(nonEmpty(env.NEWSCTL_ASSISTANT_URL) ?? 'https://chatgpt.com/', 'NEWSCTL_ASSISTANT_URL'),
    relatedSites: parseList(env.NEWSCTL_RELATED_SITES).map((s) => checkHttpUrl(s, 'NEWSCTL_RELATED_SITES')),
    allowPrivateNetworks: parseList(env.NEWSCTL_ALLOW_PRIVATE_NETWORKS),
    crawlerContactUrl: contact,
    userAgent: nonEmpty(env.NEWSCTL_USER_AGENT) ?? `newsctl/0.1 (+${contact})`,
    spider: {
      articlesPerDomain: Math.floor(parsePositive(env.NEWSCTL_SPIDER_ARTICLES_PER_DOMAIN, 50, 'NEWSCTL_SPIDER_ARTICLES_PER_DOMAIN')),
      concurrency: Math.floor(parsePositive(env.NEWSCTL_SPIDER_CONCURRENCY, 12, 'NEWSCTL_SPIDER_CONCURRENCY')),
      maxRunMinutes: parsePositive(env.NEWSCTL_SPIDER_MAX_RUN_MINUTES, 28, 'NEWSCTL_SPIDER_MAX_RUN_MINUTES'),
      requestTimeoutMs: Math.floor(parsePositive(env.NEWSCTL_SPIDER_REQUEST_TIMEOUT_MS, 60_000, 'NEWSCTL_SPIDER_REQUEST_TIMEOUT_MS')),
    },
    llm: {
      baseUrl: llmBaseUrl ? checkHttpUrl(llmBaseUrl, 'NEWSCTL_LLM_BASE_URL') : null,
      apiKey: nonEmpty(env.NEWSCTL_LLM_API_KEY),
      model: nonEmpty(env.NEWSCTL_LLM_MODEL) ?? 'gpt-4o-mini',
      timeoutMs: parsePositive(env.NEWSCTL_LLM_TIMEOUT_MS, 60_000, 'NEWSCTL_LLM_TIMEOUT_MS'),
      // 0 is allowed: a caller with its own fallback may prefer failing fast to waiting.
      maxRetries: parseCount(env.NEWSCTL_LLM_MAX_RETRIES, 3, 'NEWSCTL_LLM_MAX_RETRIES', 0),
      concurrency: parseCount(env.NEWSCTL_LLM_CONCURRENCY, 4, 'NEWSCTL_LLM_CONCURRENCY', 1),
    },
    sessionTtlHours: parsePositive(env.NEWSCTL_SESSION_TTL_HOURS, 24 * 7, 'NEWSCTL_SESSION_TTL_HOURS'),
    trustProxy: parseTrustProxy(env.NEWSCTL_TRUST_PROXY),
    logLevel,
    logFormat,
    metricsPublic: parseBool(env.NEWSCTL_METRICS_PUBLIC, false),
    scheduler: parseBool(env.NEWSCTL_SCHEDULER, true),
    ffmpegPath: nonEmpty(env.FFMPEG_PATH),
    remote: {
      url: (() => {
        const url = nonEmpty(flags.url) ?? nonEmpty(env.NEWSCTL_URL);
        return url ? checkHttpUrl(url, 'NEWSCTL_URL') : null;
      })(),
      token: nonEmpty(flags.token) ?? nonEmpty(env.NEWSCTL_TOKEN),
    },
  };
  return Object.freeze(config);
}
