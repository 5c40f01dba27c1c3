import type { ConsoleStatus, SpiderState } from '../../api/types';
import { Badge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { NextSlot } from '../../components/NextSlot';
import { Panel } from '../../components/Panel';
import { ProgressBar } from '../../components/ProgressBar';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Stat } from '../../components/Stat';
import { useConsoleStatusQuery } from '../../hooks/useConsoleStatusQuery';
import { useSettingQuery } from '../../hooks/useSettings';
import { useSiteInfoQuery } from '../../hooks/useSiteInfoQuery';
import { useRefetchControlMutation, useRefetchStatusQuery, useSpiderControlMutation, type SpiderAction } from '../../hooks/useSpider';
import { readableAddress } from '../../lib/hosts';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { SystemActivityLog } from './SystemActivityLog';

interface ScheduleRow {
  days: string;
  hours: string;
  cadence: string;
  runs: number;
}

// The crawl schedule as the scheduler runs it (src/services/platform/schedule/cadence.ts): start hours per day.
const SCHEDULE: readonly ScheduleRow[] = [
  { days: 'Weekdays', hours: '06:00–18:00', cadence: 'Every hour', runs: 12 },
  { days: 'Weekdays', hours: '18:00–06:00', cadence: 'Every 2 hours', runs: 6 },
  { days: 'Weekends', hours: '06:00–18:00', cadence: 'Every 2 hours', runs: 6 },
  { days: 'Weekends', hours: '18:00–06:00', cadence: 'Every 4 hours', runs: 3 },
];

function SpiderScheduleCard() {
  const timeZone = useSiteInfoQuery().data?.timeZone ?? 'America/Chicago';
  const minutes = useSettingQuery<{ spiderMinuteA: number; trendsMinuteA: number }>('schedule-settings').data;
  const minute = String(minutes?.spiderMinuteA ?? 1).padStart(2, '0');
  return (
    <Panel
      title="Spider Schedule"
      description={`Times in ${timeZone}. Each run starts at minute :${minute} and stops 28 minutes after it starts; 18 runs a weekday, 9 a weekend day.`}
      testId="spider-schedule"
    >
      <DataTable
        caption="Spider schedule"
        rows={SCHEDULE}
        rowKey={(row) => `${row.days}-${row.hours}`}
        columns={[
          { header: 'Days', cell: (row) => row.days },
          { header: 'Hours', cell: (row) => row.hours },
          { header: 'Cadence', cell: (row) => `${row.cadence} at :${minute}` },
          { header: 'Runs', cell: (row) => row.runs, numeric: true },
        ]}
        footer={['Per day', '', 'Weekdays 18, weekends 9', '']}
      />
      <NextSlot job="spider" what="crawl" timeZone={timeZone} />
      <div className="mt-4">
        <SettingsEditor
          settingKey="schedule-settings"
          fields={['spiderMinuteA', 'spiderMinuteB']}
          readOnly
          bare
          inline
          title="Spider minutes"
          description="Shown for reference; the spider's start minute is fixed by the schedule."
        />
      </div>
    </Panel>
  );
}

const STATE_BADGES: Record<SpiderState, { tone: 'green' | 'yellow' | 'grey'; text: string }> = {
  running: { tone: 'green', text: 'Running' },
  paused: { tone: 'yellow', text: 'Paused' },
  idle: { tone: 'grey', text: 'Idle' },
};

const PAST_TENSE: Record<SpiderAction, string> = { start: 'started', resume: 'resumed', pause: 'paused', stop: 'stopped' };

function SpiderControls({ status }: { status: SpiderState }) {
  const control = useSpiderControlMutation();
  const run = (action: SpiderAction) =>
    control.mutate(action, {
      onSuccess: () => notifySuccess(`Spider ${PAST_TENSE[action]} successfully`),
      onError: (error) => notifyFailure(error, 'Failed to control spider'),
    });
  const startAction: SpiderAction = status === 'paused' ? 'resume' : 'start';
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="button-primary" disabled={status === 'running' || control.isPending} onClick={() => run(startAction)}>
        {status === 'paused' ? 'Resume' : 'Start'}
      </button>
      <button type="button" className="button-secondary" disabled={status !== 'running' || control.isPending} onClick={() => run('pause')}>
        Pause
      </button>
      <button type="button" className="button-danger" disabled={status === 'idle' || control.isPending} onClick={() => run('stop')}>
        Stop
      </button>
    </div>
  );
}

