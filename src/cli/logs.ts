// `newsctl logs [--follow]`: the system activity log; --follow keeps printing new entries live from
// the /ws channel (log_entry messages) until interrupted.
import type { Command } from 'commander';
import { LOG_COMPONENTS, type LogEntry } from '../api/logs.js';
import { colors, componentColor, levelColor } from '../terminal/colors.js';
import { printJson } from './io.js';
import { terminalText } from '../terminal/text.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';
import { integerOption, withClient, withDataOptions, withExamples, type DataOptions } from './options.js';

const LEVELS = ['error', 'warning', 'info', 'debug'] as const;

/** The widest component name (DOMAIN_MANAGER) plus a space: every line's message starts in one column. */
const COMPONENT_COLUMN = Math.max(...Object.values(LOG_COMPONENTS).map((name) => name.length));

export function formatLogLine(entry: Pick<LogEntry, 'timestamp' | 'component' | 'level' | 'message'>, timeZone: string | null = null): string {
  const c = colors();
  return `${c.gray(dateTime(entry.timestamp, timeZone))} ${c[componentColor(entry.component)](entry.component.padEnd(COMPONENT_COLUMN))} ${c[levelColor(entry.level)](entry.level.padEnd(7))} ${terminalText(entry.message)}`;
}

interface LogsOptions extends DataOptions {
  limit: number;
  component?: string;
  level?: (typeof LEVELS)[number];
  follow?: boolean;
}

export function registerLogsCommand(program: Command): void {
  withDataOptions(
    withExamples(
      program
        .command('logs')
        .description('recent system activity, newest first; --follow prints new entries live')
        .addOption(integerOption('--limit <n>', 'how many entries', { min: 1, max: 1000 }, 100))
        .option('--component <name>', 'only this component (SPIDER, GENERATOR, …)')
        .option('--level <level>', `only this level (${LEVELS.join(', ')})`)
        .option('-f, --follow', 'keep printing new entries (oldest first) until interrupted'),
      'newsctl logs --component SPIDER --limit 20',
      'newsctl logs --follow --component GENERATOR --json',
    ),
  ).action(async (options: LogsOptions) => {
    if (options.level && !LEVELS.includes(options.level)) {
      const { Invalid } = await import('../errors.js');
      throw Invalid(`--level must be one of ${LEVELS.join(', ')}`);
    }
    const wanted = (entry: LogEntry) =>
      (!options.component || entry.component.toLowerCase() === options.component.toLowerCase()) && (!options.level || entry.level === options.level);
    await withClient(options, async (client) => {
      const logs = await client.logs.list({ limit: options.limit, component: options.component, level: options.level });
      if (!options.follow) {
        if (options.json) printJson(logs);
        // The same coloured lines as --follow (newest first here): a table would print them bare.
        else {
          const timeZone = await productTimeZone(client);
          console.log(logs.length ? logs.map((entry) => formatLogLine(entry, timeZone)).join('\n') : 'No system logs available');
        }
        return;
      }
      // Following reads like `tail -f`: oldest first, one JSON object per line with --json.
      const timeZone = options.json ? null : await productTimeZone(client);
      const print = (entry: LogEntry) => console.log(options.json ? JSON.stringify(entry) : formatLogLine(entry, timeZone));
      const seen = new Set<number>();
      for (const entry of [...logs].reverse()) {
        seen.add(entry.id);
        print(entry);
      }
      await new Promise<void>((resolve) => {
        const subscription = client.subscribe({
          message(message) {
            if (message.type !== 'log_entry' || seen.has(message.id)) return;
            const { type: _type, ...entry } = message;
            if (!wanted(entry as LogEntry)) return;
            seen.add(entry.id);
            if (seen.size > 10_000) seen.clear();
            print(entry as LogEntry);
          },
          state(state, detail) {
            if (state === 'closed' && detail) process.stderr.write(`live channel closed (${detail}); reconnecting…\n`);
          },
        });
        const stop = () => {
          subscription.close();
          resolve();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
  });
}
