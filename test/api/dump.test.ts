// GET /api/db/dump: the daemon streams the backup archive (what `newsctl db dump` reads through it
// when the daemon holds the embedded database). A reader that hangs up half-way ends the dump's
// transaction: on the embedded database it holds the one connection, and the daemon must go on.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ARTICLES = 5_000;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
  // About 20 MB of rows: more than the socket buffers hold, so a reader can leave mid-dump.
  await server.sql`
    insert into articles (domain_name, source_url, canonical_url, title, content, topic, word_count)
    select 'dump.example', 'https://dump.example/' || n, 'https://dump.example/' || n, 'Article ' || n, repeat('lorem ipsum ', 340), 'usa', 680
    from generate_series(1, ${ARTICLES}) as n`;
}, 120_000);
afterAll(async () => server?.close());

describe('GET /api/db/dump', { timeout: 120_000 }, () => {
  it('streams the whole dump to an administrator', async () => {
    expect((await fetch(`${server.baseUrl}/api/db/dump`)).status).toBe(401);
    const response = await fetch(`${server.baseUrl}/api/db/dump?media=false`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-tar/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="newsctl-backup-[\d-]+\.tar"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The first entry is the database dump: its 512-byte header gives its size.
    expect(bytes.toString('utf8', 0, 15)).toBe('database.ndjson');
    const size = parseInt(bytes.toString('ascii', 124, 135), 8);
    const lines = bytes
      .toString('utf8', 512, 512 + size)
      .trim()
      .split('\n');
    const header = JSON.parse(lines[0]!) as { format: string; tables: { name: string; rows: number }[] };
    expect(header.format).toBe('newsctl-dump');
    expect(header.tables.find((table) => table.name === 'articles')!.rows).toBe(ARTICLES);
    expect(lines.filter((line) => line.startsWith('{"id":') && line.includes('"domain_name":"dump.example"'))).toHaveLength(ARTICLES);
    expect(lines.at(-1)).toBe('{"end":true}');
  });

  it('ends the dump and its transaction when the reader hangs up', async () => {
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.baseUrl}/api/db/dump`, { headers: { cookie } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.length);
        });
      });
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      req.end();
    });
    expect(received).toBeGreaterThan(0);
    // The database answers again (embedded: the dump no longer holds its one connection), and no
    // session is left inside the dump's transaction.
    let open = -1;
    for (let i = 0; i < 100 && open !== 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await server.sql<{ open: number }[]>`
        select count(*)::int as open from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`;
      open = row!.open;
    }
    expect(open).toBe(0);
    const [count] = await server.sql<{ count: number }[]>`select count(*)::int as count from articles`;
    expect(count!.count).toBe(ARTICLES);
  });
});
