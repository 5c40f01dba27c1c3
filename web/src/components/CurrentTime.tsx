import { useCurrentTimeQuery } from '../hooks/useCurrentTimeQuery';
import { useSiteInfoQuery } from '../hooks/useSiteInfoQuery';
import { formatClockTime } from '../lib/clock';

/** The server's clock in the product's time zone; keeps its last value when a poll fails. */
export function CurrentTime() {
  const time = useCurrentTimeQuery();
  const site = useSiteInfoQuery();
  const text = time.data && site.data ? formatClockTime(time.data.utcTime, site.data.timeZone) : '';
  return (
    <p className="ml-auto h-5 min-w-24 text-right text-sm text-gray-600 tabular-nums dark:text-gray-400">
      {text && (
        <>
          <span className="sr-only">Current time: </span>
          <time dateTime={time.data?.utcTime} data-testid="current-time">
            {text}
          </time>
        </>
      )}
    </p>
  );
}
