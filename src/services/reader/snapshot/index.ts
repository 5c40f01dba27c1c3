// The public snapshot: the answers of the public read calls and the topic pages, built
// from the database when the data behind them changes — never per request — and kept serialised
// and compressed in memory. A reader costs a buffer write; a thousand readers cost one rebuild.
//
// Freshness: every change event bumps `wanted`; a rebuild records the generation it started for
// in `built`. A read that finds `built < wanted` waits for the next rebuild (bounded), so the read
// after an event always sees the change, however many readers arrive meanwhile. Events coalesce:
// background rebuilds wait DEBOUNCE_MS for more to arrive; a waiting reader starts one at once.
//
// Outage: when the database is down a read serves the last snapshot as it is; the rebuild that
// failed is retried when the database monitor sees the database back.
import type { AppContext } from '../../../context.js';
import { Unavailable } from '../../../errors.js';
import { latestNewsAudio } from '../../newsroom/audio/latest-news.js';
import { emailSettings } from '../digests/mailer.js';
import { TOPICS, type Topic } from '../../../shared/topics.js';
import { databaseMonitor, DATABASE_DOWN_MESSAGE } from '../../platform/health/database-monitor.js';
import { homePageData } from '../home/index.js';
import { readSetting, requireSetting } from '../../platform/settings/index.js';
import type { endpoints } from '../../../api/endpoints.js';
import type { HomePageData } from '../../../api/public.js';
import { articlesByDomain } from '../../../api/schemas/public.js';
import { ANSWER_SCHEMAS } from '../../../api/response-schemas.js';
import { answerWriter, arrayPartsWriter } from './answers.js';
import { loadTopicPages, topicPageHtml, type TopicPageData } from '../pages/topic-page.js';
import { ANALYZER_JOB } from '../trends/analyzer-job.js';
import { SPIDER_JOB } from '../spider/status.js';
import { encodeBody, HTML_TYPE, JSON_TYPE, type EncodedBody } from './encoded.js';
import { reportProblem } from '../../../diagnostics.js';

export { chooseEncoding, etagOf, matchesIfNoneMatch, type EncodedBody } from './encoded.js';

/** The public data calls and site-info. */
export const SNAPSHOT_DATA_KEYS = [
  'home-page-data',
  'articles/recent-by-topic',
  'trends/top-by-category',
  'articles-by-domain',
  'latest-news-audio',
  'site-info',
] as const;
/** The settings the public site reads (the implications prompt), served from the snapshot too so its button keeps working through an outage. */
export const SNAPSHOT_SETTING_KEYS = ['analyze-implications-prompt'] as const;
const SNAPSHOT_KEYS = [...SNAPSHOT_DATA_KEYS, ...SNAPSHOT_SETTING_KEYS] as const;
export type SnapshotKey = (typeof SNAPSHOT_KEYS)[number];
/** Settings the public answers reflect without showing them: the e-mail server turns the subscribe form on. */
const READ_BY_SNAPSHOT = ['email'];
const isSnapshotSetting = (key: string): boolean => (SNAPSHOT_SETTING_KEYS as readonly string[]).includes(key) || READ_BY_SNAPSHOT.includes(key);

/** The URL table's entry of each public data call the snapshot answers. */
export const SNAPSHOT_ENDPOINTS = {
  'home-page-data': 'homePageData',
  'articles/recent-by-topic': 'recentArticlesByTopic',
  'trends/top-by-category': 'topTrendsByCategory',
  'articles-by-domain': 'articlesByDomain',
  'latest-news-audio': 'latestNewsAudio',
  'site-info': 'siteInfo',
} as const satisfies Record<(typeof SNAPSHOT_DATA_KEYS)[number], keyof typeof endpoints>;

let writers: Map<SnapshotKey, (value: unknown) => string> | null = null;

/** Each part written from its answer's schema, as its route would (compiled on the first build). */
function snapshotWriters(): Map<SnapshotKey, (value: unknown) => string> {
  writers ??= new Map<SnapshotKey, (value: unknown) => string>([
    ...SNAPSHOT_DATA_KEYS.map((key) => [key, answerWriter(`snapshot ${key}`, ANSWER_SCHEMAS[SNAPSHOT_ENDPOINTS[key]])] as const),
    ...SNAPSHOT_SETTING_KEYS.map((key) => [key, answerWriter(`snapshot ${key}`, requireSetting(key).schema)] as const),
  ]);
  return writers;
}

/** The sites' lists written per turn of the event loop: 2,000 at once held it for up to 140 ms. */
const SITES_PER_TURN = 200;
let sitesWriter: ((items: readonly unknown[]) => Promise<string[]>) | null = null;
/** How the home data's text starts when written without its sites' lists, which go in their place. */
const HOME_WITHOUT_SITES = '{"articlesByDomain":[]';

