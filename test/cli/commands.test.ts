// The operator's commands as real processes: standalone (no daemon: queued work runs in the
// command's own process and it returns when done), through the daemon's operator socket, and against
// a remote URL with an API token. Exit codes and --json output are what scripts rely on.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { dateTime } from '../../src/terminal/time.js';
import { tarWatcher } from '../../src/services/platform/dump/tar.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { CLI, childEnv, runCli, spawnDaemon, daemonStorage, type DaemonProcess } from '../helpers/daemon.js';
import { TEST_NODE_FLAGS } from '../helpers/node-flags.js';

const STORM = 'Storm floods Port Linden harbor, 1,200 evacuated';
const storage = daemonStorage('newsctl-cli-commands-');
let web: NewsWeb;
let env: Record<string, string>;
let articleId = 0;

const args = () => ['--data-dir', storage.dataDir, ...storage.dbArgs];
const cli = (argv: string[], extra: Record<string, string> = {}) => runCli(argv, { env: { ...env, ...extra } });
const json = <T = Record<string, unknown>>(text: string): T => JSON.parse(text) as T;

beforeAll(async () => {
  web = await startNewsWeb({ sites: 1, hostile: false, articlesPerSite: 5 });
  env = { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') };
  // A trend with enough sources for the generator, stored as the analyzer would.
  const db = storage.database?.db ?? (await openDatabase({ databaseUrl: null, dataDir: storage.dataDir }));
  if (!storage.database) await migrate(db.sql);
  await storeStoryTrend(db.sql, { title: STORM, description: 'A storm flooded the harbor.', topic: 'usa', relevance: 9, sources: harborStorm(6) });
  if (!storage.database) await db.close();
}, 180_000);
afterAll(async () => web?.close());

/** The manifest of a backup archive (its last entry). */
function manifestOf(bytes: Buffer): {
  format: string;
  database: { kind: string; tables: { name: string; rows: number }[] };
  media: { path: string; size: number }[];
} {
  const watcher = tarWatcher('manifest.json');
  watcher.feed(bytes);
  expect(watcher.ended()).toBe(true);
  return JSON.parse(watcher.entry()!.toString('utf8'));
}

describe('newsctl commands without a daemon', { timeout: 300_000 }, () => {
  it('generates an article in-process and returns when it is written', async () => {
    const run = await cli(['articles', 'generate', '--trend', STORM, '--json', ...args()]);
    expect(run.code, run.stderr).toBe(0);
    // Progress goes to stderr; stdout is the article alone (parsed below).
    const article = json<{ id: number; trendTitle: string; category: string; wordCount: number }>(run.stdout);
    expect(article).toMatchObject({ trendTitle: STORM, category: 'usa' });
    expect(article.wordCount).toBeGreaterThan(100);
    articleId = article.id;
    // In-process, a post's link names the port the daemon would serve (http://localhost:PORT).
    const social = json<{ content: string }>((await cli(['social', '--article', String(articleId), '--json', ...args()])).stdout);
    expect(social.content).toContain(`http://localhost:${process.env.PORT ?? 3000}/usa/`);
    // --trend takes a trend's title; a text no title holds exits 2 naming the closest.
    const wrong = await cli(['social', '--trend', 'tsunami', ...args()]);
    expect(wrong.code, wrong.stderr).toBe(2);
    expect(wrong.stderr).toContain(`No trend is titled "tsunami"; the closest: "${STORM}"`);
    // A topic the product does not have is refused before any call, naming the topics.
    const badTopic = await cli(['social', '--article', String(articleId), '--category', 'sports', ...args()]);
    expect(badTopic.code, badTopic.stderr).toBe(2);
    expect(badTopic.stderr).toContain('--category must be one of health, food, finance, usa, international, tech, energy, science');
  });

  it('crawls once in the foreground with plain progress lines, and refuses an unknown domain', async () => {
    expect((await cli(['domains', 'add', web.sites[0]!.origin, '--throttle', '1', ...args()])).code).toBe(0);
    const unknown = await cli(['crawl', '--once', '--domain', 'nowhere.example', ...args()]);
    expect(unknown.code, unknown.stderr).toBe(4);
    expect(unknown.stderr).toContain('No crawlable domain nowhere.example');
    const run = await cli(['crawl', '--once', '--domain', web.sites[0]!.origin, '--json', ...args()]);
    expect(run.code, run.stderr).toBe(0);
    expect(json(run.stdout)).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: 1, spiderTotalSites: 1, spiderCurrentRunArticleCount: 5 });
    // Not a terminal: lines, never carriage returns.
    expect(run.stderr).toMatch(/^crawl: \d+\/1 done, \d+ new articles$/m);
    expect(run.stderr).not.toContain('\r');

    // --quiet (cron): the result on stdout, and not one progress or activity line.
    const quiet = await cli(['crawl', '--once', '--quiet', '--domain', web.sites[0]!.origin, ...args()]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toMatch(/^Spider: idle\n/);
    expect(quiet.stderr).toBe('');

    // The site's extraction rules: saved, tried on its newest article without saving, cleared.
    const origin = web.sites[0]!.origin;
    const saved = await cli(['domains', 'rules', origin, '--remove', 'nav', '--json', ...args()]);
    expect(saved.code, saved.stderr).toBe(0);
    expect(json(saved.stdout)).toMatchObject({ rules: { body: null, remove: ['nav'] }, reextract: null });
    const preview = await cli(['domains', 'rules', origin, '--preview', ...args()]);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/^With the rules: \d+ words; without: \d+ words$/m);
    const cleared = await cli(['domains', 'rules', origin, '--clear', ...args()]);
    expect(cleared.stdout).toContain('no rules (the extractor decides alone)');
    expect((await cli(['domains', 'rules', origin, '--clear', '--remove', 'nav', ...args()])).code).toBe(2);
  });

  it("explains each story's topic, and files a story under the operator's topic across analyses", async () => {
    expect((await cli(['trends', 'run', ...args()])).code).toBe(0);
    const trends = json<{ id: number; title: string; topic: string; topicEvidence: { source: string; words: string[]; sentence: string } }[]>(
      (await cli(['trends', 'list', '--json', ...args()])).stdout,
    );
    const storm = trends.find((trend) => trend.title === STORM)!;
    expect(storm.topicEvidence.source).toBe('offline');
    const stormText = harborStorm(6)
      .map((source) => `${source.title}\n${source.text}`)
      .join('\n');
    const explained = (await cli(['trends', 'list', '--explain', ...args()])).stdout;
    const block = explained.slice(explained.indexOf(`${storm.id}  [${storm.topic}]  ${STORM}`));
    const [, why, sentence] = block.split('\n');
    expect(why).toMatch(/^ {4}evidence: [^;]+; runner-up [a-z]+ \(\d+ %\)$/);
    for (const word of storm.topicEvidence.words) expect(stormText.toLowerCase()).toContain(word);
    expect(sentence).toBe(`    "${storm.topicEvidence.sentence}"`);
    expect(stormText).toContain(storm.topicEvidence.sentence);

    const other = storm.topic === 'science' ? 'energy' : 'science';
    const set = await cli(['trends', 'topic', String(storm.id), other, ...args()]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout.trim()).toBe(`"${STORM}" is filed under ${other}; later analyses keep it there`);
    expect((await cli(['trends', 'run', ...args()])).code).toBe(0);
    const again = json<{ id: number; topic: string }[]>((await cli(['trends', 'list', '--topic', other, '--json', ...args()])).stdout);
    expect(again.map((trend) => trend.id)).toContain(storm.id);
    expect((await cli(['trends', 'list', '--explain', '--topic', other, ...args()])).stdout).toContain(
      `set by the administrator; the analyzer read ${storm.topic}`,
    );

    expect((await cli(['trends', 'topic', String(storm.id), '--clear', ...args()])).stdout.trim()).toBe(
      `"${STORM}" stays under ${other} until the next analysis decides its topic`,
    );
    expect((await cli(['trends', 'topic', 'abc', 'food', ...args()])).code).toBe(2);
    const noTopic = await cli(['trends', 'topic', String(storm.id), ...args()]);
    expect(noTopic.code, noTopic.stderr).toBe(2);
    expect(noTopic.stderr).toContain('Name the topic');
    expect((await cli(['trends', 'topic', String(storm.id), 'sports', ...args()])).code).toBe(2);
    expect((await cli(['trends', 'topic', '999999', 'food', ...args()])).code).toBe(4);
  });
});

