// Many idle readers (issue "Hard days", item 3): 1,000 anonymous /ws clients that only listen and
// 100 administrators that ping every second, held for BENCH_SOCKET_MINUTES (default 10) against an
// in-process daemon, the clients in a process of their own. Every 5 s a probe event goes to all of
// them and every second an administrators' message: printed per minute, the daemon's memory (RSS and
// heap) and the time for a probe to reach its last client. The baseline is the same daemon's memory
// with no client, measured in the same run before they connect; the target is memory flat from the
// first minute to the last (no growth beyond noise) and every probe at every client within 1 s.
//
//   npm run bench -- sockets        (BENCH_SOCKET_MINUTES=1 for a short look)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAppContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { buildApp } from '../src/server/app.js';
import { setAdminAccount } from '../src/services/platform/auth/index.js';
import { percentile } from './lib/timing.js';

const MINUTES = Number(process.env.BENCH_SOCKET_MINUTES ?? 10);
const IDLE = 1000;
const ACTIVE = 100;
const PROBE_EVERY_MS = 5_000;
const here = dirname(fileURLToPath(import.meta.url));
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

// A full collection before each reading, so the heap figure is what is kept, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function memory(): { rss: number; heap: number } {
  collect();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-sockets-'));
  const db = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  await migrate(db.sql);
  const config = loadConfig({ NEWSCTL_DATA_DIR: dataDir, NEWSCTL_LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const ctx = createAppContext({ config, db });
  await setAdminAccount(ctx, 'admin', 'bench password 1');
  const { app } = await buildApp(ctx, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench password 1' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  console.log(
    `machine load average at start: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const baseline = memory();
  console.log(`baseline, no client: RSS ${mb(baseline.rss)} MB, heap ${mb(baseline.heap)} MB`);

  const clients = fork(join(here, 'lib', 'socket-clients.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WS_URL: `${base.replace('http', 'ws')}/ws`, IDLE: String(IDLE), ACTIVE: String(ACTIVE), COOKIE: cookie },
  });
  const latencies: number[] = [];
  let missed = 0;
  let closed = 0;
  const ready = new Promise<number>((resolve) => {
    clients.on('message', (message: { type: string; clients?: number; lastMs?: number; missing?: number; count?: number }) => {
      if (message.type === 'ready') resolve(message.clients!);
      if (message.type === 'probe') {
        if (Number.isFinite(message.lastMs)) latencies.push(message.lastMs!);
        else missed++;
      }
      if (message.type === 'closed') closed = message.count!;
    });
  });
  const connected = await ready;
  console.log(`${connected} clients connected (${IDLE} idle, ${ACTIVE} active administrators)`);

  // The probe: a real public message, its send time in it (ms), read back by every client.
  let probe = 0;
  const probes = setInterval(() => {
    ctx.events.emit('latest_news_audio', { audioUrl: `/audio/probe-${probe++}.mp3`, generatedAt: new Date().toISOString() });
  }, PROBE_EVERY_MS);
  const activity = setInterval(() => ctx.events.emit('spider_activity', { message: 'NEW: a bench article', timestamp: new Date().toISOString() }), 1_000);

  const rows: { minute: number; rss: number; heap: number; p50: number; max: number }[] = [];
  for (let minute = 1; minute <= MINUTES; minute++) {
    const from = latencies.length;
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const now = memory();
    const window = latencies.slice(from);
    rows.push({
      minute,
      rss: now.rss,
      heap: now.heap,
      p50: window.length ? percentile(window, 0.5) : Number.NaN,
      max: window.length ? Math.max(...window) : Number.NaN,
    });
    const row = rows.at(-1)!;
    console.log(
      `minute ${String(minute).padStart(2)}: RSS ${mb(row.rss)} MB, heap ${mb(row.heap)} MB; probes to the last of ${connected} clients p50 ${row.p50.toFixed(0)} ms, max ${row.max.toFixed(0)} ms`,
    );
  }
  clearInterval(probes);
  clearInterval(activity);
  clients.kill();

  const first = rows[0]!;
  const last = rows.at(-1)!;
  console.log(`\nsockets: ${connected} clients for ${MINUTES} min, machine load ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `  RSS   baseline ${mb(baseline.rss)} MB → minute 1 ${mb(first.rss)} MB → minute ${last.minute} ${mb(last.rss)} MB (last/first ${(last.rss / first.rss).toFixed(2)}×)`,
  );
  console.log(
    `  heap  baseline ${mb(baseline.heap)} MB → minute 1 ${mb(first.heap)} MB → minute ${last.minute} ${mb(last.heap)} MB (last/first ${(last.heap / first.heap).toFixed(2)}×)`,
  );
  console.log(
    `  probes: ${latencies.length} reached every client, ${missed} missed one; to the last client p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (target ≤ 1000)`,
  );
  console.log(`  clients dropped by the daemon: ${closed} (target 0: every one answers its pings)`);
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