/**
 * The two large answers, the sites' lists and the home data that holds them as its first field:
 * the lists written once, a few sites a turn, and used by both.
 */
async function siteListAnswers(home: HomePageData): Promise<{ sites: string[]; home: string[] }> {
  sitesWriter ??= arrayPartsWriter('snapshot articles-by-domain', articlesByDomain.element, SITES_PER_TURN);
  const sites = await sitesWriter(home.articlesByDomain);
  const rest = snapshotWriters().get('home-page-data')!({ ...home, articlesByDomain: [] });
  if (!rest.startsWith(HOME_WITHOUT_SITES)) throw new Error('snapshot home-page-data: articlesByDomain is no longer its first field');
  return { sites, home: ['{"articlesByDomain":', ...sites, rest.slice(HOME_WITHOUT_SITES.length)] };
}

/** Background rebuilds wait this long for further events, so a burst costs one rebuild. */
const DEBOUNCE_MS = 100;
/** A rebuild that failed while the database is up is tried again after this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;
/** A reader waits at most this long for a pending rebuild, then gets the previous snapshot. */
const FRESH_WAIT_MS = 3_000;
/** Topic pages carry absolute links, so they are rendered per origin; at most this many origins are kept. */
const MAX_ORIGINS = 16;

interface Content {
  entries: Map<SnapshotKey, EncodedBody>;
  topics: Map<Topic, TopicPageData>;
  /** Rendered topic pages by `${origin} ${topic}`. */
  pages: Map<string, Promise<EncodedBody>>;
  /** The previous snapshot's pages: a page whose text did not change keeps its buffers and ETag. */
  previousPages: Map<string, Promise<EncodedBody>> | null;
  builtAt: Date;
}

export interface SnapshotStats {
  /** Change events seen. */
  wanted: number;
  /** The generation the current snapshot reflects. */
  built: number;
  rebuilds: number;
  builtAt: string | null;
}

export interface PublicSnapshot {
  /** A public answer, fresh as of the last change event (or the last one built while the database is down). */
  read(key: SnapshotKey): Promise<EncodedBody>;
  /** `/{topic}.html` with links on `origin`. */
  topicPage(topic: Topic, origin: string): Promise<EncodedBody>;
  /** The data changed: the next read sees the change. */
  invalidate(): void;
  /** Resolves when the first snapshot is built (or its build failed). */
  ready(): Promise<void>;
  stats(): SnapshotStats;
  /** Stops listening; resolves when a rebuild under way has ended (before the database closes). */
  close(): Promise<void>;
}

type Ctx = Pick<AppContext, 'sql' | 'config' | 'events' | 'jobs'>;

async function build(ctx: Ctx, previous: Content | null): Promise<Content> {
  const parts = [
    homePageData(ctx),
    latestNewsAudio(ctx),
    loadTopicPages(ctx, TOPICS),
    Promise.all(SNAPSHOT_SETTING_KEYS.map((key) => readSetting(ctx, key))),
    emailSettings(ctx),
  ] as const;
  // Every part ends before the build does, failed or not: close() waits for a build under way, and a
  // part still querying after it would meet a closing pool.
  await Promise.allSettled(parts);
  const [home, audio, topics, settings, email] = await Promise.all(parts);
  const values = {
    'home-page-data': home,
    // The same lists as the home data, built by the same functions.
    'articles/recent-by-topic': home.recentArticlesByCategory,
    'trends/top-by-category': home.topTrends,
    'articles-by-domain': home.articlesByDomain,
    'latest-news-audio': audio,
    'site-info': { siteName: ctx.config.siteName, assistantUrl: ctx.config.assistantUrl, timeZone: ctx.config.timeZone, digests: email !== null },
    ...Object.fromEntries(SNAPSHOT_SETTING_KEYS.map((key, index) => [key, settings[index]])),
  } as Record<SnapshotKey, unknown>;
  // One part written per turn of the event loop, the large two in pieces: all at once held the
  // daemon's thread for over 100 ms with 2,000 sources.
  const large = await siteListAnswers(home);
  const encoded: EncodedBody[] = [];
  for (const key of SNAPSHOT_KEYS) {
    const text = key === 'home-page-data' ? large.home : key === 'articles-by-domain' ? large.sites : snapshotWriters().get(key)!(values[key]);
    encoded.push(await encodeBody(text, JSON_TYPE, previous?.entries.get(key)));
  }
  return {
    entries: new Map(SNAPSHOT_KEYS.map((key, index) => [key, encoded[index]!])),
    topics,
    pages: new Map(),
    previousPages: previous?.pages ?? null,
    builtAt: new Date(),
  };
}

/**
 * `warm`: build the first snapshot now, so a daemon's first reader is answered from it; a command
 * run in-process reads a page or none, and builds on that first read.
 */
