// The job runner's own calls: every background job with its live (or last) run, and a stop that
// works for any of them.
import type { FastifyInstance } from 'fastify';
import { jobDefinition, jobStates, notRunning, stopJob } from '../../services/platform/jobs/index.js';
import { NotFound } from '../../errors.js';
import { endpoints } from '../../api/endpoints.js';

export default async function jobRoutes(app: FastifyInstance): Promise<void> {
  app.get(endpoints.jobs.path, async () => jobStates(app.ctx));

  app.post<{ Params: { name: string } }>(endpoints.stopJob.path, async (request) => {
    const def = jobDefinition(app.ctx, request.params.name);
    if (!def) throw NotFound(`No job named "${request.params.name}"`);
    const ended = await stopJob(app.ctx, def.name);
    return ended ? { message: `${def.label} stopped`, status: ended.status } : notRunning(app.ctx, def.name);
  });
}
