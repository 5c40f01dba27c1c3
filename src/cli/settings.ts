// `newsctl settings list|get|set`: the same generic settings calls as the console.
import type { Command } from 'commander';
import type { Client } from '../client/index.js';
import { Invalid, NotFound } from '../errors.js';
import { formatTable, printJson, readInputFile } from './io.js';
import { withClient, withDataOptions, type DataOptions } from './options.js';

export function registerSettingsCommand(program: Command): void {
  const settings = program.command('settings').description('prompts, model names and other settings');
  withDataOptions(settings.command('list').description('list setting keys')).action(async (options: DataOptions) => {
    const { settings: keys } = await withClient(options, (client) => client.settings.list());
    if (options.json) printJson(keys);
    else console.log(formatTable(keys as unknown as Record<string, unknown>[], ['key', 'label']));
  });
  withDataOptions(settings.command('get').description('print a setting as JSON').argument('<key>', 'setting key, e.g. system-prompt')).action(
    async (key: string, options: DataOptions) => {
      printJson(await withClient(options, async (client) => client.settings.get(await knownSetting(client, key))));
    },
  );
  withDataOptions(
    settings
      .command('set')
      .description('write a setting from JSON (fields as in `settings get`)')
      .argument('<key>', 'setting key')
      .argument('[json]', 'the JSON value')
      .option('--file <path>', 'read the JSON value from a file'),
  ).action(async (key: string, json: string | undefined, options: DataOptions & { file?: string }) => {
    const text = options.file ? readInputFile(options.file) : json;
    if (!text) throw Invalid('Give the value as JSON or with --file');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw Invalid(`Not valid JSON: ${(error as Error).message}`);
    }
    printJson(await withClient(options, async (client) => client.settings.set(await knownSetting(client, key), value)));
  });
}

// A setting's key is the tail of its /api path, so an unchecked key would read or write whatever
// route it names (`settings set domains …` would add a domain); only the server's settings pass.
async function knownSetting(client: Client, key: string): Promise<string> {
  const { settings } = await client.settings.list();
  if (settings.some((setting) => setting.key === key)) return key;
  throw NotFound(`Unknown setting "${key}": \`newsctl settings list\` shows the keys`);
}
