// Hostile bodies, by the schema (issue "Hard days", item 4): fast-check makes requests for every /api
// route from the route's own request schemas — its path parameters, query and JSON body, of the
// declared shape at its edges, or anything at all — as an administrator, with an API token and with
// no credential. NEWSCTL_FUZZ_CASES of them per run (default 10,000). No answer may be a 5xx, the
// daemon must keep answering, and a refused request (4xx) must change nothing: a row trigger on every
// table counts writes, read before and after each refused request while no background run is
// writing. The Reader API's form routes get the same treatment.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasByRoute } from '../../src/server/route-schemas.js';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { arbitraryOf, HOSTILE_STRINGS } from '../helpers/schema-arbitrary.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const CASES = Number(process.env.NEWSCTL_FUZZ_CASES ?? 10_000);
/** How long an accepted request may work before its run is stopped. */
const REQUEST_BUDGET_MS = 15_000;
/**
 * A route whose accepted bodies are real work (a script spoken as an episode) gets this much time;
 * its cases left after it are counted, not sent. Each route is given 5 % more cases than its share,
 * so the run still answers at least CASES requests, and CI keeps its time.
 */
const ROUTE_BUDGET_MS = 10_000;
const sleep = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref());
/** What a refused request may still write: the session's sliding expiry, a failed login's count, the log, the live bridge. */
const BOOKKEEPING = new Set(['sessions', 'api_tokens', 'login_failures', 'logs', 'live_messages', 'recent_search_set']);
/** Routes whose accepted answer ends the caller's own access, and the one that streams the whole database. */
const SKIPPED = new Set(['POST /auth/logout', 'POST /admin/users', 'DELETE /tokens/:id', 'GET /db/dump']);

type Who = 'admin' | 'token' | 'anonymous';
interface Case {
  route: { method: string; path: string; schemas: Record<string, Record<string, unknown>> };
  who: Who;
  params: Record<string, string>;
  query: Record<string, unknown> | null;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string } | null;
}

let server: TestServer;
let cookie: string;
let token: string;

async function installWriteCounter(): Promise<void> {
  const tables = await server.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  // One row appended per write, never one row updated by every write: a single counter row would make
  // every writing transaction wait on the others' lock (on PostgreSQL, with a small pool, for ever).
  await server.sql.unsafe(`
    create table fuzz_writes (id bigint generated always as identity primary key);
    create function fuzz_count() returns trigger language plpgsql as $$ begin insert into fuzz_writes default values; return null; end $$;`);
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    await server.sql.unsafe(`create trigger fuzz_rows after insert or update or delete on "${name}" for each row execute function fuzz_count()`);
    await server.sql.unsafe(`create trigger fuzz_truncate after truncate on "${name}" for each statement execute function fuzz_count()`);
  }
}

/** Writes committed so far (a rolled-back write leaves no row). */
const writes = async () => Number((await server.sql<{ n: string | null }[]>`select max(id) as n from fuzz_writes`)[0]!.n ?? 0);
const busyRuns = async () =>
  (await server.sql<{ job: string }[]>`select job from job_runs where status in ('queued', 'running', 'stopping')`).map((row) => row.job);

/** Stops the background runs an accepted request started and waits for them to end, so that writes seen next are the next request's. */
async function quiesce(): Promise<void> {
  // A stopped speech render ends at its next line: a long one takes a while.
  const deadline = Date.now() + 120_000;
  const stopped = new Set<string>();
  for (let busy = await busyRuns(); busy.length; busy = await busyRuns()) {
    if (Date.now() > deadline) throw new Error(`background runs would not end: ${busy.join(', ')}`);
    for (const job of busy) {
      if (stopped.has(job)) continue;
      stopped.add(job);
      await server.app.inject({ method: 'POST', url: `/api/jobs/${job}/stop`, headers: { cookie } });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const paramArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 50 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('latest-news', 'podcast', 'spider', 'generator', 'health', 'usa', 'food') },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1)) },
);

function routes(): Case['route'][] {
  // Every declared route: the endpoints and each setting's read and write.
  return [...schemasByRoute('newsctl')]
    .map(([key, schemas]) => {
      const [method, path] = key.split(' ') as [string, string];
      return { method, path, schemas: schemas.request };
    })
    .filter((route) => !SKIPPED.has(`${route.method} ${route.path}`));
}

function caseArbitrary(route: Case['route']): fc.Arbitrary<Case> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const body: fc.Arbitrary<Case['body']> =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.constant(null)
      : fc.oneof(
          { weight: 8, arbitrary: arbitraryOf(route.schemas.body).map((value) => ({ kind: 'json' as const, value })) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.constantFrom('{"a":', '[1,2', '{"__proto__":{"x":1}}', 'null', '"', '\u0000', ''),
                fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
              )
              .map(([text, type]) => ({ kind: 'raw' as const, text, type })),
          },
          { weight: 1, arbitrary: fc.constant(null) },
        );
  return fc.record({
    route: fc.constant(route),
    who: fc.constantFrom<Who>('admin', 'admin', 'token', 'anonymous'),
    params: fc.record(Object.fromEntries(names.map((name) => [name, paramArbitrary]))) as fc.Arbitrary<Record<string, string>>,
    query: route.schemas.querystring
      ? fc
          .option(arbitraryOf(route.schemas.querystring), { freq: 6 })
          .map((value) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null))
      : fc.constant(null),
    body,
  });
}

