// The daemon's own server-rendered pages (decisions.md "Routes"): they come before the app's fallback.
import type { FastifyInstance } from 'fastify';
import { TOPICS } from '../services/classify/topics.js';
import { renderTopicPage } from '../services/pages/topic-page.js';

export async function registerPages(app: FastifyInstance): Promise<void> {
  for (const topic of TOPICS) {
    app.get(`/${topic}.html`, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await renderTopicPage(app.ctx, topic)),
    );
  }
}
