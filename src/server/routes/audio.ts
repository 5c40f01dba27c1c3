// The latest-news bulletin (POST /api/generate-latest-news-audio); its
// public read (GET /api/latest-news-audio) is with the public calls. And the administrator's edits
// of the podcast and interview scripts and the lyrics, one route for every kind.
import type { FastifyInstance } from 'fastify';
import { EDITABLE_SCRIPT_KINDS, type EditableScriptKind, type SaveScriptRequest } from '../../api/audio.js';
import { acceptEmptyJson } from './empty-json.js';
import { saveScript } from '../../services/audio/edit.js';
import { generateLatestNewsAudio } from '../../services/audio/latest-news.js';
import { endpoints } from '../../api/endpoints.js';

export default async function audioRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);
  app.post(endpoints.generateLatestNewsAudio.path, async () => generateLatestNewsAudio(app.ctx));
  app.put<{ Params: { kind: EditableScriptKind }; Body: SaveScriptRequest }>(
    endpoints.saveScript.path,
    {
      schema: {
        params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [...EDITABLE_SCRIPT_KINDS] } } },
        body: { type: 'object', required: ['scriptText'], properties: { scriptText: { type: 'string', maxLength: 200_000 } }, additionalProperties: false },
      },
    },
    async (request) => saveScript(app.ctx, request.params.kind, request.body),
  );
}