export function createPublicSnapshot(ctx: Ctx, { warm = true }: { warm?: boolean } = {}): PublicSnapshot {
  const monitor = databaseMonitor(ctx);
  let wanted = 1;
  let built = 0;
  let rebuilds = 0;
  let current: Content | null = null;
  let building: Promise<void> | null = null;
  let failure: unknown = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  /** Bumped to abandon a rebuild: one that started before an outage may wait on a connection that never answers. */
  let generation = 0;

  function rebuild(): Promise<void> {
    if (building) return building;
    const target = wanted;
    const mine = ++generation;
    let outage = false;
    const attempt = (async () => {
      try {
        const next = await build(ctx, current);
        if (mine !== generation) return;
        if (current) current.previousPages = null;
        current = next;
        built = Math.max(built, target);
        rebuilds++;
        failure = null;
      } catch (error) {
        if (mine !== generation) return;
        failure = error;
        // An outage is the monitor's to announce (and it calls us back when the database returns);
        // after close the database may be closing too.
        outage = monitor.report(error);
        if (!outage && !closed) reportProblem('public snapshot: rebuild failed', (error as Error).message);
      } finally {
        if (mine === generation) building = null;
      }
      if (mine !== generation) return;
      if (built < wanted) {
        // A connection error with the database up (a query met a connection that had not recovered
        // yet; the monitor checks the server before going down): try again shortly. Down: the
        // monitor's return rebuilds.
        if (failure === null) schedule();
        else if (outage) schedule(RETRY_AFTER_FAILURE_MS);
      }
    })();
    building = attempt;
    return attempt;
  }

  function schedule(delayMs = DEBOUNCE_MS): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      // A reader may already have had the rebuild done: then there is nothing new to build. Down:
      // the monitor's return rebuilds.
      if (built < wanted && monitor.available) void rebuild();
    }, delayMs);
    timer.unref();
  }

  async function fresh(): Promise<Content> {
    const target = wanted;
    const deadline = Date.now() + FRESH_WAIT_MS;
    while (built < target || !current) {
      // Down: the last snapshot is the answer; without one there is none to give.
      if (!monitor.available) {
        if (current) return current;
        throw Unavailable(DATABASE_DOWN_MESSAGE);
      }
      const attempt = rebuild();
      if (current) {
        const left = deadline - Date.now();
        if (left <= 0) return current;
        let timeout: NodeJS.Timeout | undefined;
        const finished = await Promise.race([attempt.then(() => true), new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), left)))]);
        clearTimeout(timeout);
        if (!finished) return current;
      } else {
        await attempt;
      }
      if (failure !== null) {
        if (current) return current;
        if (monitor.available) throw failure;
      }
    }
    return current;
  }

  const onChange = () => {
    wanted++;
    // Not warmed and never read: the next read builds it; nothing to keep up to date meanwhile.
    if (warm || current) schedule();
  };
  const unsubscribe = [
    ctx.events.on('home_data_updated', onChange),
    ctx.events.on('domains_updated', onChange),
    ctx.events.on('avoid_domains_updated', onChange),
    ctx.events.on('latest_news_audio', onChange),
    ctx.events.on('settings_updated', ({ key }) => {
      if (isSnapshotSetting(key)) onChange();
    }),
    // A run's start and end move the home page's last-run times.
    ctx.events.on('job_updated', ({ job }) => {
      if (job === SPIDER_JOB || job === ANALYZER_JOB) onChange();
    }),
    // Back from an outage: whatever changed meanwhile (another daemon's writes) is read again, by a
    // new rebuild (one still under way may be stuck on a connection of before).
    monitor.onChange((available) => {
      if (!available) return;
      generation++;
      building = null;
      onChange();
    }),
  ];

  let first = warm ? rebuild() : null;

  return {
    async read(key) {
      return (await fresh()).entries.get(key)!;
    },
    async topicPage(topic, origin) {
      const content = await fresh();
      const pageKey = `${origin} ${topic}`;
      let page = content.pages.get(pageKey);
      if (!page) {
        const previous = content.previousPages?.get(pageKey);
        page = (previous ? previous.catch(() => null) : Promise.resolve(null)).then((before) =>
          encodeBody(topicPageHtml(ctx, content.topics.get(topic)!, origin), HTML_TYPE, before),
        );
        // Host headers are the client's to choose: only the first few origins are kept.
        if (content.pages.size < MAX_ORIGINS * TOPICS.length) content.pages.set(pageKey, page);
      }
      return page;
    },
    invalidate: onChange,
    ready: () => (first ??= rebuild()),
    stats: () => ({ wanted, built, rebuilds, builtAt: current?.builtAt.toISOString() ?? null }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const stop of unsubscribe) stop();
      await building;
    },
  };
}
