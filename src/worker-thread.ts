// A worker thread for one of our modules. From src/ the module is TypeScript (run with tsx, in
// development and tests): tsx is registered inside the worker before the module is imported.
// From dist/ the compiled file runs as is.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * For a worker that groups and classifies articles: a young generation of 24 MB (8 MB semi-spaces).
 * The analysis makes millions of short-lived objects, and on a machine with gigabytes free V8 grows
 * the young generation far past the CPU's caches: `trends analyze` on 10,000 articles took 2.50–2.60
 * s and 330 MB with the default, 2.17–2.39 s and 230 MB with this (docs/benchmarks.md).
 */
export const ANALYSIS_LIMITS: WorkerOptions['resourceLimits'] = { maxYoungGenerationSizeMb: 24 };

/**
 * The file of the module `name` beside the module at `fromUrl` (its import.meta.url), for
 * startWorker: the TypeScript source when that module runs from src/, else the compiled file.
 */
export function siblingModuleFile(name: string, fromUrl: string): string {
  return fileURLToPath(new URL(`./${name}.${fromUrl.endsWith('.ts') ? 'ts' : 'js'}`, fromUrl));
}

export function startWorker(filename: string, options: Partial<WorkerOptions> = {}): Worker {
  if (!filename.endsWith('.ts')) return new Worker(filename, options);
  // Resolved by require's rules: vitest's module runner (the tests' global setup) has no import.meta.resolve.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(filename).href)}); })`;
  return new Worker(code, { ...options, eval: true });
}
