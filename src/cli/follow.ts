// One start-and-follow helper for every command that starts background work (spider, re-fetcher,
// analyzer, generator, food walk, music): start it, then — unless detached from a daemon that
// carries on — poll its status, report changes, and return the final status. In-process the work
// lives in this process, so the command always waits (returning would end it).
import type { Client } from '../client/index.js';

export interface FollowSpec<Started, Status> {
  start(): Promise<Started>;
  status(): Promise<Status>;
  done(status: Status): boolean;
  /** Called with each status read while following (print new lines, move a progress bar). */
  onStatus?(status: Status): void;
  /** Return as soon as started (ignored in-process). */
  detach?: boolean;
  intervalMs?: number;
}

export type FollowResult<Started, Status> = { detached: true; started: Started } | { detached: false; started: Started; status: Status };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startAndFollow<Started, Status>(client: Pick<Client, 'mode'>, spec: FollowSpec<Started, Status>): Promise<FollowResult<Started, Status>> {
  const started = await spec.start();
  if (spec.detach && client.mode !== 'in-process') return { detached: true, started };
  const status = await follow(spec);
  return { detached: false, started, status };
}

/** Polls until done; the first read happens at once. */
async function follow<Status>(spec: Pick<FollowSpec<unknown, Status>, 'status' | 'done' | 'onStatus' | 'intervalMs'>): Promise<Status> {
  for (;;) {
    const status = await spec.status();
    spec.onStatus?.(status);
    if (spec.done(status)) return status;
    await sleep(spec.intervalMs ?? 1000);
  }
}
