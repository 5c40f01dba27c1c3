// The embedded database runs PostgreSQL without its background workers, so the hourly upkeep does
// their part: a vacuum of the tables retention prunes and a checkpoint (the write-ahead log before it
// can be recycled). On an external PostgreSQL it leaves the checkpoint to the server, and the vacuum
// too unless the server's autovacuum is switched off. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclaimSpace } from '../../../../src/services/platform/retention/space.js';
import { UPKEEP_STEPS } from '../../../../src/job-catalog.js';
import { runUpkeep } from '../../../../src/services/platform/upkeep/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';

let service: ServiceContext;
beforeAll(async () => {
  service = await createServiceContext();
});
afterAll(async () => service?.close());

const lastCheckpoint = async () => (await service.ctx.sql<{ lsn: string }[]>`select checkpoint_lsn::text as lsn from pg_control_checkpoint()`)[0]!.lsn;
const vacuumedAt = async () =>
  (await service.ctx.sql<{ at: Date | null }[]>`select last_vacuum as at from pg_stat_user_tables where relname = 'articles'`)[0]!.at;

describe('space after retention', () => {
  it('vacuums the pruned tables and checkpoints on the embedded database, and leaves both to PostgreSQL', async () => {
    const sql = service.ctx.sql;
    await sql`
      insert into articles (domain_name, source_url, canonical_url, title, content, scraped_at)
      select 'space.example', 'https://space.example/' || i, 'https://space.example/' || i, 'Row ' || i, repeat('text ', 200), now()
      from generate_series(1, 500) i`;
    await sql`delete from articles where domain_name = 'space.example'`;
    const checkpointBefore = await lastCheckpoint();
    const embedded = service.ctx.db.kind === 'embedded';
    const [setting] = await sql<{ autovacuum: string }[]>`select current_setting('autovacuum') as autovacuum`;
    const done = await reclaimSpace(service.ctx);
    const shouldVacuum = embedded || setting!.autovacuum === 'off';
    expect(done).toEqual({ vacuumed: shouldVacuum, checkpointed: embedded });
    if (shouldVacuum) expect(await vacuumedAt()).toBeInstanceOf(Date);
    else expect(await vacuumedAt()).toBeNull();
    if (embedded) expect(await lastCheckpoint()).not.toBe(checkpointBefore);
  });

  it('is the last step of the hourly upkeep, after the retention it makes room for', async () => {
    const sql = service.ctx.sql;
    await sql`insert into logs (timestamp, component, level, message) values (now() - interval '400 days', 'SYSTEM', 'info', 'A line from long ago')`;
    const checkpointBefore = await lastCheckpoint();
    expect(await runUpkeep(service.ctx, UPKEEP_STEPS)).toEqual({ failed: [] });
    expect((await sql`select 1 from logs where message = 'A line from long ago'`).length).toBe(0);
    if (service.ctx.db.kind === 'embedded') expect(await lastCheckpoint()).not.toBe(checkpointBefore);
  });
});
