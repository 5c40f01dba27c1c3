// GET /api/db/dump: a backup archive (the database and, unless `media=false`, the media folder),
// streamed as it is written. The daemon holds an embedded database (one process per data folder),
// so the CLI backs it up through here; a remote daemon can be backed up the same way with an API
// token. Credentials are left out unless `includeSecrets=true`. Admin only.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { assertBackupRoom, writeBackup } from '../../services/platform/dump/index.js';
import { LOG_COMPONENTS, logEvent } from '../../services/platform/logs/index.js';
import { endpoints } from '../../api/endpoints.js';

interface DumpQuery {
  media?: boolean;
  includeSecrets?: boolean;
}

export default async function dbRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: DumpQuery }>(endpoints.dbDump.path, async (request, reply) => {
    // Refused with a proper answer while one can still be sent, not by a stream cut short.
    await assertBackupRoom(app.ctx.sql);
    const out = new PassThrough();
    // The client hanging up ends the backup (and frees its transaction) instead of leaving it waiting.
    reply.raw.on('close', () => {
      if (!out.writableFinished) out.destroy();
    });
    const options = { media: request.query.media !== false, includeSecrets: request.query.includeSecrets === true };
    void writeBackup({ sql: app.ctx.sql, kind: app.ctx.db.kind, mediaDir: app.ctx.config.mediaDir }, out, options).then(
      (summary) => {
        out.end();
        const media = options.media ? `, ${summary.mediaFiles} media files` : ' (no media)';
        void logEvent(
          app.ctx,
          LOG_COMPONENTS.system,
          'info',
          `Backup made: ${summary.rows} rows from ${summary.tables} tables${media}${options.includeSecrets ? ', secrets included' : ''}`,
        ).catch(() => {});
      },
      (error: unknown) => {
        // The reader sees an archive without its manifest and end blocks, which restore refuses.
        request.log.error({ err: error }, 'backup failed');
        out.destroy(error as Error);
      },
    );
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return reply.type('application/x-tar').header('content-disposition', `attachment; filename="newsctl-backup-${stamp}.tar"`).send(out);
  });
}
