// The Google Reader API as FreshRSS and Miniflux serve it, for the reader apps people already use
// (NetNewsWire, Reeder Classic, Read You, FeedMe, Fluent Reader): source domains are feeds, topics
// are folders (labels), our generated articles are the "Our articles" folder, the stories several
// sites cover are the "Trends" feed (each item links to its story page and lists its sources), and
// each user's read and starred state is stored in the database (so it holds across restarts and daemons).
// The password an app sends is an API token; the administrator's password is never accepted,
// so a reader app on a phone cannot do more than read, and is revoked like any token.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import {
  readerFeeds,
  readerItems,
  readerItemsById,
  readerUnreadCounts,
  setReaderItemState,
  TREND_ITEM_BASE,
  type ReaderFeedRow,
  type ReaderItemRow,
  type ReaderStreamFilter,
} from '../../../db/reader.js';
import { Invalid } from '../../../errors.js';
import { isTopic, TOPIC_NAMES, TOPICS, type Topic } from '../../../shared/topics.js';
import { readableAddress } from '../domains/host-names.js';
import { escapeHtml } from '../pages/html.js';
import { renderArticleBody } from '../pages/article-page.js';
import { storyPagePath } from '../../../shared/pages.js';

export const READING_LIST = 'user/-/state/com.google/reading-list';
const STARRED = 'user/-/state/com.google/starred';
const READ = 'user/-/state/com.google/read';
const KEPT_UNREAD = 'user/-/state/com.google/kept-unread';
const OUR_ARTICLES_LABEL = 'Our articles';
const TRENDS_LABEL = 'Trends';
const TRENDS_FEED = 'feed/newsctl-trends';
const ITEM_PREFIX = 'tag:google.com,2005:reader/item/';
/** The database's limits: a bigint id, a time JavaScript and PostgreSQL both hold (year 9999). */
const MAX_ITEM_ID = 2n ** 63n - 1n;
const MAX_TIME_MS = Date.UTC(9999, 11, 31);
const MAX_ITEMS = 1000;

type Ctx = Pick<AppContext, 'sql' | 'config'>;

/** The edit token ("T") that write calls must send: derived from the credential, never stored. */
export function editToken(credential: string): string {
  return createHash('sha256').update(`newsctl-greader-T:${credential}`).digest('hex').slice(0, 57);
}

const labelId = (label: string) => `user/-/label/${label}`;
const feedId = (feed: Pick<ReaderFeedRow, 'id'>) => `feed/${feed.id}`;

