// The frame of the daemon's server-rendered pages: one stylesheet, Open Graph and feed links, no
// script. Every value is escaped by the html template; links are only http(s) or same-site paths.
import type { Topic } from '../../../shared/topics.js';
import { TOPIC_NAMES, TOPICS } from '../../../shared/topics.js';
import { html, Html, safeHref } from './html.js';

const TOPIC_LABELS = TOPIC_NAMES;

export function topicLabel(topic: Topic): string {
  return TOPIC_LABELS[topic];
}

/** A same-site path ("/usa/x.html"), never "//host" or anything with a scheme. */
export function safePagePath(path: string | null | undefined): string | null {
  if (!path || !/^\/(?!\/)[A-Za-z0-9/._~%-]*$/.test(path)) return null;
  return path;
}

export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/** An http(s) link, a same-site link, or the text alone. */
export function link(url: string | null | undefined, text: string, options: { external?: boolean } = {}): Html {
  const local = safePagePath(url);
  if (local) return html`<a href="${local}">${text}</a>`;
  const href = url ? safeHref(url) : null;
  if (!href) return html`${text}`;
  return options.external === false ? html`<a href="${href}">${text}</a>` : html`<a href="${href}" rel="noopener noreferrer">${text}</a>`;
}

export function formatTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of this page. */
  url: string;
  siteName: string;
  type: 'website' | 'article';
  /** Absolute address of the image, if any. */
  image?: string | null;
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  /** Atom feeds offered on this page: [title, absolute URL]. */
  feeds: [string, string][];
}

const STYLE = `
  body { font: 17px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #111; background: #fff; }
  a { color: #0645ad; } small, .meta { color: #555; } nav { margin-bottom: 1.5rem; font-size: 0.95rem; }
  h1 { line-height: 1.25; margin: 0.5rem 0; } h2 { margin-top: 2rem; }
  img.feature { width: 100%; height: auto; border-radius: 6px; margin: 1rem 0; }
  ol.sources li, ul.items li { margin-bottom: 0.5rem; } .excerpt { margin: 0.25rem 0; }
  article.item { margin-bottom: 1.75rem; } article.item h3 { margin-bottom: 0.25rem; }
  @media (prefers-color-scheme: dark) { body { color: #eee; background: #111; } a { color: #8ab4f8; } small, .meta { color: #aaa; } }
`;

export function renderPage(meta: PageMeta, body: Html): string {
  const description = meta.description.length > 300 ? `${meta.description.slice(0, 297)}…` : meta.description;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title} — ${meta.siteName}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${meta.url}">
<meta property="og:site_name" content="${meta.siteName}">
<meta property="og:type" content="${meta.type}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${meta.url}">
${
  meta.image
    ? html`<meta property="og:image" content="${meta.image}">
<meta name="twitter:card" content="summary_large_image">`
    : html`<meta name="twitter:card" content="summary">`
}
${meta.publishedTime ? html`<meta property="article:published_time" content="${meta.publishedTime}">` : ''}
${meta.modifiedTime ? html`<meta property="article:modified_time" content="${meta.modifiedTime}">` : ''}
${meta.section ? html`<meta property="article:section" content="${meta.section}">` : ''}
${meta.feeds.map(
  ([title, href]) => html`<link rel="alternate" type="application/atom+xml" title="${title}" href="${href}">
`,
)}<link rel="manifest" href="/manifest.webmanifest">
<meta name="theme-color" content="#111827">
<style>${new Html(STYLE)}</style>
</head>
<body>
<nav><a href="/">${meta.siteName}</a> · ${TOPICS.map((t, i) => html`${i ? ' · ' : ''}<a href="/${t}.html">${topicLabel(t)}</a>`)}</nav>
${body}
</body>
</html>
`.value;
}
