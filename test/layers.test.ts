// The layers hold: SQL is written only in src/db; src/shared imports nothing of Node or of the
// server; the web app takes from the server's sources only src/shared and the wire types of
// src/api; no source file outgrows 500 lines. A failing line names the file and what it should not hold. The import rules themselves
// are dependency-cruiser's (.dependency-cruiser.cjs, `npm run lint:layers`, run by .ci/run): the
// last tests run it on the tree and on a small tree that breaks each rule once.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** Lines of the files matching `rule`, as `file:line: text`. */
function offending(paths: string[], rule: RegExp): string[] {
  return paths.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => (rule.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${relative(root, path)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

const source = files(join(root, 'src'), /\.tsx?$/);

describe('layers', () => {
  it('SQL only in src/db', () => {
    const outsideDb = source.filter((path) => !relative(root, path).startsWith(join('src', 'db')));
    // A tagged template, with or without its row type (sql<Row[]>`…`), or a raw statement.
    expect(offending(outsideDb, /\b(sql|tx)(<[^`]*>)?`|\.unsafe\(/)).toEqual([]);
  });

  it('src/shared imports no Node module and nothing of the server', () => {
    const shared = source.filter((path) => relative(root, path).startsWith(join('src', 'shared')));
    expect(shared.length).toBeGreaterThan(0);
    expect(offending(shared, /from '(node:|\.\.\/(?!shared))/)).toEqual([]);
  });

  it('the web app takes only src/shared and the wire types of src/api from the server', () => {
    const web = files(join(root, 'web', 'src'), /\.tsx?$/);
    expect(offending(web, /from '(\.\.\/)+src\/(?!shared\/|api\/)/)).toEqual([]);
  });

  it('keeps every source file under 500 lines (a longer one is two modules waiting to be told apart)', () => {
    const all = [...source, ...files(join(root, 'web', 'src'), /\.tsx?$/), ...files(join(root, 'bin'), /\.ts$/), ...files(join(root, 'jobs'), /\.ts$/)];
    expect(all.length).toBeGreaterThan(400);
    const long = all.flatMap((path) => {
      const lines = readFileSync(path, 'utf8').split('\n').length - 1;
      return lines > 500 ? [`${relative(root, path)}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it('the import rules hold on the tree (dependency-cruiser)', async () => {
    expect(await violations(root, ['src', 'bin', 'web/src', 'jobs'])).toEqual([]);
  }, 60_000);

  it('the import rules fail on a tree that breaks each of them', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'newsctl-layers-'));
    cleanup.push(tree);
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    write('tsconfig.json', readFileSync(join(root, 'tsconfig.json'), 'utf8'));
    write('src/db/rows.ts', "import { job } from '../services/job.js';\nexport const rows = job;\n");
    write('src/services/job.ts', "import { route } from '../server/route.js';\nexport const job = route;\n");
    write('src/server/route.ts', "import { table } from '../db/table.js';\nexport const route = table;\n");
    write('src/db/table.ts', 'export const table = 1;\n');
    write('src/providers/voice.ts', "import { job } from '../services/job.js';\nexport const voice = job;\n");
    write('src/tui/panel.ts', "import { command } from '../cli/command.js';\nexport const panel = command;\n");
    write('src/cli/command.ts', 'export const command = 1;\n');
    write('src/shared/words.ts', "import { readFileSync } from 'node:fs';\nexport const words = readFileSync;\n");
    write('src/api/wire.ts', "import type { job } from '../services/job.js';\nexport type Wire = typeof job;\n");
    write('web/src/page.ts', "import { route } from '../../src/server/route.js';\nexport const page = route;\n");
    write('src/services/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    write('src/services/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    write('src/services/lost.ts', "import { nothing } from './nowhere.js';\nexport const lost = nothing;\n");
    write('src/services/reader/spider.ts', 'export const crawl = 1;\n');
    write('src/services/platform/upkeep.ts', "import { crawl } from '../reader/spider.js';\nexport const upkeep = crawl;\n");
    // The settings table may read the product's setting shapes.
    write('src/services/platform/settings/definitions.ts', "import { crawl } from '../../reader/spider.js';\nexport const settings = crawl;\n");
    write('src/job-catalog.ts', "import { upkeep } from './services/platform/upkeep.js';\nexport const catalog = [upkeep];\n");
    write('src/services/reader/jobs.ts', "import { catalog } from '../../job-catalog.js';\nexport const jobs = catalog;\n");
    const found = await violations(tree, ['src', 'web/src']);
    const rules = new Set(found.map((line) => line.split(':')[0]));
    expect([...rules].sort()).toEqual(
      [
        'db-is-the-bottom',
        'every-import-resolves',
        'no-runtime-cycles',
        'only-the-entry-imports-the-cli',
        'platform-below-the-product',
        'providers-never-import-services',
        'routes-through-services',
        'services-below-front-ends',
        'services-below-the-root',
        'shared-stands-alone',
        'terminal-is-a-client',
        'web-is-a-client',
        'wire-types-stand-alone',
      ].sort(),
    );
    expect(found).toContain('web-is-a-client: web/src/page.ts → src/server/route.ts');
    expect(found).toContain('platform-below-the-product: src/services/platform/upkeep.ts → src/services/reader/spider.ts');
    expect(found.filter((line) => line.includes('platform/settings/definitions.ts'))).toEqual([]);
  }, 60_000);
});

const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** dependency-cruiser's verdict on `paths` under `cwd`, with this repository's rules: `rule: from → to`. */
async function violations(cwd: string, paths: string[]): Promise<string[]> {
  const bin = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const run = promisify(execFile);
  const args = [bin, ...paths, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    // A run that finds violations exits non-zero; its report is still on stdout.
    if (error.stdout) return { stdout: error.stdout };
    throw error;
  });
  const report = JSON.parse(stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}
