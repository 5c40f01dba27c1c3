// The latest-news bulletin (spec 001 §7 "Podcast": POST /api/generate-latest-news-audio); its
// public read (GET /api/latest-news-audio) is with the public calls.
import type { FastifyInstance } from 'fastify';
import { acceptEmptyJson } from './empty-json.js';
import { generateLatestNewsAudio } from '../../services/audio/latest-news.js';

export default async function audioRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);
  app.post('/generate-latest-news-audio', async () => {
    const { assetId: _assetId, ...response } = await generateLatestNewsAudio(app.ctx);
    return response;
  });
}
