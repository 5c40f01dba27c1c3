// The commander program: every subcommand, and one mapping from errors to messages and exit codes.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { isAppError } from '../errors.js';
import { registerAdminCommands } from './admin.js';
import { registerArticlesCommands } from './articles.js';
import { registerAudioCommands } from './audio.js';
import { configureColors } from '../terminal/colors.js';
import { registerCompletionCommand } from './completion.js';
import { registerCrawlCommand } from './crawl.js';
import { registerDashCommand } from './dash.js';
import { registerClassifyCommand } from './classify.js';
import { registerDbCommand } from './db.js';
import { registerDigestCommand } from './digest.js';
import { registerDomainsCommand } from './domains.js';
import { registerExtractCommand } from './extract.js';
import { registerFoodCommand } from './food.js';
import { registerJobsCommand } from './jobs.js';
import { registerLogsCommand } from './logs.js';
import { registerServeCommand } from './serve.js';
import { registerSettingsCommand } from './settings.js';
import { registerSpiderCommand } from './spider.js';
import { registerStatusCommands } from './status.js';
import { registerTrendsCommand } from './trends.js';
import { addTrendsAdminCommands } from './trends-admin.js';
import { addExamples } from './examples.js';
import { terminalText } from '../terminal/text.js';

// The same table as README "Exit codes"; AppError codes map to these in src/errors.ts.
const EXIT_CODES_HELP = `
Exit codes:
  0  done                       4  not found
  1  unexpected failure         5  conflict (e.g. already running)
  2  invalid input or usage     6  too many requests
  3  not authenticated          7  upstream or daemon unavailable`;

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
  registerDigestCommand(program);
  registerFoodCommand(program);
  registerJobsCommand(program);
  registerClassifyCommand(program);
  addTrendsAdminCommands(registerTrendsCommand(program));
  registerSpiderCommand(program);
  registerDomainsCommand(program);
  registerExtractCommand(program);
  registerCrawlCommand(program);
  registerStatusCommands(program);
  registerArticlesCommands(program);
  registerAudioCommands(program);
  registerDashCommand(program);
  registerCompletionCommand(program);
  addExamples(program);
  program.addHelpText('after', EXIT_CODES_HELP);
  return program;
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  configureColors(env);
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed the problem (an unknown command or option, a missing argument, or
      // the help of a command given no subcommand); its own exit code is 1 for all of them, but
      // they are usage errors, exit 2 (README "Output"). --help and --version stay 0.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    if (isAppError(error)) {
      // With --json a script gets the server's message and code as JSON on stderr too.
      if (argv.includes('--json')) console.error(JSON.stringify({ error: { message: error.message, code: error.code, ...(error.details ?? {}) } }));
      else console.error(`error: ${terminalText(error.message)}`);
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