describe('newsctl commands through a daemon', { timeout: 300_000 }, () => {
  let daemon: DaemonProcess;
  beforeAll(async () => {
    daemon = await spawnDaemon([...args()], env);
  }, 180_000);
  afterAll(async () => {
    daemon?.child.kill('SIGTERM');
    await daemon?.exited;
  });

  it('reports status, searches, lists and exports over the operator socket', async () => {
    const status = json((await cli(['status', '--json', ...args()])).stdout);
    expect(status).toMatchObject({ spiderStatus: 'idle', totalArticlesGenerated: 1, generatorStatus: 'idle' });
    const plain = await cli(['status', ...args()]);
    expect(plain.stdout).toMatch(/^Connected: socket .*newsctl\.sock$/m);
    expect(plain.stdout).toMatch(/^Generator +idle +1 article, last run/m);

    const found = json<{ count: number; results: { title: string }[] }>((await cli(['search', 'Port', 'Linden', '--json', ...args()])).stdout);
    expect(found.count).toBeGreaterThan(0);
    expect(found.results[0]!.title).toMatch(/Port Linden|storm/i);
    // `-word` after the query is a word to leave out, not an option; one result reads "1 article".
    const excluded = await cli([
      'search',
      'Port',
      'Linden',
      `-${found.results[0]!.title.split(/\W+/)
        .find((w) => w.length > 4 && !/port|linden/i.test(w))!
        .toLowerCase()}`,
      '--json',
      ...args(),
    ]);
    expect(excluded.code, excluded.stderr).toBe(0);
    expect(json<{ count: number }>(excluded.stdout).count).toBeLessThan(found.count);
    const plainSearch = await cli(['search', 'Port', 'Linden', ...args()]);
    expect(plainSearch.stdout).toMatch(found.count === 1 ? /^1 article$/m : new RegExp(`^${found.count} articles$`, 'm'));

    const list = json<{ id: number; generatedAt: string }[]>((await cli(['articles', 'list', '--json', ...args()])).stdout);
    expect(list.map((a) => a.id)).toEqual([articleId]);
    // The tables' times read in the product's time zone (default America/Chicago), as status and
    // logs do; only --json keeps the API's ISO times in UTC.
    const table = (await cli(['articles', 'list', ...args()])).stdout;
    expect(table).toContain(dateTime(list[0]!.generatedAt, 'America/Chicago'));
    expect(table).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    const jobs = (await cli(['jobs', ...args()])).stdout;
    expect(jobs).toMatch(/^generate-article +idle \(last: completed\) +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/m);
    // The timed jobs' next slots, in the same zone: the upkeep at the top of the next hour (its last
    // run shown too when the hour turned while the test ran: bree fires it on the real clock).
    expect(jobs).toMatch(/^upkeep +idle(?: \(last: completed\) +\d{4}-\d\d-\d\d \d\d:00:\d\d)? +\d{4}-\d\d-\d\d \d\d:00:00\s*$/m);
    expect(jobs).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    const domains = (await cli(['domains', 'list', ...args()])).stdout;
    expect(domains).toMatch(/ \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s*$/m);
    expect(domains).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    const file = join(storage.dataDir, 'storm.docx');
    const exported = await cli(['articles', 'export', String(articleId), '--format', 'docx', '-o', file, ...args()]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    // The log as lines (timestamp, component, level, message), coloured on a terminal like --follow.
    const logs = (await cli(['logs', '--limit', '3', ...args()])).stdout.trim().split('\n');
    expect(logs).toHaveLength(3);
    for (const line of logs) expect(line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [A-Z_]+ +(error|warning|info|debug) +\S/);
    const queue = json((await cli(['articles', 'queue', '--json', ...args()])).stdout);
    // A social post made through the operator socket links to the daemon's port (decisions.md:
    // http://localhost:PORT in the CLI), not to port 80 of a socket that has no host.
    const social = json<{ content: string }>((await cli(['social', '--article', String(articleId), '--json', ...args()])).stdout);
    expect(social.content).toContain(`http://localhost:${new URL(daemon.baseUrl).port}/usa/`);
    expect(queue).toEqual({ queueLength: 0, isGenerating: false, currentTrend: null, items: [], regenerating: false });
  });

  it('maps errors to exit codes and keeps the server message, in JSON with --json', async () => {
    const missing = await cli(['articles', 'export', '999999', '--json', ...args()]);
    expect(missing.code, missing.stderr).toBe(4);
    expect(json<{ error: { code: string; message: string } }>(missing.stderr).error).toMatchObject({ code: 'not_found' });
    const badInteger = await cli(['articles', 'list', '--limit', 'ten', ...args()]);
    expect(badInteger.code, badInteger.stderr).toBe(2);
    expect(badInteger.stderr).toContain('--limit must be a whole number from 1 to 500, got "ten"');
    const noConfirm = await cli(['articles', 'clear', ...args()]);
    expect(noConfirm.code, noConfirm.stderr).toBe(2);
    // A setting's key is the tail of its path: one that names another route is refused, not sent.
    const notASetting = await cli(['settings', 'set', 'domains', '{"url": "example.org"}', ...args()]);
    expect(notASetting.code, notASetting.stderr).toBe(4);
    expect(notASetting.stderr).toContain('Unknown setting "domains"');
    const domains = json<unknown[]>((await cli(['domains', 'list', '--json', ...args()])).stdout);
    expect(JSON.stringify(domains)).not.toContain('example.org');
    const setting = await cli(['settings', 'get', 'schedule-settings', ...args()]);
    expect(setting.code, setting.stderr).toBe(0);
    expect(json(setting.stdout)).toHaveProperty('trendsMinuteA');
    const help = await cli(['crawl', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/Examples:\n {2}\$ newsctl crawl --once/);
  });

  it('follows the log live, filtered by component', async () => {
    const child = spawn(process.execPath, [...TEST_NODE_FLAGS, CLI, 'logs', '--follow', '--component', 'DOMAIN_MANAGER', '--limit', '1', '--json', ...args()], {
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    try {
      // The command has printed its one recent entry: it is subscribed (it subscribes right after).
      for (let i = 0; i < 600 && !out.includes('\n'); i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      expect((await cli(['domains', 'add', 'follow-test.example', ...args()])).code).toBe(0);
      // Another component's entry (AUTH) must not show.
      await cli(['token', 'create', '--name', 'ignored-by-filter', ...args()]);
      for (let i = 0; i < 300 && !out.includes('follow-test.example'); i++) await new Promise((r) => setTimeout(r, 100));
      const lines = out
        .trim()
        .split('\n')
        .map((line) => json<{ component: string; message: string }>(line));
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines.at(-1)!.message).toContain('follow-test.example');
      expect(lines.every((line) => line.component === 'DOMAIN_MANAGER')).toBe(true);
    } finally {
      child.kill('SIGINT');
    }
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
  });

  it('backs up through the daemon that holds the embedded database, and says how to restore', async () => {
    const file = join(storage.dataDir, 'backup.tar');
    const run = await cli(['db', 'dump', file, ...args()]);
    expect(run.stderr).toBe('');
    expect(run.code, run.stderr).toBe(0);
    const bytes = readFileSync(file);
    const manifest = manifestOf(bytes);
    expect(manifest).toMatchObject({ format: 'newsctl-backup', database: { kind: storage.database ? 'postgres' : 'embedded' } });
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    expect(manifest.database.tables.find((table) => table.name === 'generated_articles')!.rows).toBe(1);
    expect(bytes.includes('"title":"Storm floods Port Linden harbor')).toBe(true);
    // The article's cover is in it.
    expect(manifest.media.filter((entry) => entry.path.startsWith('images/'))).toHaveLength(1);
    // Embedded: the daemon holds the database, so the backup went through it; PostgreSQL is read here.
    expect(run.stdout.trim().split('\n')[0]).toBe(
      `Backed up ${rows} rows from ${manifest.database.tables.length} tables and ${manifest.media.length} media file${manifest.media.length === 1 ? '' : 's'} (${Math.ceil(manifest.media.reduce((sum, entry) => sum + entry.size, 0) / 1024)} KB) to ${file}${storage.database ? '' : ` through the daemon (socket ${join(storage.dataDir, 'newsctl.sock')})`}`,
    );

    // To standard output, the summary on stderr; remotely with a token, the same backup.
    const token = json<{ token: string }>((await cli(['token', 'create', '--name', 'dump', '--json', ...args()])).stdout).token;
    const remote = await cli(['db', 'dump', '--json'], { NEWSCTL_URL: daemon.baseUrl, NEWSCTL_TOKEN: token });
    expect(remote.code, remote.stderr).toBe(0);
    expect(json(remote.stderr)).toMatchObject({ tables: manifest.database.tables.length, through: daemon.baseUrl });
    const anonymous = await cli(['db', 'dump'], { NEWSCTL_URL: daemon.baseUrl });
    expect(anonymous.code, anonymous.stderr).toBe(3);

    if (!storage.database) {
      const restore = await cli(['db', 'restore', file, '--yes', ...args()]);
      expect(restore.code, restore.stderr).toBe(2);
      expect(restore.stderr).toMatch(/in use by the running newsctl daemon \(pid \d+\); stop it \(kill \d+\) and run the restore again, then start it/);
    }
  });

  it('drives the daemon remotely with an API token', async () => {
    const token = json<{ token: string }>((await cli(['token', 'create', '--name', 'cron', '--json', ...args()])).stdout).token;
    const remote = { NEWSCTL_URL: daemon.baseUrl, NEWSCTL_TOKEN: token };
    const status = await cli(['status', '--json'], remote);
    expect(status.code, status.stderr).toBe(0);
    expect(json(status.stdout)).toMatchObject({ totalArticlesGenerated: 1 });
    const text = await cli(['articles', 'export', String(articleId)], remote);
    expect(text.stdout).toContain('Port Linden');
    const social = json<{ content: string }>((await cli(['social', '--article', String(articleId), '--json'], remote)).stdout);
    expect(social.content.length).toBeGreaterThan(20);
    // Its link is the address the request came to: the daemon's own.
    expect(social.content).toContain(`${daemon.baseUrl}/usa/`);
    const refused = await cli(['status'], { NEWSCTL_URL: daemon.baseUrl, NEWSCTL_TOKEN: 'nct_wrong' });
    expect(refused.code, refused.stderr).toBe(3);
    // It says the token is unknown, and how to make one.
    expect(refused.stderr).toMatch(/The API token is not known to this newsctl .*newsctl token create --name NAME/);
    const revoked = json<{ id: number; token: string }>((await cli(['token', 'create', '--name', 'old', '--json', ...args()])).stdout);
    expect((await cli(['token', 'revoke', String(revoked.id), ...args()])).code).toBe(0);
    const stale = await cli(['status'], { NEWSCTL_URL: daemon.baseUrl, NEWSCTL_TOKEN: revoked.token });
    expect(stale.code, stale.stderr).toBe(3);
    expect(stale.stderr).toMatch(/The API token "old" was revoked on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Make a new one/);
  });
});
