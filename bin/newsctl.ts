#!/usr/bin/env node
import { runCli } from '../src/cli/index.js';

await runCli(process.argv, process.env);
// A command other than `serve` is over when runCli returns (its database closed, its output
// written: stdout and stderr are synchronous for files and pipes on Linux). Exiting here means a
// timer or connection some background task opened late cannot keep cron waiting (seen on
// PostgreSQL: an in-process command that failed at once left pool connections open).
if (process.argv[2] !== 'serve') process.exit();
