// newsctl's service worker: the site opens without a network. It keeps the app's shell and files,
// the public reads the home page makes, and every page a reader opened (the home page, topic pages,
// story pages, articles), so those open offline as they last were, with a banner saying so. Online,
// pages and reads come from the network first (always fresh); the app's hashed files from the cache.
// A new version of this file is picked up on the next visit (the browser checks it on every load).
const VERSION = 'newsctl-v1';
const SHELL = `${VERSION}-shell`;
const PAGES = `${VERSION}-pages`;
/** Pages and reads kept, newest first: enough for a week of reading, small on any phone. */
const MAX_PAGES = 150;
const TOPICS = ['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science'];
/** The public reads of the home page (served from the daemon's snapshot): kept for offline. */
const PUBLIC_READS =
  /^\/api\/(home-page-data|site-info|articles\/recent-by-topic|trends\/top-by-category|articles-by-domain|latest-news-audio|saved-searches)$/;
/** Pages the daemon renders or the app routes, kept once opened. */
const READABLE_PAGE = /^\/($|search$|story\/|[a-z]+\.html$|[a-z]+\/[a-z0-9-]+\.html$)/;
const OFFLINE_BANNER =
  '<p role="status" style="margin:0 0 1rem;padding:.6rem .9rem;border-radius:6px;background:#fef3c7;color:#713f12;font:15px/1.4 system-ui,sans-serif">' +
  'You are offline: this page is as it was when you last opened it.</p>';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // The shell pages, and the files they load (their hashed names are read from them).
      const files = new Set(['/', '/app.html', '/manifest.webmanifest', '/app-icon.svg']);
      for (const page of ['/', '/app.html']) {
        const response = await fetch(page, { cache: 'no-cache' });
        if (!response.ok) continue;
        await cache.put(page, response.clone());
        for (const match of (await response.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) files.add(match[1]);
      }
      await Promise.all([...files].filter((file) => file !== '/' && file !== '/app.html').map((file) => cache.add(file).catch(() => {})));
      // The topic pages, so each opens offline even if it was never visited.
      const pages = await caches.open(PAGES);
      await Promise.all(TOPICS.map((topic) => pages.add(`/${topic}.html`).catch(() => {})));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!name.startsWith(VERSION)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** Keeps the newest MAX_PAGES entries of the pages cache. */
async function trim(cache) {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(request);
}

/** The network's answer, kept for later; the kept one when the network fails. */
async function networkFirst(request, key, { page }) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) {
      // Re-added at the end, so the cache's order is the order of last use.
      await cache.delete(key);
      await cache.put(key, response.clone());
      void trim(cache);
    }
    return response;
  } catch (error) {
    const kept = (await cache.match(key)) ?? (page ? await shellFor(key) : undefined);
    if (!kept) throw error;
    return page ? withOfflineBanner(kept) : kept;
  }
}

/** The app's shell for a page the app routes (a search, the home page) that was never kept itself. */
async function shellFor(url) {
  const shell = await caches.open(SHELL);
  const path = new URL(url).pathname;
  return (path === '/' ? await shell.match('/') : undefined) ?? (await shell.match('/app.html'));
}

/**
 * A kept server-rendered page with the offline notice at the top of its body. The app's own pages
 * (the shell) say it themselves, as they can tell when the network comes back.
 */
async function withOfflineBanner(response) {
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const marked = text.includes('<div id="root">') ? text : text.replace(/<body([^>]*)>/, `<body$1>${OFFLINE_BANNER}`);
  return new Response(marked, { status: 200, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change: the kept copy is the file.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then(async (response) => {
            if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
            return response;
          }),
      ),
    );
    return;
  }
  if (request.mode === 'navigate' && READABLE_PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request, url.href, { page: true }));
    return;
  }
  if (PUBLIC_READS.test(url.pathname) || /^\/(images|favicons)\//.test(url.pathname) || url.pathname === '/manifest.webmanifest') {
    event.respondWith(networkFirst(request, url.href, { page: false }));
  }
});

// Story alerts (Web Push): the daemon sends { title, body, url, tag }, encrypted for this browser.
self.addEventListener('push', (event) => {
  let alert = null;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  if (!alert || typeof alert.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: typeof alert.body === 'string' ? alert.body : '',
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
      icon: '/app-icon-192.png',
      data: { url: typeof alert.url === 'string' && alert.url.startsWith('/') ? alert.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      for (const client of await self.clients.matchAll({ type: 'window' })) {
        if (client.url === url && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
