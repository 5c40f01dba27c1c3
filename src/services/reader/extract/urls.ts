// Absolute http(s) URLs only: anything else a page offers (javascript:, data:, mailto:) is refused.

/** Resolves `href` against `base` and returns it when it is an absolute http(s) URL, else null. */
export function httpUrl(href: string | null | undefined, base?: string | null): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed || trimmed.length > 4096) return null;
  let url: URL;
  try {
    url = base ? new URL(trimmed, base) : new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href;
}

/** The base that relative links on the page resolve against: `<base href>` (itself resolved) or the page URL. */
export function documentBase(document: Document, pageUrl?: string | null): string | null {
  const page = httpUrl(pageUrl);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  return httpUrl(baseHref, page) ?? page;
}
