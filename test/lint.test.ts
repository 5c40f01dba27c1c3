// The house habits fail on a violation: Biome, with this repository's configuration, refuses a file
// that breaks its formatting and one that breaks a lint rule, and passes one that keeps both.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { packagePath } from '../src/paths.js';

const run = promisify(execFile);
const tree = mkdtempSync(join(tmpdir(), 'newsctl-lint-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));
copyFileSync(packagePath('biome.jsonc'), join(tree, 'biome.jsonc'));

/** Biome's verdict on one file: the exit code and what it said. */
async function check(name: string, text: string): Promise<{ ok: boolean; output: string }> {
  writeFileSync(join(tree, name), text);
  const biome = packagePath('node_modules', '.bin', 'biome');
  try {
    const { stdout, stderr } = await run(biome, ['check', '--error-on-warnings', '--vcs-enabled=false', name], { cwd: tree });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('lint', () => {
  it('passes a file in the house style', async () => {
    expect(await check('good.ts', "export const greeting = (name: string): string => ['Hello', name].join(', ');\n")).toMatchObject({ ok: true });
  });

  it('fails on a file the formatter would change', async () => {
    const verdict = await check('unformatted.ts', 'export const greeting = (name: string): string => "Hello, " + name\n');
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toMatch(/format/i);
  });

  it('fails on a lint rule, a warning included', async () => {
    const errors = await check('debugger.ts', 'export function stop(): void {\n  debugger;\n}\n');
    expect(errors.ok).toBe(false);
    expect(errors.output).toContain('noDebugger');
    const warnings = await check('unused.ts', "import { join } from 'node:path';\n\nexport const one = 1;\n");
    expect(warnings.ok).toBe(false);
    expect(warnings.output).toContain('noUnusedImports');
  });
});
