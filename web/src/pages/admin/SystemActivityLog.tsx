import type { LogEntry } from '../../api/types';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Panel } from '../../components/Panel';
import { useLogsQuery } from '../../hooks/useLogsQuery';
import { useSiteInfoQuery } from '../../hooks/useSiteInfoQuery';
import { formatTime24 } from '../../lib/log-time';

/** SPIDER blue, GENERATOR green, the model provider purple, DOMAIN_MANAGER orange. */
const COMPONENT_TONES: Record<string, BadgeTone> = {
  SPIDER: 'blue',
  GENERATOR: 'green',
  AI_MODEL: 'purple',
  DOMAIN_MANAGER: 'orange',
};

const LEVEL_TEXT: Record<string, string> = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-800 dark:text-amber-300',
};

function LogLine({ entry, timeZone }: { entry: LogEntry; timeZone: string }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 border-b border-gray-100 py-1.5 last:border-0 dark:border-gray-800" data-testid="log-entry">
      <time dateTime={entry.timestamp} className="font-mono text-xs text-gray-600 tabular-nums dark:text-gray-400">
        {formatTime24(entry.timestamp, timeZone)}
      </time>
      <Badge tone={COMPONENT_TONES[entry.component] ?? 'grey'}>{entry.component}</Badge>
      {entry.level === 'error' || entry.level === 'warning' ? <span className="sr-only">{entry.level}:</span> : null}
      {/* At least 12rem beside the badge, else a line of its own (a phone beside DOMAIN_MANAGER). */}
      <span className={`min-w-0 flex-1 basis-48 text-sm ${LEVEL_TEXT[entry.level] ?? ''}`}>{entry.message}</span>
    </li>
  );
}

/** The system activity log: the newest 100 entries, new ones arriving live. */
export function SystemActivityLog() {
  const logs = useLogsQuery();
  const timeZone = useSiteInfoQuery().data?.timeZone ?? 'America/Chicago';
  return (
    <Panel title="System Activity Log" description="The newest 100 entries from every part of newsctl" testId="system-log">
      {logs.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : logs.isError && !logs.data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the system logs.
        </p>
      ) : logs.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No system logs available</p>
      ) : (
        // relative: the entries' visually hidden (absolute) level words stay clipped by the box
        // instead of stretching the page below the console.
        <ul className="relative h-80 overflow-y-auto rounded-lg border border-gray-200 px-3 dark:border-gray-800" tabIndex={0} aria-label="System log entries">
          {logs.data.map((entry) => (
            <LogLine key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
