// The system log stays bounded: entries older than the log-retention setting go, in batches, and
// newer ones stay. Runs on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEvent, pruneLogs } from '../../../../src/services/platform/logs/index.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';

let service: ServiceContext;
beforeAll(async () => {
  service = await createServiceContext();
});
afterAll(async () => service?.close());

describe('log pruning', () => {
  it('drops what is older than the retention (30 days by default), in batches, and keeps the rest', async () => {
    const sql = service.ctx.sql;
    // 12,000 entries 40 days old (more than two batches), 5 at 20 days, 3 today.
    await sql`insert into logs (timestamp, component, level, message)
      select now() - interval '40 days' + (i || ' seconds')::interval, 'SYSTEM', 'info', 'old ' || i from generate_series(1, 12000) i`;
    await sql`insert into logs (timestamp, component, level, message)
      select now() - interval '20 days', 'SYSTEM', 'info', 'recent ' || i from generate_series(1, 5) i`;
    for (let i = 0; i < 3; i++) await logEvent(service.ctx, 'SYSTEM', 'info', `today ${i}`);
    expect(await pruneLogs(service.ctx)).toBe(12_000);
    const left = await sql<{ message: string }[]>`select message from logs order by id`;
    expect(left.map((row) => row.message.replace(/ \d+$/, ''))).toEqual([...Array(5).fill('recent'), ...Array(3).fill('today')]);
    // A shorter retention takes the 20-day-old ones too.
    await updateSetting(service.ctx, 'log-retention', { retentionDays: 7 });
    expect(await pruneLogs(service.ctx)).toBe(5);
    expect((await sql<{ count: number }[]>`select count(*)::int as count from logs where message like 'today%'`)[0]!.count).toBe(3);
  });
});
