// A worker thread for one of our modules. From src/ the module is TypeScript (run with tsx, in
// development and tests): tsx is registered inside the worker before the module is imported.
// From dist/ the compiled file runs as is.
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(filename: string, options: Partial<WorkerOptions> = {}): Worker {
  if (!filename.endsWith('.ts')) return new Worker(filename, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(filename).href)}); })`;
  return new Worker(code, { ...options, eval: true });
}
