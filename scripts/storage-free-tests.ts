// The test files that never touch storage: neither they nor the test helpers and fixtures they
// import open a database, start the app or a daemon, or run a command. CI's two passes differ only
// in the database, so such a file proves nothing more the second time; vitest.config.ts runs it in
// one pass, and beside the others in one module graph (it must leave no state behind). Conservative by construction: a file is storage-free only when no marker below is found
// in it or in anything it imports under test/ (the product's own modules are not followed: a test
// that imports a service without opening a database cannot reach storage through it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// What opens storage from a test, directly or through a process of the product.
const STORAGE_MARKERS = [
  /\bcreateTestDatabase\b/,
  /\bopenDatabase\b/,
  /\bstartTestServer\b/,
  /\bbuildApp\b/,
  /\bcreateAppContext\b/,
  /\bspawnDaemon\b/,
  /\brunCli\b/,
  /\bstartCluster\b/,
  /\bDATABASE_URL\b/,
  /\bnode:child_process\b/,
  /\bnode:worker_threads\b/,
  /\bdata-dir\b/,
  /\bmigrate\b/,
  // And what would leak into the next file of a worker that shares its modules (vitest.config.ts
  // runs these files without isolation): mocks, fake timers, a changed global or environment.
  /\bvi\.(?:mock|doMock|useFakeTimers|stubGlobal|stubEnv)\b/,
  /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=[^=]/,
  /\bdelete\s+process\.env\b/,
];

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;

/** A relative import's file: `.js` written for a `.ts`/`.tsx` source, or a folder's index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function touchesStorage(file: string, root: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return true; // unreadable: assume the worst
  }
  if (STORAGE_MARKERS.some((marker) => marker.test(text))) return true;
  for (const [, specifier] of text.matchAll(IMPORT)) {
    const target = resolveImport(file, specifier!);
    if (target === null) continue;
    // Only the tests' own helpers and fixtures are followed (see the header).
    if (!relative(join(root, 'test'), target).startsWith('..') && touchesStorage(target, root, seen)) return true;
  }
  return false;
}

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Paths relative to `root`, sorted. */
export function storageFreeTests(root: string): string[] {
  return testFiles(join(root, 'test'))
    .filter((file) => !touchesStorage(file, root))
    .map((file) => relative(root, file))
    .sort();
}
