// A stand-in for bin/newsctl.js until it exists: a commander program with only the trends command,
// so the benchmark can spawn `trends analyze` as a real process, start-up included.
import { Command, CommanderError } from 'commander';
import { registerTrendsCommand } from '../../src/cli/trends.js';
import { isAppError } from '../../src/errors.js';

// The benchmark asks for the process's own CPU time: on a shared machine, wall time alone mostly
// measures the other processes.
if (process.env.NEWSCTL_BENCH_CPU) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    process.stderr.write(`cpu-ms ${Math.round((user + system) / 1000)}\n`);
  });
}

const program = new Command().name('newsctl').exitOverride();
registerTrendsCommand(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exitCode = error.exitCode;
  else if (isAppError(error)) {
    console.error(`error: ${error.message}`);
    process.exitCode = error.exitCode;
  } else throw error;
}