/** `user/1234/label/X` and `user/-/label/X` are the same stream. */
function normaliseStream(stream: string): string {
  return stream.replace(/^user\/[^/]+\//, 'user/-/');
}

function topicOfLabel(label: string): Topic | null {
  return TOPICS.find((topic) => TOPIC_NAMES[topic].toLowerCase() === label.toLowerCase()) ?? null;
}

/** The items a stream id names; a stream the API does not know is a 400. */
function streamFilter(rawStream: string): ReaderStreamFilter {
  const stream = normaliseStream(rawStream);
  const filter: ReaderStreamFilter = {
    domainId: null,
    topic: null,
    articles: true,
    generated: true,
    trends: true,
    starredOnly: false,
    excludeRead: false,
    newerThanMs: null,
    olderThanMs: null,
  };
  if (stream === READING_LIST) return filter;
  if (stream === STARRED) return { ...filter, starredOnly: true };
  const onlyTrends = { ...filter, articles: false, generated: false };
  if (stream === TRENDS_FEED) return onlyTrends;
  const feed = /^feed\/(\d{1,10})$/.exec(stream);
  if (feed && Number(feed[1]) <= 2_147_483_647) return { ...filter, domainId: Number(feed[1]), generated: false, trends: false };
  if (stream.startsWith('user/-/label/')) {
    const label = decodeURIComponent(stream.slice('user/-/label/'.length));
    if (label.toLowerCase() === OUR_ARTICLES_LABEL.toLowerCase()) return { ...filter, articles: false, trends: false };
    if (label.toLowerCase() === TRENDS_LABEL.toLowerCase()) return onlyTrends;
    const topic = topicOfLabel(label);
    if (topic) return { ...filter, topic };
  }
  throw Invalid(`Unknown stream "${rawStream.slice(0, 200)}"`);
}

/** An item id as apps send it: the long form (hex), or decimal. */
function parseItemId(raw: string): bigint {
  const text = raw.trim();
  try {
    const id = text.startsWith(ITEM_PREFIX)
      ? BigInt(`0x${text.slice(ITEM_PREFIX.length)}`)
      : /^-?\d{1,20}$/.test(text)
        ? BigInt.asUintN(64, BigInt(text))
        : /^[0-9a-f]{16}$/i.test(text)
          ? BigInt(`0x${text}`)
          : null;
    if (id !== null && id <= MAX_ITEM_ID) return id;
  } catch {
    // Falls through to the refusal.
  }
  throw Invalid(`Not an item id: "${text.slice(0, 100)}"`);
}

const longItemId = (id: bigint) => `${ITEM_PREFIX}${id.toString(16).padStart(16, '0')}`;

/** A page position in a stream: the last item's time and id, opaque to the app. */
function continuationOf(item: ReaderItemRow): string {
  return Buffer.from(`${item.at.getTime()}_${item.itemId}`).toString('base64url');
}

function readContinuation(raw: string | undefined): { atMs: number; itemId: bigint } | null {
  if (!raw) return null;
  const match = /^(\d{1,15})_(\d{1,19})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match || Number(match[1]) > MAX_TIME_MS || BigInt(match[2]!) > MAX_ITEM_ID) throw Invalid('Not a continuation this server gave');
  return { atMs: Number(match[1]), itemId: BigInt(match[2]!) };
}

