// The status object, polled by the console and pushed as status_update: one
// section per area, each read from the database by that area's service.
import type { StatusResponse } from '../../api/status.js';
import type { AppContext } from '../../context.js';
import { generatorStatusFields } from '../generator/status.js';
import { spiderStatusFields } from '../spider/status.js';
import { trendsStatusFields } from '../trends/status.js';
import { statusPublisherOf } from './publisher.js';

export async function getStatus(ctx: AppContext): Promise<StatusResponse> {
  const [spider, trends, generator] = await Promise.all([spiderStatusFields(ctx), trendsStatusFields(ctx), generatorStatusFields(ctx)]);
  return { ...spider, ...trends, ...generator };
}

/** The publisher of status_update, which the job catalog attaches to every runner. */
export const statusPublisher = statusPublisherOf(getStatus);
