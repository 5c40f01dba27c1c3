#!/usr/bin/env node
import { runCli } from '../src/cli/index.js';

await runCli(process.argv, process.env);
// A command other than `serve` is over when runCli returns (its database closed, its output
// written: stdout and stderr are synchronous for files and pipes on Linux), so exiting here is a
// safety net, not the fix: nothing should be left to keep the process alive. The fix for the hang
// this net once caught (an in-process command failing at once on PostgreSQL left pool connections
// open) is in src/db/client.ts, the socket gate that closes a pool for good.
if (process.argv[2] !== 'serve') process.exit();
