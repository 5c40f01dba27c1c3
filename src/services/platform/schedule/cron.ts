// The slots of cron lines in a time zone, computed by the library bree fires them with
// (@breejs/later, patched so that each slot gets the offset in force at its own time), so the next
// slot a status page shows and the slot a firing is named by are the ones bree keeps.
import later from '@breejs/later';

// bree walks schedules on local-time fields; so do we, whichever module loads first.
later.date.localTime();

/** A line of 6 fields starts with seconds (tests); the product's lines have 5. */
export function cronHasSeconds(line: string): boolean {
  return line.trim().split(/\s+/).length === 6;
}

const compiled = new Map<string, ReturnType<typeof later.schedule>>();
function scheduleOf(line: string): ReturnType<typeof later.schedule> {
  let schedule = compiled.get(line);
  if (!schedule) {
    schedule = later.schedule(later.parse.cron(line, cronHasSeconds(line)));
    compiled.set(line, schedule);
  }
  return schedule;
}

/** The first slot of any of the lines strictly after `after`; null when there are none. */
export function nextSlot(lines: readonly string[], timeZone: string, after: Date): Date | null {
  let soonest: Date | null = null;
  for (const line of lines) {
    const found = later.zonedNext(scheduleOf(line), 2, after, timeZone).find((at) => at.getTime() > after.getTime());
    if (found && (!soonest || found < soonest)) soonest = found;
  }
  return soonest;
}

/** The latest slot of any of the lines at or before `at`; null when there is none. */
export function latestSlot(lines: readonly string[], timeZone: string, at: Date): Date | null {
  let latest: Date | null = null;
  for (const line of lines) {
    const [found] = later.zonedPrev(scheduleOf(line), 1, at, timeZone);
    if (found && found.getTime() <= at.getTime() && (!latest || found > latest)) latest = found;
  }
  return latest;
}
