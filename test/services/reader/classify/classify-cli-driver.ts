// Runs `newsctl classify …` in a child process for classify-cli.test.ts: a bare commander program
// with only the classify command, and the CLI's mapping of typed errors to exit codes.
import { Command } from 'commander';
import { registerClassifyCommand } from '../../../../src/cli/classify.js';
import { isAppError } from '../../../../src/errors.js';

const program = new Command().name('newsctl').exitOverride();
registerClassifyCommand(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`error: ${(error as Error).message}\n`);
  process.exitCode = isAppError(error) ? error.exitCode : 1;
}
