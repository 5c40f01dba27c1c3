// `newsctl food-recategorization start|stop|status`: the one-off walk that moves food articles to
// the food topic.
import type { Command } from 'commander';
import type { FoodRecategorizationStatus as FoodStatus } from '../services/food-recategorization/index.js';
import type { Backend } from './backend.js';
import { printJson } from './io.js';
import { withBackend, withDataOptions, type DataOptions } from './options.js';

const POLL_MS = 1_000;

function describe(status: FoodStatus): string {
  const state = status.isRunning ? 'running' : status.finishedAt ? 'finished' : status.processed > 0 ? 'stopped' : 'idle';
  return `${state}: ${status.processed} of ${status.total} articles processed (${status.progress}%), ${status.recategorized} moved to food, ${status.errors} errors`;
}

async function follow(backend: Backend): Promise<FoodStatus> {
  let shown = -1;
  for (;;) {
    const status = await backend.request<FoodStatus>('GET', '/api/food-recategorization/status');
    if (!status.isRunning) return status;
    if (status.processed !== shown) {
      shown = status.processed;
      process.stderr.write(`${describe(status)}\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function registerFoodCommand(program: Command): void {
  const food = program.command('food-recategorization').description('move stored food articles to the food topic (resumable)');

  withDataOptions(
    food
      .command('start')
      .description('start or resume the walk, and wait for it to finish')
      .option('--detach', 'return once started (a running daemon carries on; in-process runs always wait)'),
  ).action(async (options: DataOptions & { detach?: boolean }) => {
    await withBackend(options, async (backend) => {
      const started = await backend.request<FoodStatus>('POST', '/api/food-recategorization/start');
      // In-process, the walk lives in this process: returning would stop it.
      const status = options.detach && backend.mode !== 'in-process' ? started : await follow(backend);
      if (options.json) printJson(status);
      else console.log(describe(status));
    });
  });

  withDataOptions(food.command('stop').description('stop the walk; the next start resumes it')).action(async (options: DataOptions) => {
    const status = await withBackend(options, (backend) => backend.request<FoodStatus>('POST', '/api/food-recategorization/stop'));
    if (options.json) printJson(status);
    else console.log(describe(status));
  });

  withDataOptions(food.command('status').description('progress of the current or last walk')).action(async (options: DataOptions) => {
    const status = await withBackend(options, (backend) => backend.request<FoodStatus>('GET', '/api/food-recategorization/status'));
    if (options.json) printJson(status);
    else console.log(describe(status));
  });
}