function RecentActivity({ status }: { status: ConsoleStatus }) {
  const lines = status.spiderActivityLog;
  return (
    <div>
      <h3 className="mb-2 font-semibold">Recent Activity</h3>
      <section
        className="h-64 overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 p-2 dark:border-gray-800 dark:bg-gray-950"
        tabIndex={0}
        aria-label="Recent spider activity"
      >
        {lines.length === 0 ? (
          <p className="p-1 text-sm text-gray-600 dark:text-gray-400">{status.spiderStatus === 'running' ? 'Initializing...' : 'No recent spider activity'}</p>
        ) : (
          <ol className="space-y-0.5 font-mono text-xs" data-testid="spider-activity">
            {lines.map((line, index) => (
              <li
                key={`${index}-${line}`}
                className={
                  line.includes('NEW:')
                    ? 'rounded bg-green-100 px-1.5 py-0.5 font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-200'
                    : 'px-1.5 py-0.5'
                }
              >
                {line}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Refetcher({ spiderStatus }: { spiderStatus: SpiderState }) {
  const refetch = useRefetchStatusQuery();
  const control = useRefetchControlMutation();
  const running = refetch.data?.isRunning ?? false;
  const progress = refetch.data?.progress;
  const act = (action: 'start' | 'stop') =>
    control.mutate(action, {
      onSuccess: () => notifySuccess(`Article re-fetcher ${action === 'start' ? 'started' : 'stopped'} successfully`),
      onError: (error) => notifyFailure(error, 'Failed to control article re-fetcher'),
    });
  return (
    <section aria-labelledby="refetcher-heading" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800" data-testid="refetcher">
      <h3 id="refetcher-heading" className="font-semibold">
        Article Content Re-fetcher
      </h3>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        One-time tool to re-spider articles with short or missing content (≤500 words). Runs slowly with 2-second pauses between requests.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="button-primary" disabled={running || spiderStatus !== 'idle' || control.isPending} onClick={() => act('start')}>
          Start Re-fetcher
        </button>
        <button type="button" className="button-secondary" disabled={!running || control.isPending} onClick={() => act('stop')} aria-label="Stop re-fetcher">
          Stop
        </button>
      </div>
      {running && progress && (
        <div className="mt-4 space-y-3">
          <ProgressBar label="Re-fetch progress" value={progress.total ? (progress.processed / progress.total) * 100 : 0} />
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label="Processed" value={`${progress.processed} / ${progress.total}`} />
            <Stat label="Updated" value={progress.updated} />
            <Stat label="Failed" value={progress.failed} />
            <Stat label="Remaining" value={Math.max(0, progress.total - progress.processed)} />
          </dl>
          {(progress.currentTitle || progress.currentUrl) && (
            <p className="text-sm">
              <span className="font-medium">{progress.currentTitle}</span>
              {progress.currentUrl && <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{progress.currentUrl}</span>}
            </p>
          )}
        </div>
      )}
      {!running && progress && progress.total > 0 && (
        <p role="status" className="mt-3 text-sm font-medium text-green-800 dark:text-green-400">
          ✓ Re-fetch completed: {progress.updated} articles updated, {progress.failed} failed
        </p>
      )}
    </section>
  );
}

function SpiderStatusPanel() {
  const query = useConsoleStatusQuery();
  const status = query.data;
  const state = status?.spiderStatus ?? 'idle';
  const badge = STATE_BADGES[state] ?? STATE_BADGES.idle;
  return (
    <Panel
      title="Spider Status"
      description="Rate-limited web scraping (1 req/sec)"
      actions={<Badge tone={badge.tone}>{badge.text}</Badge>}
      testId="spider-status"
    >
      {query.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : !status ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the spider status.
        </p>
      ) : (
        <div className="space-y-5">
          <SpiderControls status={state} />
          <div className="space-y-1.5">
            <p className="text-sm font-medium" data-testid="spider-progress-text">
              {state !== 'idle' && status.spiderCurrentDomain ? `Processing ${readableAddress(status.spiderCurrentDomain)}` : 'Idle'}
            </p>
            <ProgressBar label="Spider progress" value={status.spiderProgress} muted={state === 'idle'} />
          </div>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
            <Stat label="Sites Processed" value={`${status.spiderSitesProcessed} / ${status.spiderTotalSites}`} testId="sites-processed" />
            <Stat label="Active Threads" value={status.spiderActiveThreads} />
            <Stat label="Pending Requests" value={status.spiderPendingRequests} />
            <Stat label="Articles Found" value={status.spiderCurrentRunArticleCount} testId="articles-found" />
            <Stat label="Run Time" value={status.spiderElapsedTime || '0m'} />
          </dl>
          <RecentActivity status={status} />
          <Refetcher spiderStatus={state} />
        </div>
      )}
    </Panel>
  );
}

export function SpiderTab() {
  return (
    <div className="space-y-6">
      <SpiderScheduleCard />
      <SpiderStatusPanel />
      <SystemActivityLog />
    </div>
  );
}
