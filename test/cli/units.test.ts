// The CLI's pure pieces: the integer parser, the progress display (bar on a terminal, lines
// otherwise) and the completion scripts, which bash really completes from.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionTable } from '../../src/cli/completion.js';
import { commandsOf } from '../../src/cli/examples.js';
import { buildProgram } from '../../src/cli/index.js';
import { parseInteger } from '../../src/cli/options.js';
import { createProgress, formatEta } from '../../src/cli/progress.js';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns: 80, write: (text: string) => writes.push(text) } as unknown as NodeJS.WriteStream };
}

describe('parseInteger', () => {
  it('accepts whole numbers in range and names the flag otherwise (exit 2)', () => {
    expect(parseInteger('42', '--limit')).toBe(42);
    expect(parseInteger(' 0 ', '--lines', { min: 0, max: 100 })).toBe(0);
    for (const bad of ['ten', '4.5', '', '1e3', '0x10', '9999999999999999999']) {
      expect(() => parseInteger(bad, '--limit')).toThrow(/--limit must be a whole number/);
    }
    expect(() => parseInteger('501', '--limit', { min: 1, max: 500 })).toThrow('--limit must be a whole number from 1 to 500, got "501"');
    try {
      parseInteger('x', 'id');
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid', exitCode: 2 });
    }
  });
});

describe('progress', () => {
  it('redraws one bar with counts and an ETA on a terminal', () => {
    let now = 0;
    const { writes, stream: tty } = stream(true);
    const progress = createProgress(tty, 'crawl', () => now);
    now = 10_000;
    progress.update({ done: 2, total: 10, detail: '5 new articles' });
    progress.line('[10:00:00] NEW: A story');
    progress.end();
    expect(writes[0]).toMatch(/^\r\x1b\[2Kcrawl \[#+-+\] 2\/10 +20% ETA 40s {2}5 new articles$/);
    expect(writes).toContain('[10:00:00] NEW: A story\n');
    expect(writes.at(-1)).toBe('\n');
  });

  it('prints plain lines, each once, when not a terminal', () => {
    const { writes, stream: pipe } = stream(false);
    const progress = createProgress(pipe, 'crawl');
    progress.update({ done: 1, total: 3 });
    progress.update({ done: 1, total: 3 });
    progress.update({ done: 2, total: 3, detail: '4 new articles' });
    progress.end();
    expect(writes).toEqual(['crawl: 1/3 done\n', 'crawl: 2/3 done, 4 new articles\n']);
    expect(writes.join('')).not.toContain('\r');
    expect(formatEta(3_725_000)).toBe('1h 02m');
  });
});

describe('completion', () => {
  it('lists every command and its options from the command tree', () => {
    const table = completionTable(buildProgram());
    expect(table.get('')).toEqual(expect.arrayContaining(['crawl', 'articles', 'audio', 'music', 'dash', 'db', 'completion', 'logs', 'status', 'search']));
    expect(table.get('articles')).toEqual(expect.arrayContaining(['generate', 'queue', 'list', 'export', 'regenerate-image', 'clear']));
    expect(table.get('audio podcast')).toEqual(expect.arrayContaining(['script', 'enhance', 'render']));
    expect(table.get('crawl')).toEqual(expect.arrayContaining(['--once', '--domain', '--json']));
  });

  it('completes in bash from the generated script', () => {
    const dir = mkdtempSync(join(tmpdir(), 'newsctl-completion-'));
    try {
      const script = join(dir, 'newsctl.bash');
      const out = execFileSync(process.execPath, [join(process.cwd(), 'bin', 'newsctl.js'), 'completion', 'bash'], { env: { ...process.env, NEWSCTL_FROM_SOURCE: '1' } });
      writeFileSync(script, out);
      const complete = (words: string[]) =>
        execFileSync('bash', ['-c', `source ${script}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _newsctl; echo "\${COMPREPLY[*]}"`], { encoding: 'utf8' }).trim();
      expect(complete(['newsctl', 'cr'])).toBe('crawl');
      expect(complete(['newsctl', 'articles', 'ex'])).toBe('export');
      expect(complete(['newsctl', 'audio', 'podcast', 're'])).toBe('render');
      expect(complete(['newsctl', 'crawl', '--on'])).toBe('--once');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--help', () => {
  it('shows at least one example for every command that does something', () => {
    const leaves = commandsOf(buildProgram()).filter((command) => command.commands.length === 0 && command.name() !== 'help');
    const missing: string[] = [];
    for (const command of leaves) {
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text), writeErr: (text) => (help += text) });
      command.outputHelp();
      if (!/\nExamples?:\n {2}\$ .*newsctl /.test(help)) missing.push(command.name());
    }
    expect(leaves.length).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });
});
