// The Music tab's calls.
import type { FastifyInstance } from 'fastify';
import { deleteTrack, generateLyrics, generateMusic, lastLyrics, listTracks } from '../../services/music/index.js';
import { acceptEmptyJson } from './empty-json.js';
import { endpoints } from '../../api/endpoints.js';

export default async function musicRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);

  app.get(endpoints.lastLyrics.path, async () => lastLyrics(app.ctx));
  app.post(endpoints.lyrics.path, async () => generateLyrics(app.ctx));
  app.post<{ Body: { lyrics?: string; musicConfig?: string | Record<string, unknown> } | null }>(
    endpoints.music.path,
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { lyrics: { type: 'string', maxLength: 50_000 }, musicConfig: { type: ['string', 'object'], maxLength: 50_000 } },
          additionalProperties: false,
        },
      },
    },
    async (request) => generateMusic(app.ctx, request.body ?? {}),
  );
  app.get(endpoints.musicTracks.path, async () => listTracks(app.ctx));
  app.delete<{ Params: { id: number } }>(
    endpoints.removeMusicTrack.path,
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } } } },
    async (request) => deleteTrack(app.ctx, request.params.id),
  );
}
