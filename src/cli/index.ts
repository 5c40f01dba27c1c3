// The commander program: every subcommand, and one mapping from errors to messages and exit codes.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { isAppError } from '../errors.js';
import { registerAdminCommands } from './admin.js';
import { registerClassifyCommand } from './classify.js';
import { registerDbCommand } from './db.js';
import { registerDomainsCommand } from './domains.js';
import { registerExtractCommand } from './extract.js';
import { registerFoodCommand } from './food.js';
import { registerJobsCommand } from './jobs.js';
import { registerLogsCommand } from './logs.js';
import { registerServeCommand } from './serve.js';
import { registerSettingsCommand } from './settings.js';
import { registerSpiderCommand } from './spider.js';
import { registerTrendsCommand } from './trends.js';
import { addTrendsAdminCommands } from './trends-admin.js';

export function buildProgram(): Command {
  const program = new Command()
    .name('newsctl')
    .description('self-hostable news aggregator and AI newsroom')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  registerServeCommand(program);
  registerDbCommand(program);
  registerAdminCommands(program);
  registerSettingsCommand(program);
  registerLogsCommand(program);
  registerFoodCommand(program);
  registerJobsCommand(program);
  registerClassifyCommand(program);
  addTrendsAdminCommands(registerTrendsCommand(program));
  registerSpiderCommand(program);
  registerDomainsCommand(program);
  registerExtractCommand(program);
  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    if (isAppError(error)) {
      console.error(`error: ${error.message}`);
      process.exitCode = error.exitCode;
      return;
    }
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    console.error(error instanceof Error ? `error: ${error.message}` : error);
    process.exitCode = 1;
  }
}
