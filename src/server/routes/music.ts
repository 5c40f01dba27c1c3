// The Music tab's calls.
import type { FastifyInstance } from 'fastify';
import { deleteTrack, generateLyrics, generateMusic, lastLyrics, listTracks } from '../../services/newsroom/music/index.js';
import { acceptEmptyJson } from './empty-json.js';
import { endpoints } from '../../api/endpoints.js';

export default async function musicRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);

  app.get(endpoints.lastLyrics.path, async () => lastLyrics(app.ctx));
  app.post(endpoints.lyrics.path, async () => generateLyrics(app.ctx));
  app.post<{ Body: { lyrics?: string; musicConfig?: string | Record<string, unknown> } | null }>(endpoints.music.path, async (request) =>
    generateMusic(app.ctx, request.body ?? {}),
  );
  app.get(endpoints.musicTracks.path, async () => listTracks(app.ctx));
  app.delete<{ Params: { id: number } }>(endpoints.removeMusicTrack.path, async (request) => deleteTrack(app.ctx, request.params.id));
}
