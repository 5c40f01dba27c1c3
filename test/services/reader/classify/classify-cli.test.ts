import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyJsonLines } from '../../../../src/cli/classify.js';
import { packageRoot } from '../../../../src/paths.js';
import { classifyTopic } from '../../../../src/services/reader/classify/index.js';

function collect(stream: PassThrough): () => string {
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
  return () => chunks.join('');
}

async function run(text: string, json = true) {
  const output = new PassThrough();
  const problems = new PassThrough();
  const printed = collect(output);
  const reported = collect(problems);
  const result = await classifyJsonLines(Readable.from([text]), output, problems, { json });
  return { result, printed: printed(), reported: reported() };
}

const OIL = 'OPEC agrees to cut crude output as oil prices slump';
const COOKIE = 'The best chocolate chip cookie recipe you will ever bake';

describe('classifyJsonLines', () => {
  it('prints one {id, topic} line per input line, in order', async () => {
    const { result, printed, reported } = await run(`${JSON.stringify({ id: 'a', title: OIL, body: '' })}\n${JSON.stringify({ id: 7, title: COOKIE })}\n`);
    expect(
      printed
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { id: 'a', topic: 'energy' },
      { id: 7, topic: 'food' },
    ]);
    expect(result).toEqual({ classified: 2, rejected: 0 });
    expect(reported).toBe('');
  });

  it('never lets a gold topic (or any other field) reach the classifier', async () => {
    const { printed } = await run(`${JSON.stringify({ id: 'x', title: COOKIE, body: '', topic: 'energy', source_dataset: 'y' })}\n`);
    expect(JSON.parse(printed)).toEqual({ id: 'x', topic: 'food' });
  });

  it('reports bad lines with their number, skips blank ones and keeps going', async () => {
    const text = [
      JSON.stringify({ id: 'ok1', title: OIL }),
      '',
      '{not json',
      JSON.stringify({ title: OIL }),
      JSON.stringify({ id: 'b', title: 5 }),
      JSON.stringify({ id: 'c', title: OIL, body: ['x'] }),
      '[1,2]',
      JSON.stringify({ id: 'ok2', title: COOKIE }),
    ].join('\r\n');
    const { result, printed, reported } = await run(text);
    expect(result).toEqual({ classified: 2, rejected: 5 });
    expect(
      printed
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['ok1', 'ok2']);
    expect(
      reported
        .trim()
        .split('\n')
        .map((line) => line.split(':')[0]),
    ).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
  });

  it('prints id, topic and confidence as text without --json', async () => {
    const { printed } = await run(`${JSON.stringify({ id: 'a', title: OIL })}\n`, false);
    const confidence = classifyTopic({ title: OIL }).confidence.toFixed(3);
    expect(printed).toBe(`a\tenergy\t${confidence}\n`);
  });
});

describe('newsctl classify --from-jsonl (child process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'newsctl-classify-'));
  const driver = join(dirname(fileURLToPath(import.meta.url)), 'classify-cli-driver.ts');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function newsctl(...args: string[]) {
    return spawnSync(process.execPath, ['--import', 'tsx', driver, ...args], { cwd: packageRoot, encoding: 'utf8' });
  }

  it('classifies a file and exits 0', () => {
    const file = join(dir, 'good.jsonl');
    writeFileSync(file, `${JSON.stringify({ id: '1', title: OIL })}\n${JSON.stringify({ id: '2', title: COOKIE })}\n`);
    const child = newsctl('classify', '--from-jsonl', file, '--json');
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(child.stdout).toBe('{"id":"1","topic":"energy"}\n{"id":"2","topic":"food"}\n');
  });

  it('still prints the good lines, reports the bad ones and exits non-zero', () => {
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, `${JSON.stringify({ id: '1', title: OIL })}\nnope\n`);
    const child = newsctl('classify', '--from-jsonl', file, '--json');
    expect(child.stdout).toBe('{"id":"1","topic":"energy"}\n');
    expect(child.stderr).toContain('line 2: not valid JSON');
    expect(child.status).not.toBe(0);
  });

  it('exits non-zero for a file it cannot read', () => {
    const child = newsctl('classify', '--from-jsonl', join(dir, 'missing.jsonl'), '--json');
    expect(child.stderr).toContain('Cannot read');
    expect(child.status).not.toBe(0);
  });
});
