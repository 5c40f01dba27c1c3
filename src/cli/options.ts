// Options shared by every command that acts on the product's data, the Config they produce, the way
// in (the typed client) and the one parser of integer options.
import { Option, type Command } from 'commander';
import { connectClient, type Client } from '../client/index.js';
import { loadConfig, type Config, type ConfigFlags } from '../config.js';
import { Invalid } from '../errors.js';

export interface DataOptions {
  dataDir?: string;
  databaseUrl?: string;
  url?: string;
  token?: string;
  json?: boolean;
}

export function withDataOptions(command: Command, json = 'print JSON'): Command {
  return command
    .option('--data-dir <dir>', 'data folder (env NEWSCTL_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL (env DATABASE_URL); default: the embedded database')
    .option('--url <url>', 'drive a remote daemon at this address (env NEWSCTL_URL)')
    .option('--token <token>', 'API token for --url (env NEWSCTL_TOKEN)')
    .option('--json', json);
}

/** Adds "Example:" lines under a command's --help. */
export function withExamples(command: Command, ...examples: string[]): Command {
  return command.addHelpText('after', `\nExample${examples.length > 1 ? 's' : ''}:\n${examples.map((line) => `  $ ${line}`).join('\n')}`);
}

export function configFrom(options: DataOptions & ConfigFlags): Config {
  return loadConfig(process.env, options);
}

/** Runs `action` against the product (remote daemon, local daemon or in-process) and closes it after. */
export async function withClient<T>(options: DataOptions, action: (client: Client, config: Config) => Promise<T>): Promise<T> {
  const config = configFrom(options);
  const client = await connectClient(config, { url: config.remote.url, token: config.remote.token });
  try {
    return await action(client, config);
  } finally {
    await client.close();
  }
}

/**
 * The one integer parser of every option and argument: a whole number within [min, max], else a
 * usage error (exit 2) naming the flag and what was given.
 */
export function parseInteger(value: string, flag: string, { min = 1, max = 2_147_483_647 }: { min?: number; max?: number } = {}): number {
  const text = value.trim();
  const number = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    const range = max === 2_147_483_647 ? `at least ${min}` : `from ${min} to ${max}`;
    throw Invalid(`${flag} must be a whole number ${range}, got "${value}"`);
  }
  return number;
}

/** A commander option whose value goes through parseInteger. */
export function integerOption(flags: string, description: string, range: { min?: number; max?: number } = {}, defaultValue?: number): Option {
  const option: Option = new Option(flags, description);
  option.argParser((value: string): number => parseInteger(value, option.long ?? flags, range));
  return defaultValue === undefined ? option : option.default(defaultValue);
}