export interface StreamQuery {
  s: string;
  n?: string | number;
  c?: string;
  r?: string;
  xt?: string | string[];
  it?: string | string[];
  ot?: string | number;
  nt?: string | number;
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function seconds(value: string | number | undefined, name: string): number | null {
  if (value === undefined || value === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number * 1000 > MAX_TIME_MS) throw Invalid(`${name} must be a time in seconds`);
  return number;
}

async function streamPage(ctx: Ctx, userId: number, query: StreamQuery, withContent: boolean) {
  const filter = streamFilter(query.s);
  for (const excluded of list(query.xt).map(normaliseStream)) if (excluded === READ) filter.excludeRead = true;
  for (const included of list(query.it).map(normaliseStream)) if (included === STARRED) filter.starredOnly = true;
  const ot = seconds(query.ot, 'ot');
  const nt = seconds(query.nt, 'nt');
  if (ot !== null) filter.newerThanMs = ot * 1000;
  if (nt !== null) filter.olderThanMs = nt * 1000;
  const limit = Math.min(MAX_ITEMS, Math.max(1, Number(query.n ?? 20) || 20));
  const rows = await readerItems(ctx.sql, userId, filter, { limit: limit + 1, oldestFirst: query.r === 'o', after: readContinuation(query.c), withContent });
  const page = rows.slice(0, limit);
  return { rows: page, continuation: rows.length > limit ? continuationOf(page[page.length - 1]!) : undefined };
}

/** A trend's text: its description, then each source article linked (lines title, address, site). */
function trendContent(row: ReaderItemRow): string {
  const sources = row.content
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((parts) => parts.length === 3 && parts[0]!.trim())
    .map(([title, url, site]) => {
      const href = /^https?:\/\//i.test(url!) ? url! : `https://${url!.replace(/^\/+/, '')}`;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(title!)}</a>${site ? ` (${escapeHtml(site)})` : ''}</li>`;
    });
  const description = row.summary ? `<p>${escapeHtml(row.summary)}</p>` : '';
  return sources.length > 0 ? `${description}\n<p>Reported by:</p>\n<ul>${sources.join('')}</ul>` : description;
}

function itemContent(row: ReaderItemRow): string {
  if (row.kind === 'trend') return trendContent(row);
  if (row.kind === 'generated')
    return renderArticleBody(row.content)
      .map((block) => block.value)
      .join('');
  const paragraphs = (row.content || row.summary || '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
}

/** The site's address of a stored URL; '' for one that is not a URL (stored text is hostile input). */
function originOf(url: string | null): string {
  try {
    return url ? `${new URL(url).origin}/` : '';
  } catch {
    return '';
  }
}

/** One item as FreshRSS and Miniflux write it. */
function itemJson(row: ReaderItemRow, origin: string, siteName: string) {
  const topicLabel = row.topic && isTopic(row.topic) ? TOPIC_NAMES[row.topic] : null;
  const href =
    row.kind === 'trend'
      ? `${origin}${storyPagePath({ id: Number(row.itemId - TREND_ITEM_BASE), title: row.title })}`
      : row.kind === 'generated'
        ? row.url
          ? `${origin}${row.url}`
          : origin
        : (row.url ?? '');
  const folder = row.kind === 'generated' ? [labelId(OUR_ARTICLES_LABEL)] : row.kind === 'trend' ? [labelId(TRENDS_LABEL)] : [];
  const categories = [READING_LIST, ...(topicLabel ? [labelId(topicLabel)] : []), ...folder];
  if (row.read) categories.push(READ);
  if (row.starred) categories.push(STARRED);
  const ms = row.at.getTime();
  const source =
    row.kind === 'generated'
      ? { streamId: labelId(OUR_ARTICLES_LABEL), title: siteName, htmlUrl: origin }
      : row.kind === 'trend'
        ? { streamId: TRENDS_FEED, title: trendsFeedTitle(siteName), htmlUrl: origin }
        : { streamId: `feed/${row.domainId}`, title: row.siteName ?? readableAddress(row.domainName ?? ''), htmlUrl: originOf(row.url) };
  return {
    id: longItemId(row.itemId),
    crawlTimeMsec: String(ms),
    timestampUsec: String(ms * 1000),
    published: Math.floor(ms / 1000),
    updated: Math.floor(ms / 1000),
    title: row.title,
    canonical: [{ href }],
    alternate: [{ href, type: 'text/html' }],
    categories,
    origin: source,
    summary: { content: itemContent(row) },
  };
}

export function userInfo(userId: number, username: string) {
  return { userId: String(userId), userName: username, userProfileId: String(userId), userEmail: '' };
}

const trendsFeedTitle = (siteName: string) => `${siteName} trends`;

export async function subscriptionList(ctx: Ctx, origin: string) {
  const feeds = await readerFeeds(ctx.sql);
  const trends = {
    id: TRENDS_FEED,
    title: trendsFeedTitle(ctx.config.siteName),
    categories: [{ id: labelId(TRENDS_LABEL), label: TRENDS_LABEL }],
    url: `${origin}/`,
    htmlUrl: `${origin}/`,
    iconUrl: '',
  };
  return {
    subscriptions: [
      ...feeds.map((feed) => {
        const site = /^[a-z]+:\/\//.test(feed.url) ? new URL(feed.url).origin : `https://${feed.url}`;
        const label = feed.topic && isTopic(feed.topic) ? TOPIC_NAMES[feed.topic] : null;
        return {
          id: feedId(feed),
          title: feed.siteName ?? readableAddress(feed.url),
          categories: label ? [{ id: labelId(label), label }] : [],
          url: `${site}/`,
          htmlUrl: `${site}/`,
          iconUrl: `${origin}/favicons/${encodeURIComponent(feed.url)}`,
        };
      }),
      trends,
    ],
  };
}

export function tagList() {
  return {
    tags: [
      { id: STARRED },
      ...TOPICS.map((topic) => ({ id: labelId(TOPIC_NAMES[topic]), type: 'folder' })),
      { id: labelId(OUR_ARTICLES_LABEL), type: 'folder' },
      { id: labelId(TRENDS_LABEL), type: 'folder' },
    ],
  };
}

export async function unreadCount(ctx: Ctx, userId: number) {
  const rows = await readerUnreadCounts(ctx.sql, userId);
  const usec = (date: Date) => String(new Date(date).getTime() * 1000);
  const unreadcounts = rows.flatMap((row) => {
    if (row.by === 'all') return [{ id: READING_LIST, count: row.count, newestItemTimestampUsec: usec(row.newestAt) }];
    if (row.by === 'domain')
      return row.domainId === null ? [] : [{ id: `feed/${row.domainId}`, count: row.count, newestItemTimestampUsec: usec(row.newestAt) }];
    if (row.by === 'kind') {
      const stream = row.kind === 'trend' ? TRENDS_FEED : row.kind === 'generated' ? labelId(OUR_ARTICLES_LABEL) : null;
      return stream ? [{ id: stream, count: row.count, newestItemTimestampUsec: usec(row.newestAt) }] : [];
    }
    return row.topic && isTopic(row.topic) ? [{ id: labelId(TOPIC_NAMES[row.topic]), count: row.count, newestItemTimestampUsec: usec(row.newestAt) }] : [];
  });
  return { max: MAX_ITEMS, unreadcounts };
}

export async function streamContents(ctx: Ctx, userId: number, query: StreamQuery, origin: string) {
  const { rows, continuation } = await streamPage(ctx, userId, query, true);
  return {
    id: query.s,
    updated: Math.floor(Date.now() / 1000),
    items: rows.map((row) => itemJson(row, origin, ctx.config.siteName)),
    ...(continuation ? { continuation } : {}),
  };
}

export async function streamItemIds(ctx: Ctx, userId: number, query: StreamQuery) {
  const { rows, continuation } = await streamPage(ctx, userId, query, false);
  return {
    itemRefs: rows.map((row) => ({ id: row.itemId.toString(), directStreamIds: [], timestampUsec: String(row.at.getTime() * 1000) })),
    ...(continuation ? { continuation } : {}),
  };
}

export async function itemContents(ctx: Ctx, userId: number, ids: readonly string[], origin: string) {
  if (ids.length === 0) throw Invalid('Send the items as i=…');
  if (ids.length > MAX_ITEMS) throw Invalid(`At most ${MAX_ITEMS} items at once`);
  const wanted = ids.map(parseItemId);
  const byId = new Map((await readerItemsById(ctx.sql, userId, wanted)).map((row) => [row.itemId, row]));
  return {
    id: READING_LIST,
    updated: Math.floor(Date.now() / 1000),
    items: wanted.flatMap((id) => (byId.has(id) ? [itemJson(byId.get(id)!, origin, ctx.config.siteName)] : [])),
  };
}

/** edit-tag: `a` adds read or starred, `r` removes them (kept-unread means "not read"). */
export async function editTags(ctx: Ctx, userId: number, ids: readonly string[], add: readonly string[], remove: readonly string[]): Promise<void> {
  if (ids.length === 0) throw Invalid('Send the items as i=…');
  const items = ids.map(parseItemId);
  const change: { read?: boolean; starred?: boolean } = {};
  for (const tag of add.map(normaliseStream)) {
    if (tag === READ) change.read = true;
    if (tag === STARRED) change.starred = true;
    if (tag === KEPT_UNREAD) change.read = false;
  }
  for (const tag of remove.map(normaliseStream)) {
    if (tag === READ) change.read = false;
    if (tag === STARRED) change.starred = false;
  }
  await setReaderItemState(ctx.sql, userId, items, change);
}

/** mark-all-as-read: every unread item of the stream up to `ts` (microseconds), or all of them. */
export async function markAllAsRead(ctx: Ctx, userId: number, stream: string, tsUsec: string | undefined): Promise<number> {
  const filter = { ...streamFilter(stream), excludeRead: true };
  if (tsUsec && /^\d{1,19}$/.test(tsUsec)) filter.olderThanMs = Math.floor(Number(tsUsec) / 1000) + 1;
  const rows = await readerItems(ctx.sql, userId, filter, { limit: 100_000, oldestFirst: false, after: null, withContent: false });
  await setReaderItemState(
    ctx.sql,
    userId,
    rows.map((row) => row.itemId),
    { read: true },
  );
  return rows.length;
}
