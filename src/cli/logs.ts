// `newsctl logs`: the system activity log.
import type { Command } from 'commander';
import { formatTable, printJson } from './io.js';
import { withBackend, withDataOptions, type DataOptions } from './options.js';

export function registerLogsCommand(program: Command): void {
  withDataOptions(
    program
      .command('logs')
      .description('recent system activity, newest first')
      .option('--limit <n>', 'how many entries', '100')
      .option('--component <name>', 'only this component (SPIDER, GENERATOR, …)'),
  ).action(async (options: DataOptions & { limit: string; component?: string }) => {
    const query = new URLSearchParams({ limit: options.limit, ...(options.component ? { component: options.component } : {}) });
    const logs = await withBackend(options, (backend) => backend.request<Record<string, unknown>[]>('GET', `/api/logs?${query}`));
    if (options.json) printJson(logs);
    else console.log(logs.length ? formatTable(logs, ['timestamp', 'component', 'level', 'message']) : 'No system logs available');
  });
}
