// Which test files CI runs in one pass only (scripts/storage-free-tests.ts): a file is storage-free only
// when neither it nor a helper or fixture it imports under test/ opens storage or a process; and which
// share a worker's modules with others: those that leave no state behind.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagePath } from '../src/paths.js';
import { sharableTests, storageFreeTests } from '../scripts/storage-free-tests.js';

const tree = mkdtempSync(join(tmpdir(), 'newsctl-storage-free-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}

describe('storage-free test files', () => {
  it('follows helpers and fixtures through their imports, and counts a spawned command as storage', () => {
    write('test/helpers/db.ts', 'export async function createTestDatabase() {}\n');
    write('test/helpers/deep.ts', "export { createTestDatabase as open } from './db.js';\n");
    write('test/fixtures/web/index.ts', "import { open } from '../../helpers/deep.js';\nexport const web = open;\n");
    write('test/fixtures/words.ts', "export const WORDS = ['a'];\n");
    write('test/fixtures/cycle-a.ts', "import './cycle-b.js';\n");
    write('test/fixtures/cycle-b.ts', "import './cycle-a.js';\n");
    write('test/pure.test.ts', "import { WORDS } from './fixtures/words.js';\nimport '../src/db/client.js';\n");
    write('test/cycle.test.ts', "import './fixtures/cycle-a.js';\n");
    write('test/nested/through-fixture.test.ts', "import { web } from '../fixtures/web/index.js';\n");
    write('test/spawns.test.tsx', "import { spawn } from 'node:child_process';\n");
    write('test/cli.test.ts', "const run = () => runCli(['status']);\n");
    write('test/fixtures/ignored.test.ts', '');
    // State that would outlive the file in a worker shared with others.
    write('test/timers.test.ts', 'vi.useFakeTimers();\n');
    write('test/env.test.ts', "process.env['NEWSCTL_X'] = '1';\n");
    write('test/env-read.test.ts', "const on = process.env.NEWSCTL_X === '1';\n");
    // A product module is not followed (the test only calls what it imports), so pure.test.ts is free.
    expect(storageFreeTests(tree)).toEqual(['test/cycle.test.ts', 'test/env-read.test.ts', 'test/pure.test.ts']);
    // Storage is no reason not to share a worker's modules; state left behind is, in a helper too.
    write('test/helpers/spy.ts', "export const quiet = () => vi.spyOn(console, 'warn');\n");
    write('test/quiet.test.ts', "import { quiet } from './helpers/spy.js';\n");
    write('test/handler.test.ts', "process.on('exit', () => {});\n");
    // A storage file that times a host's pace gets a worker of its own.
    write('test/pace.test.ts', "await runCli(['crawl']);\nconst gaps = web.minGapByHost();\n");
    expect(sharableTests(tree)).toEqual([
      'test/cli.test.ts',
      'test/cycle.test.ts',
      'test/env-read.test.ts',
      'test/nested/through-fixture.test.ts',
      'test/pure.test.ts',
      'test/spawns.test.tsx',
    ]);
  });

  it('keeps every suite that opens a database out of the list, and finds pure ones in it', () => {
    const free = storageFreeTests(packagePath());
    expect(free).toContain('test/shared/words.test.ts');
    expect(free).toContain('test/services/reader/extract/extract-article.test.ts');
    for (const file of ['test/db/search.test.ts', 'test/cli/commands.test.ts', 'test/api/fuzz.test.ts', 'test/e2e/browser/home.test.ts'])
      expect(free).not.toContain(file);
    const sharable = sharableTests(packagePath());
    expect(sharable).toContain('test/db/search.test.ts');
    expect(sharable).not.toContain('test/server/logger.test.ts');
  });
});
