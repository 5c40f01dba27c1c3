// A command's output piped to a slower reader (`newsctl … --json | jq`, a cron script's pipe) arrives
// whole: the process exits only once the pipe has taken everything it wrote.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, childEnv } from '../helpers/daemon.js';

const ARTICLES = 4_000;
const folder = mkdtempSync(join(tmpdir(), 'newsctl-piped-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a command piped to a slow reader', { timeout: 90_000 }, () => {
  it('writes every line before it exits', async () => {
    const file = join(folder, 'articles.jsonl');
    const input = Array.from({ length: ARTICLES }, (_, i) =>
      JSON.stringify({
        id: `article-${i}`,
        title: `Hospital ${i % 400} reports fewer flu cases this winter`,
        body: 'Doctors said vaccination rates rose.',
        source: `site${i % 7}.test`,
      }),
    );
    writeFileSync(file, `${input.join('\n')}\n`);
    const child = spawn(process.execPath, [CLI, 'trends', 'analyze', '--from-jsonl', file, '--json'], { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader starts late: by then the command has filled the pipe and written the rest.
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stdout.resume();
    // (A launcher that exited with its output still queued left this pipe open and empty, for
    // good: the wait is long only because a loaded CI machine once took over 20 s to finish.)
    const code = await Promise.race([
      new Promise((resolve) => child.on('close', resolve)),
      new Promise((resolve) => setTimeout(() => resolve('still open 45 s on'), 45_000).unref()),
    ]);
    child.kill();
    expect(code).toBe(0);
    // One {"id","storyId"} line per article, then one line per trend.
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: string; storyId: string });
    const ids = lines.filter((line) => line.id).map((line) => line.id);
    expect(ids).toHaveLength(ARTICLES);
    expect(ids.at(-1)).toBe(`article-${ARTICLES - 1}`);
    expect(lines.length).toBeGreaterThan(ARTICLES);
  });
});
