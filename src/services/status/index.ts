// The status object of spec 001 §3, polled by the console and pushed as status_update: one
// section per area, each owned by that area's service.
import type { AppContext } from '../../context.js';
import { generatorStatusFields } from '../generator/status.js';
import { spiderStatusFields } from '../spider/status.js';
import { trendsStatusFields } from '../trends/status.js';

export async function getStatus(ctx: AppContext): Promise<Record<string, unknown>> {
  const [spider, trends, generator] = await Promise.all([spiderStatusFields(ctx), trendsStatusFields(ctx), generatorStatusFields(ctx)]);
  return { ...spider, ...trends, ...generator };
}
