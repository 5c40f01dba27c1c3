// `newsctl trends analyze` as a process: the analysis runs in a worker thread, and what it found
// wrong with the input, its trends and its refusals reach the operator as they did in-process.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/daemon.js';

const article = (id: string, title: string, source: string) =>
  JSON.stringify({ id, title, body: `${title}. Officials gave details on Tuesday.`, source, publishedAt: '2026-11-30T09:00:00Z' });

const INPUT = [
  article('a1', 'Flood waters close the river bridge in Port Linden', 'harbor-news.test'),
  '{ not json',
  article('a2', 'Port Linden river bridge closed by flood waters', 'valley-daily.test'),
  article('a3', 'Flood closes Port Linden bridge over the river', 'coast-radio.test'),
  article('a4', 'Central bank holds interest rates steady', 'money-wire.test'),
].join('\n');

describe('newsctl trends analyze', { timeout: 60_000 }, () => {
  it('reads standard input, reports rejected lines on stderr and prints the trends', async () => {
    const run = await runCli(['trends', 'analyze', '--from-jsonl', '-', '--json'], { stdin: `${INPUT}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('line 2: not valid JSON');
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: string; storyId?: string; articleIds?: string[]; topic?: string });
    expect(lines.filter((line) => line.id).map((line) => line.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    const trends = lines.filter((line) => line.articleIds);
    expect(trends).toHaveLength(1);
    expect([...trends[0]!.articleIds!].sort()).toEqual(['a1', 'a2', 'a3']);
    expect(typeof trends[0]!.topic).toBe('string');
  });

  it('refuses a date it cannot read before starting any work', async () => {
    const run = await runCli(['trends', 'analyze', '--from-jsonl', '-', '--now', 'next tuesday'], { stdin: `${INPUT}\n` });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--now must be a date, got "next tuesday"');
    expect(run.stdout).toBe('');
  });
});
