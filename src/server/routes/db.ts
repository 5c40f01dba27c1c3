// GET /api/db/dump: the portable dump of `newsctl db dump`, streamed as it is read. The daemon holds
// an embedded database (one process per data folder), so the CLI dumps it through here; a remote
// daemon can be dumped the same way with an API token. Admin only.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { dumpDatabase } from '../../services/dump/index.js';
import { LOG_COMPONENTS, logEvent } from '../../services/logs/index.js';

export default async function dbRoutes(app: FastifyInstance): Promise<void> {
  app.get('/db/dump', async (request, reply) => {
    const out = new PassThrough();
    // The client hanging up ends the dump (and frees its transaction) instead of leaving it waiting.
    reply.raw.on('close', () => {
      if (!out.writableFinished) out.destroy();
    });
    void dumpDatabase(app.ctx.sql, app.ctx.db.kind, out).then(
      (summary) => {
        out.end();
        void logEvent(app.ctx, LOG_COMPONENTS.system, 'info', `Database dumped: ${summary.rows} rows from ${summary.tables} tables`).catch(() => {});
      },
      (error: unknown) => {
        // The reader sees a dump without its end line, which restore refuses as truncated.
        request.log.error({ err: error }, 'database dump failed');
        out.destroy(error as Error);
      },
    );
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return reply.type('application/x-ndjson').header('content-disposition', `attachment; filename="newsctl-dump-${stamp}.ndjson"`).send(out);
  });
}
