#!/usr/bin/env node
import { runCli } from '../src/cli/index.js';

/** Resolves once everything written to the stream so far has left the process. */
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => (stream.writableLength === 0 ? resolve() : stream.write('', () => resolve())));

await runCli(process.argv, process.env);
// A command other than `serve` is over when runCli returns (its database closed), so exiting here is
// a safety net, not the fix: nothing should be left to keep the process alive. The fix for the hang
// this net once caught (an in-process command failing at once on PostgreSQL left pool connections
// open) is in src/db/client.ts, the socket gate that closes a pool for good. Its output is waited
// for first: a pipe whose reader is slower than the command (`newsctl … --json | jq`) holds what did
// not fit in its buffer, and exiting then lost it.
if (process.argv[2] !== 'serve') {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit();
}
