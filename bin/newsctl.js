#!/usr/bin/env node
// Launcher: runs the compiled CLI when it is built (npm start builds it), else the TypeScript
// sources through tsx, so `npx newsctl …` works in a fresh clone too.
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

// Node keeps the compiled code of the modules on disk (in the system's temporary folder) and the
// next command starts from it: a command compiles about 2 MB of JavaScript at each start otherwise.
// A folder it cannot write only means no cache (as does Node 22.0, which lacks it).
nodeModule.enableCompileCache?.();

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const compiled = join(root, 'dist', 'bin', 'newsctl.js');
if (existsSync(compiled) && process.env.NEWSCTL_FROM_SOURCE !== '1') {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'bin', 'newsctl.ts')).href);
}
