// The built React site with an SPA fallback, and the audio files (with Range support for seeking).
// The daemon's own paths (/api, /ws, /audio, /favicons, pages and feeds) never fall back to the app.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { downloadName } from '../services/newsroom/audio/files.js';
import { audioDir, imagesDir } from '../services/platform/media.js';
import { sendError } from './errors.js';
import { APP_PAGES } from '../shared/pages.js';

const NO_APP_FALLBACK = /^\/(api|ws|audio|favicons|images)(\/|$)/;
// The pages the React app routes (web/src/App.tsx). Any other path still loads the app, whose 404
// page handles it, but with a 404 status, so a mistyped article or feed address is not a soft 200.

/** `webRoot` null: the media files alone, every other path a 404 (a command's in-process app). */
export async function registerStatic(app: FastifyInstance, options: { webRoot: string | null }): Promise<void> {
  const webRoot = options.webRoot;
  const hasWeb = webRoot !== null && existsSync(webRoot);

  await app.register(fastifyStatic, {
    root: audioDir(app.ctx.config),
    prefix: '/audio/',
    decorateReply: false,
    acceptRanges: true,
    cacheControl: true,
    maxAge: 0,
    index: false,
    dotfiles: 'deny',
    // Players stream it inline; a download saves it under the product's name (latest-news-{date}.mp3).
    setHeaders(reply, path) {
      void reply.header('content-disposition', `inline; filename="${downloadName(path)}"`);
      void reply.header('x-content-type-options', 'nosniff');
    },
  });

  // Feature images: each generation writes a new file name, so they may be cached for long.
  await app.register(fastifyStatic, {
    root: imagesDir(app.ctx.config),
    prefix: '/images/',
    decorateReply: false,
    cacheControl: true,
    maxAge: '7d',
    index: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      void reply.header('x-content-type-options', 'nosniff');
    },
  });

  if (webRoot !== null && hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // scripts/compress-web.mjs writes .br/.gz beside each file at build time.
      preCompressed: true,
      dotfiles: 'deny',
      // Vite's hashed assets never change; index.html must always be revalidated.
      setHeaders(reply, path) {
        void reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !NO_APP_FALLBACK.test(path);
    if (!wantsApp || webRoot === null) {
      sendError(reply, 404, { message: `Not found: ${request.method} ${path}` });
      return;
    }
    const status = APP_PAGES.includes(path) ? 200 : 404;
    if (!hasWeb || !existsSync(`${webRoot}/index.html`)) {
      void reply
        .code(status === 200 ? 503 : 404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build:web` (npm start does it for you).');
      return;
    }
    // index.html carries the home page's first screen (scripts/prerender-web.mjs); every other
    // page of the app starts from the empty shell, so it never flashes the home page.
    const shell = existsSync(`${webRoot}/app.html`) ? 'app.html' : 'index.html';
    void reply.code(status).header('cache-control', 'no-cache').sendFile(shell, webRoot);
  });
}
