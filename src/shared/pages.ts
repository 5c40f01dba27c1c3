// The public site's addresses, written once as the API's are (src/api/endpoints.ts): the server
// registers its pages at these paths, and every link, feed, share and the web app build them here.
// No Node module: the web app imports this file.
import type { Topic } from './topics.js';

export const PAGES = {
  home: '/',
  search: '/search',
  login: '/login',
  admin: '/admin',
  /** Every generated article, as Atom. */
  allFeed: '/feeds/all.xml',
  /** The podcast (RSS with the iTunes tags): bulletins, podcasts, interviews. */
  podcastFeed: '/podcast.xml',
  podcastArtwork: '/podcast-artwork.png',
  /** The web app manifest (the site installs as an app) and the service worker that keeps it readable offline. */
  manifest: '/manifest.webmanifest',
  serviceWorker: '/sw.js',
  /** The digest's double opt-in link (`?token=…`). */
  confirmSubscription: '/subscriptions/confirm',
  /** Every digest's way out (`?token=…`): GET shows a page, POST (RFC 8058 one-click) unsubscribes. */
  unsubscribe: '/subscriptions/unsubscribe',
} as const;

/** The pages the React app serves itself (every other path is the daemon's, or its 404). */
export const APP_PAGES: readonly string[] = [PAGES.home, PAGES.search, PAGES.login, PAGES.admin];

/** The words of a title as an address, cut at a word under 60 characters: `storm-floods-port-linden`. */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  let slug = '';
  for (const word of words ?? []) {
    if (slug.length + word.length + 1 > 60) break;
    slug = slug ? `${slug}-${word}` : word;
  }
  return slug;
}

/** A topic's server-rendered page. */
export function topicPagePath(topic: Topic): string {
  return `/${topic}.html`;
}

/** A topic's Atom feed of generated articles (every topic's: `allFeed`). */
export function topicFeedPath(topic: Topic): string {
  return `/feeds/${topic}.xml`;
}

/** A saved search's Atom feed. */
export function savedSearchFeedPath(slug: string): string {
  return `/feeds/search/${slug}.xml`;
}

/** The Atom feed of any search (a reader's own, saved in their browser). */
export function searchFeedPath(query: string): string {
  return `/feeds/search.xml?q=${encodeURIComponent(query)}`;
}

/** How the server routes story pages (`/story/123` or `/story/123-any-words`). */
export const STORY_ROUTE = '/story/:ref';

/** A story's page: its id keeps the address while the story goes on; the words follow the title. */
export function storyPagePath(trend: { id: number; title: string }): string {
  const slug = slugOf(trend.title);
  return `/story/${trend.id}${slug ? `-${slug}` : ''}`;
}

export function isStoryPagePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/story\/\d+(?:-[a-z0-9-]*)?$/.test(path);
}

/** A generated article's page, chosen at its first generation and kept through rewrites. */
export function articlePagePath(topic: Topic, title: string, trendId: number): string {
  return `/${topic}/${slugOf(title) || 'article'}-${trendId}.html`;
}

/** Whether a request path can be an article page (cheap check before the database lookup). */
export function isArticlePagePath(path: string): boolean {
  return /^\/[a-z]+\/[a-z0-9-]{1,80}\.html$/.test(path);
}