/** A path segment; a lone surrogate (which no URL can carry) sent as the invalid UTF-8 bytes a client might send instead. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function urlOf(request: Case): string {
  const path = request.route.path.replace(/:(\w+)/g, (_match, name: string) => segment(request.params[name] ?? ''));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, typeof one === 'string' ? one : JSON.stringify(one));
  }
  const search = query.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function describeCase(request: Case, status: number, answer: string): string {
  const body = request.body?.kind === 'json' ? JSON.stringify(request.body.value) : request.body?.kind === 'raw' ? request.body.text : '';
  return `${request.route.method} ${urlOf(request)} as ${request.who} with ${body.slice(0, 300)} → ${status} ${answer.slice(0, 300)}`;
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
  token = (await createApiToken(server.ctx, 'fuzz')).token;
  await installWriteCounter();
}, 120_000);
afterAll(async () => server?.close());

describe('requests made from the API’s own schemas', () => {
  it(`answers ${CASES.toLocaleString('en')} of them over every route without a 5xx, and refused ones change nothing`, { timeout: 900_000 }, async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const changed: string[] = [];
    const counts = { answered: 0, refused: 0, checked: 0, stoppedRuns: 0, leftOut: 0 };
    const perRoute = Math.max(1, Math.ceil((CASES * 1.05) / all.length));
    const slowest: [string, number][] = [];
    for (const route of all) {
      const started = performance.now();
      const samples = fc.sample(caseArbitrary(route), { numRuns: perRoute, seed: 4_404 + all.indexOf(route) });
      for (const [index, request] of samples.entries()) {
        if (performance.now() - started > ROUTE_BUDGET_MS) {
          counts.leftOut += samples.length - index;
          break;
        }
        const headers: Record<string, string> = {};
        if (request.who === 'admin') headers.cookie = cookie;
        if (request.who === 'token') headers.authorization = `Bearer ${token}`;
        let payload: string | undefined;
        if (request.body?.kind === 'json' && request.body.value !== undefined) {
          payload = JSON.stringify(request.body.value);
          headers['content-type'] = 'application/json';
        } else if (request.body?.kind === 'raw') {
          payload = request.body.text;
          headers['content-type'] = request.body.type;
        }
        const idle = (await busyRuns()).length === 0;
        const before = idle ? await writes() : null;
        const pending = server.app.inject({
          method: request.route.method as 'GET',
          url: urlOf(request),
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
        // An accepted body may be real work (a 70,000-character script spoken as an episode takes
        // minutes): past its budget the run is stopped, as an administrator would, and the answer
        // must then come — and still be no 5xx.
        let answer = await Promise.race([pending, sleep(REQUEST_BUDGET_MS)]);
        // Accepted, then stopped by us: its 409 is the stop's answer, and the run it started is its write.
        const stoppedByUs = !answer;
        if (!answer) {
          counts.stoppedRuns++;
          await quiesce();
          answer = await Promise.race([pending, sleep(120_000)]);
          if (!answer) throw new Error(`no answer two minutes after its run was stopped: ${describeCase(request, 0, '')}`);
        }
        counts.answered++;
        if (answer.statusCode >= 500) failures.push(describeCase(request, answer.statusCode, answer.body));
        if (answer.statusCode >= 400) {
          counts.refused++;
          if (before !== null && !stoppedByUs && (await busyRuns()).length === 0) {
            counts.checked++;
            const after = await writes();
            if (after !== before) changed.push(`${after - before} row writes: ${describeCase(request, answer.statusCode, answer.body)}`);
          }
        } else if (request.route.method !== 'GET') {
          await quiesce();
        }
      }
      slowest.push([`${route.method} ${route.path}`, performance.now() - started]);
    }
    slowest.sort((a, b) => b[1] - a[1]);
    console.log(
      `slowest routes: ${slowest
        .slice(0, 8)
        .map(([route, ms]) => `${route} ${Math.round(ms)} ms`)
        .join(', ')}`,
    );
    console.log(
      `fuzz: ${counts.answered} requests over ${all.length} routes, ${counts.refused} refused, ${counts.checked} of them checked for writes; ${counts.stoppedRuns} runs stopped past their budget; ${counts.leftOut} cases left out past their route's ${ROUTE_BUDGET_MS / 1000} s`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(changed.slice(0, 10)).toEqual([]);
    expect(counts.answered).toBeGreaterThanOrEqual(CASES);
    // The write counter saw the accepted requests' writes: the check above could have failed.
    expect(await writes()).toBeGreaterThan(0);
    // Still serving, and the administrator's session still works.
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('the Reader API’s form bodies', () => {
  it('answers random forms on every form route without a 5xx', { timeout: 600_000 }, async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/accounts/ClientLogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ Email: 'admin', Passwd: token }).toString(),
    });
    const auth = /Auth=(\S+)/.exec(login.body)?.[1] ?? '';
    const field = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1)), fc.nat().map(String));
    const form = fc.array(fc.tuple(fc.constantFrom('i', 'a', 'r', 'T', 's', 'ts', 'Email', 'Passwd', 'n', 'c', 'xt', 'ot', 'output', 'ac', 't'), field), {
      maxLength: 8,
    });
    const paths = [
      '/accounts/ClientLogin',
      '/reader/api/0/edit-tag',
      '/reader/api/0/mark-all-as-read',
      '/reader/api/0/stream/items/contents',
      '/api/greader.php/reader/api/0/edit-tag',
    ];
    const failures: string[] = [];
    for (const sample of fc.sample(fc.tuple(fc.constantFrom(...paths), form, fc.boolean()), { numRuns: Math.max(200, Math.round(CASES / 20)), seed: 4_405 })) {
      const [path, fields, signedIn] = sample;
      const payload = new URLSearchParams(fields).toString();
      const answer = await server.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signedIn ? { authorization: `GoogleLogin auth=${auth}` } : {}) },
        payload,
      });
      if (answer.statusCode >= 500) failures.push(`${path} ${payload.slice(0, 200)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
