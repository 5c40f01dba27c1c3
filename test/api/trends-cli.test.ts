// `newsctl trends …` (admin commands) and `newsctl food-recategorization …` against a served app,
// the way an operator drives a remote daemon: --url and an API token.
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTrendsAdminCommands } from '../../src/cli/trends-admin.js';
import { registerFoodCommand } from '../../src/cli/food.js';
import { registerTrendsCommand } from '../../src/cli/trends.js';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { bridgeVote, harbourFire, storeCorpus, unrelated } from '../services/reader/trends/corpus.js';

let server: TestServer;
let token: string;

function program(): Command {
  const root = new Command().name('newsctl').exitOverride();
  addTrendsAdminCommands(registerTrendsCommand(root));
  registerFoodCommand(root);
  return root;
}

let errors = '';

/** Runs a command; returns what it printed on stdout (console.log and printJson); stderr goes to `errors`. */
async function run(...args: string[]): Promise<string> {
  let out = '';
  errors = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void (out += `${parts.join(' ')}\n`));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    errors += String(chunk);
    return true;
  });
  try {
    await program().parseAsync(['node', 'newsctl', ...args, '--url', server.baseUrl, '--token', token]);
  } finally {
    log.mockRestore();
    write.mockRestore();
    err.mockRestore();
  }
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await createApiToken(server.ctx, 'cli test')).token;
  await storeCorpus(server.sql, [...harbourFire, ...bridgeVote, ...unrelated]);
});
afterAll(async () => server?.close());

describe('trends admin commands', () => {
  it('runs the analyzer and waits for it, then lists the trends', async () => {
    expect(await run('trends', 'list')).toBe('No trends identified yet\n');
    // It says what it does, then how long it took and what it stored; never a bare "Starting".
    expect(await run('trends', 'run')).toMatch(
      /^Trends analysis done in \d+(\.\d)? s: 2 trends stored \(last completed run \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\)\. See them with: newsctl trends list\n$/,
    );
    expect(errors).toMatch(/^Trends analyzer started: grouping each topic's recent articles into stories/);
    expect(errors).not.toMatch(/^Starting$/m);
    const table = await run('trends', 'list', '--topic', 'usa', '--limit', '5');
    expect(table.split('\n')[0]).toMatch(/^id\s+batch\s+topic\s+score\s+articles\s+title$/);
    expect(table).toMatch(/usa\s+\d+(\.\d)?\/10\s+4\s+/);
    const json = JSON.parse(await run('trends', 'list', '--json'));
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({ topic: 'usa', batchNumber: 1, articleCount: 4 });
  });

  it('refuses a bad limit or an unknown topic', async () => {
    await expect(run('trends', 'list', '--limit', '0')).rejects.toThrow(/--limit must be a whole number/);
    await expect(run('trends', 'list', '--topic', 'sports')).rejects.toThrow(/Unknown topic "sports"/);
  });

  it('prints statistics with a total row', async () => {
    const table = await run('trends', 'statistics');
    expect(table).toMatch(/usa\s+2\s+0/);
    expect(table).toMatch(/Total\s+2\s+0/);
  });

  it('stops (nothing running), re-categorizes, and clears only with --yes', async () => {
    expect(await run('trends', 'stop')).toBe('The trends analyzer is not running\n');
    expect(await run('trends', 'recategorize')).toMatch(/^Re-categorized \d+ trends; \d+ unchanged\n$/);
    await expect(run('trends', 'clear')).rejects.toThrow(/--yes/);
    expect(await run('trends', 'clear', '--yes')).toBe('Deleted 2 trends\n');
  });
});

describe('food re-categorization commands', () => {
  it('starts and waits, then reports the status', async () => {
    const url = 'https://food.test/pasta';
    await server.sql`insert into articles (domain_name, source_url, canonical_url, title, topic, topic_source)
                     values ('food.test', ${url}, ${url}, 'Ten easy pasta recipes for busy weeknights', 'health', 'offline')`;
    const output = await run('food-recategorization', 'start');
    expect(output).toMatch(/^finished: 10 of 10 articles processed \(100%\), \d+ moved to food, 0 errors\n$/);
    const food = await server.sql<{ title: string }[]>`select title from articles where topic = 'food'`;
    expect(food.map((row) => row.title)).toContain('Ten easy pasta recipes for busy weeknights');
    expect(output).toContain(`, ${food.length} moved to food`);
    expect(JSON.parse(await run('food-recategorization', 'status', '--json'))).toMatchObject({ isRunning: false, processed: 10, recategorized: food.length });
    expect(await run('food-recategorization', 'stop')).toMatch(/^Food re-categorization is not running\nfinished: /);
  });
});
