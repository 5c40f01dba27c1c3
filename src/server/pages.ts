// The daemon's own pages and feeds: they come before the app's fallback. Absolute links (Open
// Graph, feeds) use NEWSCTL_PUBLIC_URL, else the address the request came to; an answer built from
// the request's address is never offered to a shared cache, so one forged Host (or a forwarded host
// from an untrusted client) cannot be served to everyone.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { episodeText, podcastArtwork, renderPodcastFeed } from '../services/newsroom/audio/feed.js';
import { TOPICS, isTopic } from '../shared/topics.js';
import { articlePageAt } from '../services/reader/pages/article-page.js';
import { renderFeed } from '../services/reader/pages/feeds.js';
import { APP_ICON_SIZES, appIconPng, webAppManifest } from '../services/reader/pages/web-app.js';
import { adHocSearchFeed, savedSearchFeed } from '../services/reader/search/saved.js';
import { loadStory, storyIdOf, storyPageHtml } from '../services/reader/pages/story-page.js';
import { sendSnapshot } from './snapshot-reply.js';
import { storyPagePath, PAGES, STORY_ROUTE, isArticlePagePath, topicPagePath } from '../shared/pages.js';

export function requestOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.ctx.config.publicUrl) return app.ctx.config.publicUrl;
  // request.host is X-Forwarded-Host only when NEWSCTL_TRUST_PROXY trusts the hop that sent it.
  const host = /^[A-Za-z0-9.:[\]-]+$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** Whether answers holding absolute links may go to shared caches: only when the links come from NEWSCTL_PUBLIC_URL. */
function linksAreShareable(app: FastifyInstance): boolean {
  return app.ctx.config.publicUrl !== null;
}

/** Caching for an answer with absolute links that is not from the snapshot. */
function linkedAnswer(app: FastifyInstance, reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', linksAreShareable(app) ? 'no-cache' : 'private, no-cache');
}

export async function registerPages(app: FastifyInstance): Promise<void> {
  for (const topic of TOPICS) {
    // From the public snapshot: rendered once per change (and origin), served through an outage.
    app.get(topicPagePath(topic), { compress: false }, async (request, reply) =>
      sendSnapshot(request, reply, await app.snapshot.topicPage(topic, requestOrigin(app, request)), { shared: linksAreShareable(app) }),
    );
    app.get(`/${topic}/:page`, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const page = isArticlePagePath(path) ? await articlePageAt(app.ctx, path, requestOrigin(app, request)) : null;
      if (!page) return reply.callNotFound();
      return linkedAnswer(app, reply.type('text/html; charset=utf-8')).send(page);
    });
  }
  // A story's page: its id keeps the address; an address with older words (the title changed, or
  // none) is sent on to the current one.
  // Rendered once per change: any change event (a new analysis, an article written, retention)
  // moves the snapshot's `wanted` count, and with it every cached story page.
  const stories = new Map<string, { path: string; html: string }>();
  let storiesVersion = -1;
  app.get<{ Params: { ref: string } }>(STORY_ROUTE, async (request, reply) => {
    const id = storyIdOf(request.params.ref);
    if (id === null) return reply.callNotFound();
    const version = app.snapshot.stats().wanted;
    if (version !== storiesVersion) {
      stories.clear();
      storiesVersion = version;
    }
    const origin = requestOrigin(app, request);
    const key = `${origin} ${id}`;
    let page = stories.get(key);
    if (!page) {
      const story = await loadStory(app.ctx, id);
      if (!story) return reply.callNotFound();
      page = { path: storyPagePath(story.trend), html: storyPageHtml(app.ctx, story, origin) };
      // Host headers are the client's to choose: the cache stays small whatever they send.
      if (stories.size < 1_000) stories.set(key, page);
    }
    if (request.url.split('?')[0] !== page.path) return reply.redirect(page.path, 302);
    return linkedAnswer(app, reply.type('text/html; charset=utf-8')).send(page.html);
  });
  const atom = (reply: FastifyReply) => linkedAnswer(app, reply.type('application/atom+xml; charset=utf-8'));
  app.get<{ Params: { file: string }; Querystring: { q?: string } }>('/feeds/:file', async (request, reply) => {
    const name = request.params.file.replace(/\.xml$/, '');
    if (!request.params.file.endsWith('.xml')) return reply.callNotFound();
    // Any search's feed: a reader's own search, saved in their browser.
    if (name === 'search') return atom(reply).send(await adHocSearchFeed(app.ctx, String(request.query.q ?? ''), requestOrigin(app, request)));
    if (name !== 'all' && !isTopic(name)) return reply.callNotFound();
    return atom(reply).send(await renderFeed(app.ctx, name === 'all' ? null : name, requestOrigin(app, request)));
  });
  app.get<{ Params: { file: string } }>('/feeds/search/:file', async (request, reply) => {
    const slug = /^([a-z0-9-]{1,80})\.xml$/.exec(request.params.file)?.[1];
    const feed = slug ? await savedSearchFeed(app.ctx, slug, requestOrigin(app, request)) : null;
    return feed ? atom(reply).send(feed) : reply.callNotFound();
  });

  // The podcast feed of the bulletins, podcasts and interviews, and its channel artwork.
  app.get(PAGES.podcastFeed, async (request, reply) =>
    linkedAnswer(app, reply.type('application/rss+xml; charset=utf-8')).send(await renderPodcastFeed(app.ctx, requestOrigin(app, request))),
  );
  // An episode's transcript (.vtt, .srt, .json for the site's player) and chapters.
  app.get<{ Params: { file: string } }>('/transcripts/:file', async (request, reply) => {
    const match = /^(.+)\.(vtt|srt|json)$/.exec(request.params.file);
    const text = match ? await episodeText(app.ctx, match[1]!, match[2] as 'vtt' | 'srt' | 'json', requestOrigin(app, request)) : null;
    if (!text) return reply.callNotFound();
    return reply.type(text.type).header('cache-control', 'public, max-age=3600').send(text.body);
  });
  app.get<{ Params: { file: string } }>('/chapters/:file', async (request, reply) => {
    const match = /^(.+)\.json$/.exec(request.params.file);
    const text = match ? await episodeText(app.ctx, match[1]!, 'chapters', requestOrigin(app, request)) : null;
    if (!text) return reply.callNotFound();
    return linkedAnswer(app, reply.type(text.type)).send(text.body);
  });
  // The installable site: its manifest and its icon (the service worker is a file of the web build).
  app.get(PAGES.manifest, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webAppManifest(app.ctx.config))),
  );
  for (const size of APP_ICON_SIZES) {
    app.get(`/app-icon-${size}.png`, async (_request, reply) =>
      reply.type('image/png').header('cache-control', 'public, max-age=86400').send(appIconPng(size)),
    );
  }
  app.get(PAGES.podcastArtwork, async (_request, reply) =>
    reply.type('image/png').header('cache-control', 'public, max-age=86400').send(podcastArtwork(app.ctx.config.siteName)),
  );
}
