// The status object (/api/status, and status_update pushed by the publisher the job catalog
// attaches): one section per area, each read from the database by that area's service. Composed
// here, at the root, so that no service folder reads every other one.
import type { StatusResponse } from './api/status.js';
import type { AppContext } from './context.js';
import { generatorStatusFields } from './services/newsroom/generator/status.js';
import { statusPublisherOf } from './services/platform/status/publisher.js';
import { spiderStatusFields } from './services/reader/spider/status.js';
import { trendsStatusFields } from './services/reader/trends/status.js';

export async function getStatus(ctx: AppContext): Promise<StatusResponse> {
  const [spider, trends, generator] = await Promise.all([spiderStatusFields(ctx), trendsStatusFields(ctx), generatorStatusFields(ctx)]);
  return { ...spider, ...trends, ...generator };
}

/** The publisher of status_update, which the job catalog attaches to every runner. */
export const statusPublisher = statusPublisherOf(getStatus);
