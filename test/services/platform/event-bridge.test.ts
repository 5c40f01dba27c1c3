// The live-message bridge between daemons on one PostgreSQL (issue 12, "Live messages across
// daemons"): what one daemon emits reaches the other's listeners once and in order — a message too
// large for a NOTIFY payload (8,000 bytes) included, through live_messages; its own come back to
// it never, the messages each daemon derives for itself stay home, and a daemon whose channel was
// down says so to its clients (they refetch) and hears the others again. PostgreSQL only: the
// embedded database is one process, whose bus stays in-process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/context.js';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { bridgeEvents, type EventBridge } from '../../../src/services/platform/event-bridge.js';
import { createEventBus } from '../../../src/services/platform/events.js';
import type { LiveMessage } from '../../../src/api/live.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../helpers/db.js';

interface Daemon {
  ctx: Pick<AppContext, 'sql' | 'events'>;
  db: Database;
  bridge: EventBridge;
  heard: LiveMessage[];
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!usingPostgres)('live messages across daemons', () => {
  let database: TestDatabase;
  let a: Daemon;
  let b: Daemon;

  async function daemon(name: string): Promise<Daemon> {
    const url = new URL(database.url!);
    // Its own name in pg_stat_activity, so the test can cut this daemon's channel alone.
    url.searchParams.set('application_name', `newsctl-${name}`);
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 2 });
    const ctx = { sql: db.sql, events: createEventBus() };
    const heard: LiveMessage[] = [];
    ctx.events.onAny((message) => heard.push(message));
    return { ctx, db, bridge: await bridgeEvents(ctx), heard };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await daemon('a');
    b = await daemon('b');
  });

  afterAll(async () => {
    for (const node of [a, b]) {
      await node?.bridge.close();
      await node?.db.close();
    }
    await database?.drop();
  });

  it('delivers what one daemon emits to the other once and in order, a message over 8,000 bytes included', async () => {
    a.heard.length = 0;
    b.heard.length = 0;
    const big = `A long status ${'x'.repeat(20_000)}`;
    for (let i = 0; i < 40; i++) a.ctx.events.emit('spider_activity', { message: `before ${i}`, timestamp: '2026-11-26T10:00:00.000Z' });
    a.ctx.events.emit('audioGenerationStatus', { message: big });
    // Derived by each daemon from the database: never sent on.
    a.ctx.events.emit('live_resync', {});
    for (let i = 0; i < 40; i++) a.ctx.events.emit('spider_activity', { message: `after ${i}`, timestamp: '2026-11-26T10:00:00.000Z' });

    await until('the 81 messages on daemon B', () => b.heard.length >= 81);
    // Late duplicates would arrive meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const text = (message: LiveMessage) => ('message' in message ? String(message.message) : message.type);
    // The large one is read from the database on arrival, so it may land a little after the
    // messages sent right behind it; the others keep their order.
    expect(b.heard.filter((m) => m.type === 'audioGenerationStatus').map(text)).toEqual([big]);
    expect(b.heard.filter((m) => m.type === 'spider_activity').map(text)).toEqual([
      ...Array.from({ length: 40 }, (_, i) => `before ${i}`),
      ...Array.from({ length: 40 }, (_, i) => `after ${i}`),
    ]);
    expect(b.heard.some((m) => m.type === 'live_resync')).toBe(false);
    // Daemon A heard each of its own messages once (when it emitted them), none back from the channel.
    expect(a.heard).toHaveLength(82);
  });

  it('tells its clients to refetch after its channel was down, and hears the other daemon again', { timeout: 60_000 }, async () => {
    b.heard.length = 0;
    const [cut] = await database.db.sql<{ count: number }[]>`
      select count(*)::int as count from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'newsctl-b' and query ilike 'listen%') as t`;
    expect(cut!.count).toBe(1);
    await until('the resync on daemon B', () => b.heard.some((m) => m.type === 'live_resync'), 30_000);
    expect(b.heard.some((m) => m.type === 'home_data_updated')).toBe(true);
    a.ctx.events.emit('spider_activity', { message: 'after the gap', timestamp: '2026-11-26T10:00:00.000Z' });
    await until('a message sent after the gap', () => b.heard.some((m) => m.type === 'spider_activity' && m.message === 'after the gap'));
  });
});
