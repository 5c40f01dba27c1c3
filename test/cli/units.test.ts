// The CLI's pure pieces: the integer parser, the progress display (bar on a terminal, lines
// otherwise) and the completion scripts, which bash really completes from.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpiderStatusFields } from '../../src/api/status.js';
import { COMPONENT_COLORS, componentColor, configureColors } from '../../src/terminal/colors.js';
import { completionTable } from '../../src/cli/completion.js';
import { crawlFollower } from '../../src/cli/crawl.js';
import { commandsOf } from '../../src/cli/examples.js';
import { buildProgram } from '../../src/cli/index.js';
import { formatTable } from '../../src/cli/io.js';
import { displayWidth, sliceToWidth } from '../../src/terminal/text-width.js';
import { fitText } from '../../src/tui/table.js';
import { paint } from '../../src/tui/line.js';
import { formatLogLine } from '../../src/cli/logs.js';
import { dateTime } from '../../src/terminal/time.js';
import { parseInteger } from '../../src/cli/options.js';
import { activityPrinter, describeSpider } from '../../src/cli/spider.js';
import { runCli } from '../helpers/daemon.js';
import { createProgress } from '../../src/cli/progress.js';
import { formatEta } from '../../src/terminal/progress-bar.js';

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

describe('usage errors', () => {
  it('exit 2 for an unknown command or option, a missing argument or a missing subcommand; 0 for --help', { timeout: 60_000 }, async () => {
    const runs = await Promise.all(
      [['bogus'], ['trends', 'list', '--bogus'], ['trends', 'list', '--limit'], ['domains', 'add'], ['trends'], ['--help'], ['trends', 'list', '--help']].map(
        async (args) => [args.join(' '), await runCli(args)] as const,
      ),
    );
    const codes = Object.fromEntries(runs.map(([args, run]) => [args, run.code]));
    expect(codes).toEqual({
      bogus: 2,
      'trends list --bogus': 2,
      'trends list --limit': 2,
      'domains add': 2,
      trends: 2,
      '--help': 0,
      'trends list --help': 0,
    });
    expect(runs[1]![1].stderr).toContain("error: unknown option '--bogus'");
  });

  it('refuse the dashboard without a terminal (a pipe or a file), instead of running until killed', { timeout: 60_000 }, async () => {
    const run = await runCli(['dash', '--data-dir', mkdtempSync(join(tmpdir(), 'newsctl-dash-pipe-'))]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: newsctl dash needs a terminal');
    // Its --json prints no dashboard as JSON (its help said "print JSON"): only the error.
    const json = await runCli(['dash', '--json', '--data-dir', mkdtempSync(join(tmpdir(), 'newsctl-dash-pipe-'))]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'invalid' } });
    const dash = buildProgram().commands.find((command) => command.name() === 'dash')!;
    expect(dash.options.find((option) => option.long === '--json')!.description).toMatch(/^an error as JSON on stderr/);
  });
});

