// Live messages across daemons sharing one PostgreSQL: every message a daemon emits goes out on a
// NOTIFY channel and the others deliver it to their own listeners (their /ws clients, their job
// runner), so a console on any daemon sees every daemon's spider activity, job changes and queue
// updates. A daemon ignores its own messages coming back, so each reaches its clients once.
// Messages are batched in order into payloads under NOTIFY's 8,000-byte limit; one that is larger
// on its own is stored in live_messages and only its id is sent. postgres.js re-listens after a
// reconnect; a ping the daemon sends itself checks the channel still works and listens again when
// it does not (a recycled pool, a long outage); after any gap the daemon tells its clients to
// refetch (live_resync, home_data_updated), since NOTIFY never replays what was missed.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { listenChannel, notifyChannel, pruneLiveMessages, readLiveMessage, storeLiveMessage } from '../../db/live-messages.js';
import type { EventType, LiveMessage } from '../../api/live.js';
import { reportProblem } from '../../diagnostics.js';

const CHANNEL = 'newsctl_live';
/** Under NOTIFY's 8,000 bytes, with room for the envelope. */
const MAX_PAYLOAD_BYTES = 7_500;
/** Each daemon derives these from the database for its own clients: never sent on. */
const LOCAL_ONLY: ReadonlySet<EventType> = new Set<EventType>(['status_update', 'live_resync', 'database_status', 'disk_status']);
const PING_MS = 10_000;
/** A stored message is read within moments of its NOTIFY; the hourly upkeep clears older ones. */
const STORED_KEPT_MS = 5 * 60_000;

/** Stored messages no daemon still needs go (a step of the hourly upkeep). */
export async function pruneStoredLiveMessages(ctx: Pick<AppContext, 'sql'>, now = Date.now()): Promise<void> {
  await pruneLiveMessages(ctx.sql, new Date(now - STORED_KEPT_MS));
}

interface Envelope {
  /** The daemon that sent it. */
  o: string;
  /** Messages, in the order they were emitted. */
  m?: LiveMessage[];
  /** A message stored in live_messages. */
  r?: number;
  /** A ping (its sequence number). */
  p?: number;
}

export interface EventBridge {
  close(): Promise<void>;
}

export async function bridgeEvents(ctx: Pick<AppContext, 'sql' | 'events'>): Promise<EventBridge> {
  const origin = randomUUID();
  const queue: LiveMessage[] = [];
  let flushing: Promise<void> | null = null;
  let closed = false;
  let listens = 0;
  let pingSent = 0;
  let pingSeen = 0;

  const deliver = (message: LiveMessage) => {
    const { type, ...payload } = message;
    if (typeof type !== 'string' || LOCAL_ONLY.has(type as EventType)) return;
    ctx.events.deliver(type as EventType, payload as never);
  };

  const receive = (text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === origin) {
      if (envelope.p) pingSeen = Math.max(pingSeen, envelope.p);
      return;
    }
    if (envelope.r !== undefined) {
      void readLiveMessage(ctx.sql, envelope.r)
        .then((stored) => {
          if (stored) deliver(JSON.parse(stored) as LiveMessage);
        })
        .catch(() => {});
      return;
    }
    for (const message of envelope.m ?? []) deliver(message);
  };

  const resync = () => {
    ctx.events.deliver('live_resync', {});
    ctx.events.deliver('home_data_updated', {});
  };

  const onListen = () => {
    listens++;
    // The first listen starts the channel; any later one follows a gap.
    if (listens > 1) resync();
  };

  let listener = await listenChannel(ctx.sql, CHANNEL, receive, onListen);

  async function send(envelope: Envelope): Promise<void> {
    await notifyChannel(ctx.sql, CHANNEL, JSON.stringify(envelope));
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch: LiveMessage[] = [];
      let bytes = 64;
      while (queue.length > 0) {
        const size = Buffer.byteLength(JSON.stringify(queue[0]));
        if (size + 64 > MAX_PAYLOAD_BYTES) {
          if (batch.length > 0) break;
          // Too large on its own: stored, its id sent.
          const message = queue.shift()!;
          const id = await storeLiveMessage(ctx.sql, JSON.stringify(message));
          await send({ o: origin, r: id });
          continue;
        }
        if (bytes + size + 1 > MAX_PAYLOAD_BYTES) break;
        batch.push(queue.shift()!);
        bytes += size + 1;
      }
      if (batch.length > 0) await send({ o: origin, m: batch });
    }
  }

  function schedule(): void {
    if (flushing || closed) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(flush)
      .catch((error: unknown) => {
        // Lost messages are resynced by the receivers' refetch; the database may be down.
        queue.length = 0;
        if ((error as { code?: string }).code !== 'CONNECTION_ENDED') reportProblem('live messages to other daemons', (error as Error).message);
      })
      .finally(() => {
        flushing = null;
        if (queue.length > 0) schedule();
      });
  }

  const detach = ctx.events.bridge((message) => {
    if (LOCAL_ONLY.has(message.type)) return;
    queue.push(message);
    schedule();
  });

  const ping = setInterval(() => {
    void (async () => {
      if (pingSent > pingSeen) {
        // Our own last ping never came back: listen again (the connection was replaced or is dead).
        try {
          await listener.unlisten().catch(() => {});
          listener = await listenChannel(ctx.sql, CHANNEL, receive, onListen);
          pingSeen = pingSent;
        } catch {
          return; // the database is down: try again at the next ping
        }
      }
      pingSent++;
      await send({ o: origin, p: pingSent }).catch(() => {});
    })();
  }, PING_MS);
  ping.unref();

  return {
    async close() {
      if (closed) return;
      closed = true;
      detach();
      clearInterval(ping);
      await flushing;
      await flush().catch(() => {});
      await listener.unlisten().catch(() => {});
    },
  };
}
