import { useNextSlot } from '../hooks/useScheduleQuery';
import { formatComingTime } from '../lib/clock';

/**
 * "Next crawl: Sun 3:01 PM CST" under a schedule card: the job's next slot of the schedule. The line
 * keeps its height while the jobs load, so nothing below it moves (a moved page scrolls, which
 * closes an open tooltip).
 */
export function NextSlot({ job, what, timeZone }: { job: string; what: string; timeZone: string }) {
  const next = useNextSlot(job);
  const text = next === undefined ? '\u00a0' : next ? `Next ${what}: ${formatComingTime(next, timeZone)}` : `No ${what} is scheduled`;
  return (
    <p className="mt-3 text-sm text-gray-600 dark:text-gray-400" data-testid={`next-${job}`} aria-busy={next === undefined}>
      {text}
    </p>
  );
}
