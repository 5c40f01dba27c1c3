// Options shared by every command that acts on the product's data, and the Config they produce.
import type { Command } from 'commander';
import { loadConfig, type Config, type ConfigFlags } from '../config.js';
import { connectBackend, type Backend } from './backend.js';

export interface DataOptions {
  dataDir?: string;
  databaseUrl?: string;
  url?: string;
  token?: string;
  json?: boolean;
}

export function withDataOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'data folder (env NEWSCTL_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL (env DATABASE_URL); default: the embedded database')
    .option('--url <url>', 'drive a remote daemon at this address (env NEWSCTL_URL)')
    .option('--token <token>', 'API token for --url (env NEWSCTL_TOKEN)')
    .option('--json', 'print JSON');
}

export function configFrom(options: DataOptions & ConfigFlags): Config {
  return loadConfig(process.env, options);
}

/** Runs `action` against the product (remote daemon, local daemon or in-process) and closes it after. */
export async function withBackend<T>(options: DataOptions, action: (backend: Backend, config: Config) => Promise<T>): Promise<T> {
  const config = configFrom(options);
  const backend = await connectBackend(config, { url: config.remote.url, token: config.remote.token });
  try {
    return await action(backend, config);
  } finally {
    await backend.close();
  }
}
