// Which test files may share a worker's modules, and which never touch storage. A file that leaves
// no state behind (no mocks, fake timers, changed globals or environment, in it or in any helper or
// fixture it imports under test/) runs beside the others in one module graph: vitest.config.ts
// loads the product's modules once per worker for them, not once per file. Of those, a file that
// also never opens storage (a database, the app, a daemon, a command) proves nothing more in CI's
// second pass, which differs only in the database, so it runs in one pass. Conservative by
// construction: a file is free of a kind only when no marker of that kind is found in it or in
// anything it imports under test/ (the product's own modules are not followed: a test that imports
// a service without opening a database cannot reach storage through it).
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
];

// What would leak into the next file of a worker that shares its modules: mocks, spies, fake
// timers, a changed global, environment, working folder or process handler, V8 flags.
const LEAK_MARKERS = [
  /\bvi\.(?:mock|doMock|useFakeTimers|stubGlobal|stubEnv|spyOn)\b/,
  /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=[^=]/,
  /\bdelete\s+process\.env\b/,
  /\bprocess\.(?:chdir|on|once|exitCode)\b/,
  /\bsetFlagsFromString\b/,
  /\bglobalThis\.\w+\s*=[^=]/,
];

// Not a leak, but as good as one, in the test file itself (its helpers only offer the measure): a
// file that times a host's pace to the millisecond (the request times its own servers see) wants a
// worker whose event loop no earlier file's heap and leftovers can slow (in a shared worker, the
// three-daemon crawl once read two requests of a 1 s pace 85 ms apart). A storage-free file still
// shares: the workers of pure files hold no daemon, database or browser, and stay small.
const PACE_MARKERS = [/\bminGapByHost\(/, /\.startedAt\s*-\s*\w/];

type Markers = readonly RegExp[];
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;

/** A relative import's file: `.js` written for a `.ts`/`.tsx` source, or a folder's index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function holds(markers: Markers, file: string, root: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return true; // unreadable: assume the worst
  }
  if (markers.some((marker) => marker.test(text))) return true;
  for (const [, specifier] of text.matchAll(IMPORT)) {
    const target = resolveImport(file, specifier!);
    if (target === null) continue;
    // Only the tests' own helpers and fixtures are followed (see the header).
    if (!relative(join(root, 'test'), target).startsWith('..') && holds(markers, target, root, seen)) return true;
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

/** Paths relative to `root`, sorted, of the test files that leave no state behind. */
export function sharableTests(root: string): string[] {
  return testFiles(join(root, 'test'))
    .filter((file) => !holds(LEAK_MARKERS, file, root) && !PACE_MARKERS.some((marker) => marker.test(readFileSync(file, 'utf8'))))
    .map((file) => relative(root, file))
    .sort();
}

/** Paths relative to `root`, sorted, of the test files that never touch storage and leave no state behind. */
export function storageFreeTests(root: string): string[] {
  return testFiles(join(root, 'test'))
    .filter((file) => !holds(LEAK_MARKERS, file, root) && !holds(STORAGE_MARKERS, file, root))
    .map((file) => relative(root, file))
    .sort();
}
