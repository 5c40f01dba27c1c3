// The generator's live messages: generator_action (a line of text), queue_update (the queue status)
// and status_update. Publishing never fails the work that triggered it.
import type { AppContext } from '../../context.js';
import { getStatus } from '../status/index.js';
import { queueStatus } from './status.js';

type Ctx = Pick<AppContext, 'sql' | 'events' | 'config' | 'db' | 'jobs'>;

export function announce(ctx: Pick<AppContext, 'events'>, action: string): void {
  ctx.events.emit('generator_action', { action });
}

export async function publishQueue(ctx: Ctx): Promise<void> {
  try {
    ctx.events.emit('queue_update', { ...(await queueStatus(ctx)) });
    ctx.events.emit('status_update', { ...(await getStatus(ctx as AppContext)) });
  } catch {
    // The next poll brings both anyway (and the database may be closing).
  }
}
