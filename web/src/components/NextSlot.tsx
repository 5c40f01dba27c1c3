import { useNextSlot } from '../hooks/useScheduleQuery';
import { formatComingTime } from '../lib/clock';

/** "Next crawl: Sun 3:01 PM CST" under a schedule card: the job's next slot of the schedule (nothing until the jobs have loaded). */
export function NextSlot({ job, what, timeZone }: { job: string; what: string; timeZone: string }) {
  const next = useNextSlot(job);
  if (next === undefined) return null;
  return (
    <p className="mt-3 text-sm text-gray-600 dark:text-gray-400" data-testid={`next-${job}`}>
      {next ? `Next ${what}: ${formatComingTime(next, timeZone)}` : `No ${what} is scheduled`}
    </p>
  );
}
