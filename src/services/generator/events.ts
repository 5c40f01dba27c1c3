// The generator's live messages: generator_action (a line of text) and queue_update (the queue
// status). The status object (status_update) is the status publisher's, which listens to both and
// to the job runner. Publishing never fails the work that triggered it.
import type { AppContext } from '../../context.js';
import { queueStatus } from './status.js';

type Ctx = Pick<AppContext, 'sql' | 'events'>;

export function announce(ctx: Pick<AppContext, 'events'>, action: string): void {
  ctx.events.emit('generator_action', { action });
}

export async function publishQueue(ctx: Ctx): Promise<void> {
  try {
    ctx.events.emit('queue_update', { ...(await queueStatus(ctx)) });
  } catch {
    // The next poll brings it anyway (and the database may be closing).
  }
}
