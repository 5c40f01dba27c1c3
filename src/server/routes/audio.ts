// The latest-news bulletin (POST /api/generate-latest-news-audio); its
// public read (GET /api/latest-news-audio) is with the public calls. And the administrator's edits
// of the podcast and interview scripts and the lyrics, one route for every kind.
import type { FastifyInstance } from 'fastify';
import type { EditableScriptKind, SaveScriptRequest } from '../../api/audio.js';
import { acceptEmptyJson } from './empty-json.js';
import { saveScript } from '../../services/newsroom/audio/edit.js';
import { generateLatestNewsAudio } from '../../services/newsroom/audio/latest-news.js';
import { endpoints } from '../../api/endpoints.js';

export default async function audioRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);
  app.post(endpoints.generateLatestNewsAudio.path, async () => generateLatestNewsAudio(app.ctx));
  app.put<{ Params: { kind: EditableScriptKind }; Body: SaveScriptRequest }>(endpoints.saveScript.path, async (request) =>
    saveScript(app.ctx, request.params.kind, request.body),
  );
}
