// What a daemon serves besides /api and the media files: the Reader API, the /ws live channel, the
// pages and feeds, the subscription pages and the favicons. Loaded only by a daemon's app: a
// command's in-process app never serves a reader.
import type { FastifyInstance } from 'fastify';
import { registerFavicons } from './favicons.js';
import { registerReaderApi } from './greader.js';
import { registerPages } from './pages.js';
import { registerSubscriptionPages } from './subscription-pages.js';
import { registerWsHub, type WsHubOptions, type WsHubStats } from './ws.js';

/** Registers them in order (the live channel before the pages' catch-alls); returns the live channel's counts. */
export async function registerReadersSite(app: FastifyInstance, live: WsHubOptions): Promise<() => WsHubStats> {
  await registerReaderApi(app);
  const liveClients = await registerWsHub(app, live);
  await registerPages(app);
  await registerSubscriptionPages(app);
  await registerFavicons(app);
  return liveClients;
}