describe('log component colours', () => {
  it("give the spec's components the console's colours, and no component red (the colour of errors)", () => {
    expect(['SPIDER', 'GENERATOR', 'AI_MODEL', 'DOMAIN_MANAGER'].map(componentColor)).toEqual(['blue', 'green', 'magenta', 'yellow']);
    for (const component of ['TRENDS', 'AUTH', 'SYSTEM', 'AUDIO', 'SOMETHING_ELSE']) {
      expect(COMPONENT_COLORS).toContain(componentColor(component));
      expect(componentColor(component)).not.toMatch(/red/i);
    }
    // The same component, the same colour, every time.
    expect(componentColor('AUDIO')).toBe(componentColor('AUDIO'));
  });

  it('are on for a terminal, and off with NO_COLOR or without a terminal (a pipe, cron)', () => {
    const entry = { timestamp: '2026-01-15T15:01:02.000Z', component: 'SPIDER', level: 'error' as const, message: 'Crawl failed' };
    const escapes = () => /\u001b\[/.test(formatLogLine(entry, 'UTC'));
    try {
      configureColors({}, true);
      expect(escapes()).toBe(true);
      configureColors({ NO_COLOR: '1' }, true);
      expect(escapes()).toBe(false);
      configureColors({}, false);
      expect(escapes()).toBe(false);
    } finally {
      configureColors({}, false);
    }
  });
});

describe('terminal columns of text in any script', () => {
  it('counts wide characters as two columns and combining marks as none', () => {
    expect(displayWidth('Tokyo')).toBe(5);
    expect(displayWidth('東京で地震')).toBe(10);
    expect(displayWidth('Cafe\u0301')).toBe(4);
    expect(sliceToWidth('東京で地震', 5)).toBe('東京');
    expect(sliceToWidth('Cafe\u0301 news', 4)).toBe('Cafe\u0301');
  });

  it('keeps CLI table columns and dashboard cells aligned when titles are Chinese, Japanese or Korean', () => {
    configureColors({ NO_COLOR: '1' });
    const table = formatTable(
      [
        { id: 1, title: '東京で地震', site: 'nhk.example' },
        { id: 22, title: 'Quake in Tokyo', site: 'wire.example' },
      ],
      ['id', 'title', 'site'],
    ).split('\n');
    const siteColumn = (line: string) => displayWidth(line.slice(0, line.indexOf(line.includes('nhk') ? 'nhk' : line.includes('wire') ? 'wire' : 'site')));
    expect(new Set(table.filter((line) => !line.startsWith('-')).map(siteColumn)).size).toBe(1);

    expect(displayWidth(fitText('서울 시장 선거 결과 발표', 11))).toBe(11);
    expect(fitText('서울 시장 선거 결과 발표', 11)).toMatch(/…\s?$/);
    for (const width of [9, 10, 11]) {
      const line = paint(['NEW: ', '東京で地震が発生しました'], width);
      expect(displayWidth(line)).toBe(width);
      expect(line.trimEnd().endsWith('…')).toBe(true);
    }
    expect(paint(['Quake in Tokyo'], 20)).toBe('Quake in Tokyo      ');
  });
});

describe('terminal output of hostile text', () => {
  // A crawled or model-written title with ESC sequences (clear screen, OSC 52 clipboard write) and
  // a carriage return must not reach the operator's terminal as control characters.
  const title = 'Flood\u001b[2J\u001b]52;c;ZXZpbA==\u0007 council\rvote\u009b1m';
  const shown = 'Flood?[2J?]52;c;ZXZpbA==? council?vote?1m';

  it('prints table cells, log lines and spider activity without control characters', () => {
    const table = formatTable([{ id: 1, title }], ['id', 'title']);
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(table.split('\n')[2]).toBe(`1   ${shown}`);
    // A line break inside a cell would break the table's rows.
    expect(formatTable([{ id: 1, title: 'two\nlines' }], ['id', 'title']).split('\n')).toHaveLength(3);

    const line = formatLogLine({ timestamp: '2026-01-01T00:00:00.000Z', component: 'GENERATOR', level: 'info', message: `Generated "${title}"` });
    // Every component's message starts in the same column, the longest name included.
    const starts = ['SPIDER', 'DOMAIN_MANAGER', 'AI_MODEL'].map((component) =>
      formatLogLine({ timestamp: '2026-01-01T00:00:00.000Z', component, level: 'warning', message: 'here' }, 'UTC').indexOf('here'),
    );
    expect(new Set(starts).size).toBe(1);
    expect(line).toContain(`Generated "${shown}"`);
    expect(line).not.toContain('\u001b[2J');

    const status = { spiderActivityLog: [`NEW: Site :: ${title}`] } as unknown as Parameters<typeof describeSpider>[0];
    const printed: string[] = [];
    activityPrinter((text) => printed.push(text))(status);
    expect(printed).toEqual([`NEW: Site :: ${shown}`]);
    expect(describeSpider({ ...status, spiderStatus: 'idle' } as typeof status, 5)).toContain(`    NEW: Site :: ${shown}`);
  });

  it('show times in the product time zone, as the console and the dashboard do (--json keeps ISO UTC)', () => {
    const entry = { timestamp: '2026-01-15T15:01:02.000Z', component: 'SPIDER', level: 'info' as const, message: 'Crawl started' };
    expect(formatLogLine(entry, 'America/Chicago')).toMatch(/^2026-01-15 09:01:02 SPIDER/);
    expect(formatLogLine(entry, null)).toMatch(/^2026-01-15 15:01:02 SPIDER/);
    // Summer time is the zone's own: CDT, UTC−5.
    expect(dateTime('2026-07-01T12:00:00.000Z', 'America/Chicago')).toBe('2026-07-01 07:00:00');
    expect(dateTime(null, 'America/Chicago')).toBe('never');
    const spider = { spiderStatus: 'idle', spiderActivityLog: [], spiderLastStartTime: '2026-01-15T15:01:00.000Z' } as unknown as Parameters<
      typeof describeSpider
    >[0];
    expect(describeSpider(spider, 0, 'America/Chicago')).toMatch(/^ {2}Last start {7}2026-01-15 09:01:00$/m);
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

  it('leaves the crawl bar at the final count, not at the last read before the run ended', () => {
    const { writes, stream: tty } = stream(true);
    const progress = createProgress(tty, 'crawl');
    const onStatus = crawlFollower(progress, {}, () => {});
    const read = (spiderStatus: 'running' | 'idle', spiderSitesProcessed: number, spiderCurrentRunArticleCount: number) =>
      ({
        spiderStatus,
        spiderSitesProcessed,
        spiderTotalSites: 6,
        spiderWorkProgress: (spiderSitesProcessed / 6) * 100,
        spiderCurrentRunArticleCount,
      }) as SpiderStatusFields;
    onStatus(read('running', 5, 239));
    onStatus(read('idle', 6, 240));
    progress.end();
    const bars = writes.filter((write) => write.startsWith('\r'));
    expect(bars.at(-1)).toMatch(/crawl \[#+\] 6\/6 100% ETA 0s {2}240 new articles$/);
  });

  it('moves the crawl bar and ETA with the work done while no site has finished yet', () => {
    let now = 0;
    const { writes, stream: tty } = stream(true);
    const progress = createProgress(tty, 'crawl', () => now);
    const onStatus = crawlFollower(progress, {}, () => {});
    const read = (spiderWorkProgress: number) =>
      ({ spiderStatus: 'running', spiderSitesProcessed: 0, spiderTotalSites: 8, spiderWorkProgress, spiderCurrentRunArticleCount: 3 }) as SpiderStatusFields;
    now = 30_000;
    onStatus(read(25));
    now = 60_000;
    onStatus(read(50));
    progress.end();
    const bars = writes.filter((write) => write.startsWith('\r'));
    // 25 % in 30 s: 90 s to go; then 50 % in 60 s: 60 s to go. The counts stay those of finished sites.
    expect(bars[0]).toMatch(/crawl \[#+-+\] 0\/8 +25% ETA 1m 30s {2}3 new articles$/);
    expect(bars[1]).toMatch(/crawl \[#+-+\] 0\/8 +50% ETA 1m 00s {2}3 new articles$/);
    const filled = (bar: string) => /\[(#*)-*\]/.exec(bar)![1]!.length;
    expect(filled(bars[1]!)).toBeGreaterThan(filled(bars[0]!));
    expect(filled(bars[0]!)).toBeGreaterThan(0);
  });

  it('falls back to the counts when the status carries no work figure (an earlier daemon)', () => {
    let now = 0;
    const { writes, stream: tty } = stream(true);
    const progress = createProgress(tty, 'crawl', () => now);
    const onStatus = crawlFollower(progress, {}, () => {});
    now = 10_000;
    onStatus({ spiderStatus: 'running', spiderSitesProcessed: 2, spiderTotalSites: 10, spiderCurrentRunArticleCount: 5 } as SpiderStatusFields);
    progress.end();
    expect(writes[0]).toMatch(/crawl \[#+-+\] 2\/10 +20% ETA 40s {2}5 new articles$/);
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
      const out = execFileSync(process.execPath, [join(process.cwd(), 'bin', 'newsctl.js'), 'completion', 'bash'], {
        env: { ...process.env, NEWSCTL_FROM_SOURCE: '1' },
      });
      writeFileSync(script, out);
      const complete = (words: string[]) =>
        execFileSync(
          'bash',
          ['-c', `source ${script}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _newsctl; echo "\${COMPREPLY[*]}"`],
          { encoding: 'utf8' },
        ).trim();
      expect(complete(['newsctl', 'cr'])).toBe('crawl');
      expect(complete(['newsctl', 'articles', 'ex'])).toBe('export');
      expect(complete(['newsctl', 'audio', 'podcast', 're'])).toBe('render');
      expect(complete(['newsctl', 'crawl', '--on'])).toBe('--once');
      // A file name next: no words, so bash's default (-o default) completes file names.
      expect(complete(['newsctl', 'db', 'restore', ''])).toBe('');
      expect(complete(['newsctl', 'audio', 'latest-news', '-o', ''])).toBe('');
      expect(complete(['newsctl', 'db', 'restore', '--y'])).toBe('--yes');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('zsh completion', () => {
  const zsh = spawnSync('zsh', ['--version']).status === 0;
  const table = completionTable(buildProgram());
  let dir: string;
  let script: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'newsctl-zsh-'));
    // As an operator gets it: `newsctl completion zsh`, a real process.
    const run = spawnSync(process.execPath, [join(process.cwd(), 'bin', 'newsctl.js'), 'completion', 'zsh'], {
      env: { ...process.env, NEWSCTL_FROM_SOURCE: '1' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    script = run.stdout;
    mkdirSync(join(dir, 'functions'));
    writeFileSync(join(dir, 'functions', '_newsctl'), script);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Candidates _newsctl offers for the words typed so far (compadd and compdef stubbed to print). */
  const candidates = (setup: string, words: string[]) =>
    execFileSync(
      'zsh',
      [
        '-f',
        '-c',
        `compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }; _files() { print -r -- FILES }; compdef() { print -r -- "compdef $*" }; ${setup}; words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; PREFIX=$words[CURRENT]; _newsctl`,
      ],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');

  it('is a zsh completion file with one case per command path (read without zsh)', () => {
    expect(script.startsWith('#compdef newsctl\n')).toBe(true);
    for (const path of table.keys()) if (path) expect(script).toContain(`"${path}") cmdpath="${path}" ;;`);
    expect(script.match(/\bcase\b/g)).toHaveLength(script.match(/\besac\b/g)!.length);
    expect(table.get('completion')).toEqual(['bash', 'zsh', '--help']);
  });

  it.skipIf(!zsh)('parses with zsh -n', () => {
    const check = spawnSync('zsh', ['-n', join(dir, 'functions', '_newsctl')], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it.skipIf(!zsh)('registers itself when evaluated and completes each level of the command tree', () => {
    const setup = `eval "$(<${join(dir, 'functions', '_newsctl')})"`;
    expect(candidates(setup, ['newsctl', ''])).toEqual(['compdef _newsctl newsctl', ...table.get('')!]);
    const offered = (words: string[]) => candidates(setup, words).slice(1);
    expect(offered(['newsctl', 'articles', 'ex'])).toEqual(table.get('articles'));
    expect(offered(['newsctl', 'audio', 'podcast', 're'])).toEqual(table.get('audio podcast'));
    // Options before the subcommand do not move the path; a finished path offers its options.
    expect(offered(['newsctl', 'crawl', '--json', '--on'])).toEqual(table.get('crawl'));
    expect(offered(['newsctl', 'completion', ''])).toEqual(['bash', 'zsh', '--help']);
    // File names where a file goes: zsh has no default to fall back on.
    expect(offered(['newsctl', 'extract', 'REA'])).toEqual(['FILES']);
    expect(offered(['newsctl', 'db', 'restore', ''])).toEqual(['FILES']);
    expect(offered(['newsctl', 'audio', 'latest-news', '-o', ''])).toEqual(['FILES']);
    expect(offered(['newsctl', 'db', 'restore', '--'])).toEqual(table.get('db restore'));
  });

  it.skipIf(!zsh)('completes at once when autoloaded from $fpath', () => {
    const setup = `fpath=(${join(dir, 'functions')} $fpath); autoload -Uz _newsctl`;
    expect(candidates(setup, ['newsctl', 'music', ''])).toEqual(table.get('music'));
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
