// `newsctl food-recategorization start|stop|status`: the one-off walk that moves food articles to
// the food topic.
import type { Command } from 'commander';
import type { FoodRecategorizationStatus as FoodStatus } from '../api/status.js';
import { startAndFollow } from './follow.js';
import { notRunningOf, printJson } from './io.js';
import { withClient, withDataOptions, type DataOptions } from './options.js';
import { counted } from '../shared/words.js';

const POLL_MS = 1_000;

function describe(status: FoodStatus): string {
  const state = status.isRunning ? 'running' : status.finishedAt ? 'finished' : status.processed > 0 ? 'stopped' : 'idle';
  return `${state}: ${status.processed} of ${counted(status.total, 'article')} processed (${status.progress}%), ${status.recategorized} moved to food, ${counted(status.errors, 'error')}`;
}

export function registerFoodCommand(program: Command): void {
  const food = program.command('food-recategorization').description('move stored food articles to the food topic (resumable)');

  withDataOptions(
    food
      .command('start')
      .description('start or resume the walk, and wait for it to finish')
      .option('--detach', 'return once started (a running daemon carries on; in-process runs always wait)'),
  ).action(async (options: DataOptions & { detach?: boolean }) => {
    await withClient(options, async (client) => {
      let shown = -1;
      const result = await startAndFollow(client, {
        start: () => client.food.start(),
        status: () => client.food.status(),
        done: (status) => !status.isRunning,
        onStatus: (status) => {
          if (!status.isRunning || status.processed === shown) return;
          shown = status.processed;
          process.stderr.write(`${describe(status)}\n`);
        },
        detach: options.detach,
        intervalMs: POLL_MS,
      });
      const status = result.detached ? result.started : result.status;
      if (options.json) printJson(status);
      else console.log(describe(status));
    });
  });

  withDataOptions(food.command('stop').description('stop the walk; the next start resumes it')).action(async (options: DataOptions) => {
    const status = await withClient(options, (client) => client.food.stop());
    if (options.json) printJson(status);
    else console.log(`${notRunningOf(status) ?? 'Food re-categorization stopped'}\n${describe(status)}`);
  });

  withDataOptions(food.command('status').description('progress of the current or last walk')).action(async (options: DataOptions) => {
    const status = await withClient(options, (client) => client.food.status());
    if (options.json) printJson(status);
    else console.log(describe(status));
  });
}
