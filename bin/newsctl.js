#!/usr/bin/env node
// Launcher: runs the compiled CLI when it is built (npm start builds it), else the TypeScript
// sources through tsx, so `npx newsctl …` works in a fresh clone too.
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { homedir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

// Node keeps the compiled code of the modules on disk and the next command starts from it (a command
// compiles about 2 MB of JavaScript at each start otherwise). In the user's own cache folder, never
// Node's default in the shared temporary folder, where another local user could plant compiled code.
// A folder it cannot make or write only means no cache (as does Node 22.0, which lacks the call).
try {
  nodeModule.enableCompileCache?.(join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'newsctl', 'compile-cache'));
} catch {
  // no home folder: no cache
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const compiled = join(root, 'dist', 'bin', 'newsctl.js');
if (existsSync(compiled) && process.env.NEWSCTL_FROM_SOURCE !== '1') {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'bin', 'newsctl.ts')).href);
}
