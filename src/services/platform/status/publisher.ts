// The one publisher of status_update: it listens to the areas' messages (a run started, paused or
// ended on any daemon; spider activity; analyzer and generator actions) and sends the status object
// as the database has it — at once when a run changes state, at most once a second otherwise. Areas
// never build or push the status themselves.
import type { StatusResponse } from '../../../api/status.js';
import type { AppContext } from '../../../context.js';
import type { EventType } from '../../../api/live.js';
import type { RunObserver } from '../jobs/index.js';
import { contextJob, contextSlot } from '../../../context.js';

/** Messages after which the status object may read differently. */
const STATUS_SOURCES: EventType[] = ['spider_activity', 'domains_updated', 'trendsAnalyzerAction', 'generator_action', 'queue_update', 'refetch_status'];
const EVERY_MS = 1_000;

interface Publisher {
  timer: NodeJS.Timeout | null;
  last: number;
  running: Promise<void> | null;
  again: boolean;
}

const PUBLISHER = contextSlot<Publisher>('status-publisher');
const publisherOf = (ctx: AppContext) => contextJob(ctx, PUBLISHER, () => ({ timer: null, last: 0, running: null, again: false }));

/** Sends the status now (coalescing: one computation at a time, the latest state always sent). */
function publishStatus(ctx: AppContext, getStatus: (ctx: AppContext) => Promise<StatusResponse>): Promise<void> {
  const publisher = publisherOf(ctx);
  if (publisher.timer) clearTimeout(publisher.timer);
  publisher.timer = null;
  if (publisher.running) {
    publisher.again = true;
    return publisher.running;
  }
  publisher.running = (async () => {
    do {
      publisher.again = false;
      publisher.last = Date.now();
      try {
        ctx.events.emit('status_update', await getStatus(ctx));
      } catch {
        // The next change or poll brings it (and the database may be closing).
      }
    } while (publisher.again);
  })().finally(() => {
    publisher.running = null;
  });
  return publisher.running;
}

function publishSoon(ctx: AppContext, getStatus: (ctx: AppContext) => Promise<StatusResponse>): void {
  const publisher = publisherOf(ctx);
  if (publisher.timer) return;
  const wait = Math.max(0, publisher.last + EVERY_MS - Date.now());
  publisher.timer = setTimeout(() => {
    publisher.timer = null;
    void publishStatus(ctx, getStatus);
  }, wait);
  publisher.timer.unref();
}

/** The publisher as a run observer: it listens while a context's runner works (each daemon publishes to its own clients). */
export function statusPublisherOf(getStatus: (ctx: AppContext) => Promise<StatusResponse>): RunObserver {
  return {
    attach(ctx) {
      const offs = [
        ctx.events.on('job_updated', () => void publishStatus(ctx, getStatus)),
        ...STATUS_SOURCES.map((type) => ctx.events.on(type, () => publishSoon(ctx, getStatus))),
      ];
      return () => {
        for (const off of offs) off();
        const publisher = publisherOf(ctx);
        if (publisher.timer) clearTimeout(publisher.timer);
      };
    },
    // A run's waiters resume once the status that says it ended has gone out.
    settled: (ctx) => publishStatus(ctx, getStatus),
  };
}
