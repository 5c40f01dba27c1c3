// The generator's live messages: generator_action (a line of text) and queue_update (the queue
// status). The status object (status_update) is the status publisher's, which listens to both and
// to the job runner. Publishing never fails the work that triggered it.
import type { AppContext } from '../../../context.js';
import { queueStatus } from './status.js';

type Ctx = Pick<AppContext, 'sql' | 'events'>;

/** A line for the console; a regeneration's lines say how far it is and when it is over, so nothing reads it back out of the text. */
export function announce(ctx: Pick<AppContext, 'events'>, action: string, run: { progress?: { done: number; total: number }; complete?: boolean } = {}): void {
  ctx.events.emit('generator_action', { action, ...run });
}

export async function publishQueue(ctx: Ctx): Promise<void> {
  try {
    ctx.events.emit('queue_update', await queueStatus(ctx));
  } catch {
    // The next poll brings it anyway (and the database may be closing).
  }
}
