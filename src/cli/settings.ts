// `newsctl settings list|get|set`: the same generic settings calls as the console.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { formatTable, printJson } from './io.js';
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
      printJson(await withClient(options, (client) => client.settings.get(key)));
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
    const text = options.file ? readFileSync(options.file, 'utf8') : json;
    if (!text) throw Invalid('Give the value as JSON or with --file');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw Invalid(`Not valid JSON: ${(error as Error).message}`);
    }
    printJson(await withClient(options, (client) => client.settings.set(key, value)));
  });
}
