// `newsctl jobs [list]` and `newsctl jobs stop <name>`: every background job from the daemon's job
// catalog, with its live or last run, whichever daemon holds it.
import type { Command } from 'commander';
import type { JobState } from '../api/jobs.js';
import { formatTable, printJson } from './io.js';
import { withClient, withDataOptions, type DataOptions } from './options.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';

function rows(states: JobState[], timeZone: string | null): Record<string, unknown>[] {
  return states.map((state) => ({
    job: state.name,
    status: state.status === 'idle' && state.run ? `idle (last: ${state.run.status})` : state.status,
    live: state.liveRuns || '',
    since: state.run ? dateTime(state.run.startedAt ?? state.run.createdAt, timeZone) : '',
    holder: state.run?.holder ?? '',
    // The schedule's rows: a timed job's next slot (or "off"); a job started by hand or by its queue has none.
    next: state.schedule ? (state.schedule.nextAt ? dateTime(state.schedule.nextAt, timeZone) : state.schedule.when) : '',
  }));
}

export function registerJobsCommand(program: Command): void {
  const jobs = program.command('jobs').description('background jobs (spider, analyzer, …): status across every daemon, the next slot of each timed one, stop');
  const list = (options: DataOptions) =>
    withClient(options, async (client) => {
      const states = await client.jobs.list();
      if (options.json) printJson(states);
      else console.log(formatTable(rows(states, await productTimeZone(client)), ['job', 'status', 'live', 'since', 'holder', 'next']));
    });
  withDataOptions(jobs.command('list', { isDefault: true }).description('every job and its live or last run')).action(list);
  withDataOptions(jobs.command('stop <name>').description('stop the job wherever it runs')).action(async (name: string, options: DataOptions) => {
    const answer = await withClient(options, (client) => client.jobs.stop(name));
    if (options.json) printJson(answer);
    else console.log(answer.message);
  });
}
