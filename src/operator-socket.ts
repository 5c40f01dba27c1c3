// Where a daemon listens for the local CLI. Kept apart from runtime.ts so the CLI can find the
// socket without loading the server.
import { join } from 'node:path';
import type { Config } from './config.js';

/** Null when the path would be too long for a Unix socket (the CLI then opens the database itself). */
export function operatorSocketPath(config: Pick<Config, 'dataDir'>): string | null {
  const path = join(config.dataDir, 'newsctl.sock');
  return Buffer.byteLength(path) < 104 ? path : null;
}
