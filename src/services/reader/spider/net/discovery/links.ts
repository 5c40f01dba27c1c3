// Article-like links on a home or section page: same site, outside the navigation, and shaped
// like an article URL (a date, a long slug, a numeric id) rather than a tag, author or category
// listing. A heuristic by nature; feeds and sitemaps are preferred when a site has them.
import { parseHTML } from '../../../extract/dom.js';
import { canonicalizeUrl, tryParseUrl } from '../url.js';
import { siteHost } from '../../../../../shared/site-names.js';

export interface ArticleLink {
  /** Canonical URL. */
  url: string;
  /** Anchor text, whitespace collapsed. */
  text: string;
  /** How article-like the link looked (≥ the threshold to be returned). */
  score: number;
}

export interface ArticleLinkOptions {
  /** Decides whether a link's URL belongs to the site (default: same host, or www/sub-domain of it). */
  isSameSite?: (url: URL) => boolean;
  /** Minimum score kept (default 2). */
  minScore?: number;
  maxLinks?: number;
}

/** Path segments of listing and service pages, never articles. */
const NON_ARTICLE_SEGMENTS = new Set([
  'tag',
  'tags',
  'topic',
  'topics',
  'author',
  'authors',
  'byline',
  'category',
  'categories',
  'section',
  'sections',
  'page',
  'search',
  'login',
  'logout',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'register',
  'subscribe',
  'subscription',
  'subscriptions',
  'account',
  'profile',
  'user',
  'users',
  'member',
  'members',
  'about',
  'about-us',
  'contact',
  'contact-us',
  'privacy',
  'privacy-policy',
  'terms',
  'terms-of-service',
  'terms-of-use',
  'tos',
  'cookies',
  'cookie-policy',
  'advertise',
  'advertising',
  'careers',
  'jobs',
  'help',
  'faq',
  'newsletter',
  'newsletters',
  'feed',
  'feeds',
  'rss',
  'wp-admin',
  'wp-login.php',
  'wp-json',
  'cdn-cgi',
  'static',
  'assets',
  'archive',
  'archives',
  'sitemap',
  'shop',
  'store',
  'donate',
  'cart',
  'staff',
  'team',
  'masthead',
  'corrections',
  'accessibility',
  'comments',
]);

/** Path segments that announce an article when something follows them. */
const ARTICLE_SEGMENTS = new Set(['article', 'articles', 'story', 'stories', 'news', 'post', 'posts', 'blog', 'p', 'a']);

const NON_DOCUMENT_EXTENSION =
  /\.(jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|rar|7z|mp3|m4a|ogg|wav|mp4|m4v|mov|webm|avi|css|js|mjs|json|xml|rss|atom|txt|csv|xlsx?|docx?|pptx?|epub|apk|exe|dmg|woff2?|ttf)$/i;

const NAVIGATION_CONTAINERS = 'nav, footer, [role="navigation"], [role="contentinfo"]';

/**
 * Scores a URL's shape: dates, long slugs and ids count for it; listing paths, bare sections and
 * files against it. Exported for the crawler's own checks and tests.
 */
export function articleUrlScore(url: URL): number {
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => safeDecode(s).toLowerCase());
  if (segments.length === 0) return -10;
  if (segments.some((s) => NON_ARTICLE_SEGMENTS.has(s))) return -10;
  if (NON_DOCUMENT_EXTENSION.test(url.pathname)) return -10;
  if (/[?&](page|paged|s|q|query|replytocom|share|print|output)=/i.test(url.search)) return -10;

  const path = segments.join('/');
  const last = segments[segments.length - 1]!.replace(/\.(s?html?|php|aspx?|cms)$/, '');
  let score = 0;
  if (
    /(^|\/)(19|20)\d{2}\/(0?[1-9]|1[0-2])(\/|$)/.test(path) ||
    /(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])/.test(path) ||
    /(^|[^\d])(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([^\d]|$)/.test(path)
  ) {
    score += 3;
  }
  const words = last.split(/[-_+]+/).filter((w) => /[a-z\u00c0-\uffff]/.test(w));
  if (words.length >= 3) score += 2;
  if (words.length >= 5) score += 1;
  if (/(^|[^\d])\d{5,}([^\d]|$)/.test(path)) score += 2;
  if (segments.slice(0, -1).some((s) => ARTICLE_SEGMENTS.has(s))) score += 1;
  if (/\.(s?html?|php|aspx?)$/.test(segments[segments.length - 1]!) && words.length >= 2) score += 1;
  // A lone short segment is a section front (/politics, /world), not a story.
  if (segments.length === 1 && words.length <= 2 && !/\d{4,}/.test(last)) score -= 2;
  return score;
}

/** The default notion of "same site": equal host, or one host a sub-domain of the other (www.). */
export function sameSiteAs(pageUrl: URL): (url: URL) => boolean {
  const pageHost = pageUrl.hostname.toLowerCase();
  const bare = siteHost(pageHost);
  const isIp = /^[\d.]+$|^\[/.test(pageHost);
  return (url: URL) => {
    const host = url.hostname.toLowerCase();
    if (isIp) return url.host === pageUrl.host;
    if (url.port !== pageUrl.port) return false;
    return host === pageHost || host === bare || host.endsWith(`.${bare}`);
  };
}

/**
 * Article-like links of a page, in document order, canonicalised and de-duplicated. Drops
 * javascript:, mailto:, data: and other non-http links, links inside <nav>/<footer>, and links to
 * other sites.
 */
export function articleLinks(html: string, pageUrl: string, options: ArticleLinkOptions = {}): ArticleLink[] {
  const page = tryParseUrl(pageUrl);
  if (!page) return [];
  const minScore = options.minScore ?? 2;
  const maxLinks = options.maxLinks ?? 500;
  const isSameSite = options.isSameSite ?? sameSiteAs(page);
  const { document } = parseHTML(html);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref && tryParseUrl(baseHref, page)?.href) || page.href;
  const pageCanonical = canonicalizeUrl(page);

  const found = new Map<string, ArticleLink>();
  for (const anchor of Array.from(document.querySelectorAll('a[href]')) as Element[]) {
    if (found.size >= maxLinks) break;
    const href = (anchor.getAttribute('href') ?? '').trim();
    // Browsers strip control characters and whitespace before the scheme; so must we, or
    // " javascript:" would read as a relative path.
    const cleaned = href.replace(/[\u0000-\u0020]/g, '');
    if (cleaned === '' || cleaned.startsWith('#') || (/^[a-z][a-z0-9+.-]*:/i.test(cleaned) && !/^https?:/i.test(cleaned))) continue;
    if (anchor.closest(NAVIGATION_CONTAINERS)) continue;
    const rel = (anchor.getAttribute('rel') ?? '').toLowerCase();
    if (/\b(tag|author|category|prev|next|nofollow\s+ugc|ugc|sponsored)\b/.test(rel)) continue;
    const url = tryParseUrl(href, base);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    if (!isSameSite(url)) continue;
    const canonical = canonicalizeUrl(url);
    if (!canonical || canonical === pageCanonical || found.has(canonical)) continue;
    const text = (anchor.textContent ?? '').replace(/\s+/g, ' ').trim();
    let score = articleUrlScore(new URL(canonical));
    if (text.split(' ').length >= 4 && text.length >= 20) score += 1;
    if (score >= minScore) found.set(canonical, { url: canonical, text, score });
  }
  return [...found.values()];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
