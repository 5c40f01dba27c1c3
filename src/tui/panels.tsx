// The dashboard's panels. Each gets its size and draws at most that many lines, every one through
// <Line> (see line.tsx for why).
import { Box } from 'ink';
import type { ChalkInstance } from 'chalk';
import type { LogEntry } from '../api/logs.js';
import type { StatusResponse } from '../api/status.js';
import { componentColor, levelColor } from '../terminal/colors.js';
import { progressBar } from '../terminal/progress-bar.js';
import { dateTime } from '../terminal/time.js';
import { readableAddress } from '../shared/readable-host.js';
import { Line, selectedTab, type Segment } from './line.js';
import { Table } from './table.js';
import { TOPICS } from '../shared/topics.js';
import { trendsOfTopic, type AudioJobView, type DashState } from './state.js';
import { counted } from '../shared/words.js';

export interface PanelSize {
  width: number;
  height: number;
}

type Style = (c: ChalkInstance) => (text: string) => string;

const stateStyle = (value: string | undefined): Style =>
  value === 'running' || value === 'generating' || value === 'analyzing' ? (c) => c.green.bold : value === 'paused' ? (c) => c.yellow.bold : (c) => c.gray.bold;
const dim: Style = (c) => c.dim;
const bold: Style = (c) => c.bold;

/**
 * Every site being crawled (a daemon of an earlier version names one), the least advanced first:
 * "Now: a.example", or "Now 8 sites, slowest first: a.example, b.example, …" (the line is cut at the
 * terminal's width).
 */
function nowLine(s: Pick<StatusResponse, 'spiderCurrentDomain' | 'spiderCrawlingDomains' | 'spiderLastStartTime'>, timeZone: string | null): string {
  const crawling = (s.spiderCrawlingDomains ?? []).length > 0 ? s.spiderCrawlingDomains : s.spiderCurrentDomain ? [s.spiderCurrentDomain] : [];
  if (crawling.length === 0) return `Last start: ${dateTime(s.spiderLastStartTime, timeZone)}`;
  const names = crawling.map((url) => readableAddress(url));
  return names.length === 1 ? `Now: ${names[0]}` : `Now ${names.length} sites, slowest first: ${names.join(', ')}`;
}

export function SpiderPanel({ state, size }: { state: DashState; size: PanelSize }) {
  const s = state.status;
  const w = size.width;
  if (!s) return <Line width={w} segments={[['Reading the spider status…', dim]]} />;
  // The share of the work done, not of the sites finished: those mostly finish near the end of a
  // run. (A daemon of an earlier version sends no work figure.)
  const work = Number.isFinite(s.spiderWorkProgress) ? s.spiderWorkProgress : s.spiderProgress;
  const bar = progressBar(work, 100, Math.max(10, Math.min(40, w - 40)));
  const logLines = Math.max(0, size.height - 4);
  return (
    <Box flexDirection="column">
      <Line
        width={w}
        segments={[
          'Spider ',
          [s.spiderStatus, stateStyle(s.spiderStatus)],
          ` ${bar} ${s.spiderSitesProcessed}/${counted(s.spiderTotalSites, 'site')} (${Math.floor(work)}%)`,
        ]}
      />
      <Line
        width={w}
        segments={[
          'Articles ',
          [String(s.spiderCurrentRunArticleCount), bold],
          `  active ${s.spiderActiveThreads}  pending ${s.spiderPendingRequests}  run time ${s.spiderElapsedTime}`,
        ]}
      />
      <Line width={w} segments={[[nowLine(s, state.timeZone), dim]]} />
      <Line width={w} segments={[['Activity', bold]]} />
      {state.activity.slice(0, logLines).map((line, index) => (
        <Line key={index} width={w} segments={[line.includes('NEW:') ? [line, (c) => c.green.bold] : line]} />
      ))}
    </Box>
  );
}

/**
 * Tabs that may not all fit (eight topics with their counts exceed 80 columns): when they do not,
 * the bar starts late enough for the selected tab to be whole on screen, "…" marking the ones left
 * out before it (paint marks those cut after it).
 */
function tabBar(labels: string[], selected: number, width: number): Segment[] {
  const widthFrom = (start: number) => labels.slice(start, selected + 1).reduce((n, label) => n + label.length, start > 0 ? 1 : 0);
  let start = 0;
  while (start < selected && widthFrom(start) > width) start++;
  const tabs = labels.slice(start).map((label, i): Segment => (start + i === selected ? selectedTab(label) : label));
  return start > 0 ? ['…', ...tabs] : tabs;
}

export function TrendsPanel({ state, size, topic }: { state: DashState; size: PanelSize; topic: number }) {
  const s = state.status;
  const w = size.width;
  const current = TOPICS[topic % TOPICS.length]!;
  const rows = trendsOfTopic(state.trends, current);
  return (
    <Box flexDirection="column">
      <Line
        width={w}
        segments={[
          'Analyzer ',
          [s?.trendsAnalyzerStatus ?? '…', stateStyle(s?.trendsAnalyzerStatus)],
          `  ${counted(s?.totalTrendsIdentified ?? 0, 'trend')}, last run ${dateTime(s?.trendsAnalyzerLastRun ?? null, state.timeZone)}`,
        ]}
      />
      <Line width={w} segments={[[state.analyzerAction ?? '', dim]]} />
      <Line
        width={w}
        segments={tabBar(
          TOPICS.map((t) => ` ${t} ${trendsOfTopic(state.trends, t).length} `),
          topic % TOPICS.length,
          w,
        )}
      />
      <Table
        rows={rows}
        width={w}
        maxRows={Math.max(1, size.height - 3)}
        empty={`No ${current} trends yet (← → switch topic)`}
        columns={[
          { header: 'score', width: 5, align: 'right', cell: (t) => t.relevanceScore.toFixed(1) },
          { header: 'arts', width: 4, align: 'right', cell: (t) => String(t.articleCount) },
          { header: 'title', cell: (t) => t.title },
        ]}
      />
    </Box>
  );
}

export function GeneratorPanel({ state, size }: { state: DashState; size: PanelSize }) {
  const s = state.status;
  const w = size.width;
  const queue = state.queue;
  return (
    <Box flexDirection="column">
      <Line
        width={w}
        segments={[
          'Generator ',
          [s?.generatorStatus ?? '…', stateStyle(s?.generatorStatus)],
          `  ${counted(s?.totalArticlesGenerated ?? 0, 'article')}, last ${dateTime(s?.generatorLastRun ?? null, state.timeZone)}`,
        ]}
      />
      <Line width={w} segments={[[state.generatorAction ?? '', dim]]} />
      <Line width={w} segments={['Queue ', [String(queue?.queueLength ?? 0), bold], queue?.currentTrend ? `  generating "${queue.currentTrend}"` : '']} />
      <Table
        rows={queue?.items ?? []}
        width={w}
        maxRows={Math.max(1, size.height - 3)}
        empty="The queue is empty"
        columns={[
          { header: 'status', width: 10, cell: (i) => i.status, color: (i) => (i.status === 'generating' ? (c) => c.green : undefined) },
          { header: 'trend', cell: (i) => i.trendTitle },
        ]}
      />
    </Box>
  );
}

export function AudioPanel({ state, size }: { state: DashState; size: PanelSize }) {
  const w = size.width;
  const tableRows = Math.min(state.audio.length + 1, Math.max(2, Math.floor(size.height / 2)));
  return (
    <Box flexDirection="column">
      <Table<AudioJobView>
        rows={state.audio}
        width={w}
        maxRows={Math.max(2, tableRows)}
        empty="No audio jobs yet"
        columns={[
          { header: 'job', width: 18, cell: (a) => a.job },
          {
            header: 'status',
            width: 10,
            cell: (a) => a.status,
            color: (a) => (a.status === 'failed' ? (c) => c.red : a.status === 'running' ? (c) => c.green : undefined),
          },
          { header: 'progress', width: 8, cell: (a) => a.progress ?? '' },
          { header: 'at', cell: (a) => dateTime(a.at, state.timeZone) },
        ]}
      />
      <Line width={w} segments={[['Messages', bold]]} />
      {state.audioLines.slice(0, Math.max(0, size.height - tableRows - 2)).map((line, index) => (
        <Line key={index} width={w} segments={[line]} />
      ))}
    </Box>
  );
}

const clocks = new Map<string, Intl.DateTimeFormat>();
/** HH:MM:SS in the product's time zone, as the activity lines read. */
function clockTime(iso: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let format = clocks.get(zone);
  if (!format)
    clocks.set(zone, (format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })));
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '--:--:--' : format.format(date);
}

function LogLine({ entry, width, timeZone }: { entry: LogEntry; width: number; timeZone: string | null }) {
  return (
    <Line
      width={width}
      segments={[
        [clockTime(entry.timestamp, timeZone), dim],
        ' ',
        [entry.component.padEnd(15).slice(0, 15), (c) => c[componentColor(entry.component)]],
        ' ',
        [entry.message, (c) => c[levelColor(entry.level)]],
      ]}
    />
  );
}

export function LogsPanel({ state, size }: { state: DashState; size: PanelSize }) {
  if (state.logs.length === 0) return <Line width={size.width} segments={[['No system logs yet', dim]]} />;
  return (
    <Box flexDirection="column">
      {state.logs.slice(0, size.height).map((entry) => (
        <LogLine key={entry.id} entry={entry} width={size.width} timeZone={state.timeZone} />
      ))}
    </Box>
  );
}

const KEYS: [string, string][] = [
  ['s', 'start the spider (resumes a paused crawl)'],
  ['p', 'pause / resume the spider'],
  ['x', 'stop the spider'],
  ['a', 'run the trends analyzer'],
  ['g', 'run the article generator'],
  ['1-5, Tab', 'switch panel: spider, trends, generator, audio, logs'],
  ['← →', 'previous / next topic (trends panel)'],
  ['?', 'show / hide this help'],
  ['q, Ctrl+C', 'quit'],
];

export function HelpPanel({ width }: { width: number }) {
  return (
    <Box flexDirection="column">
      <Line width={width} segments={[['Keys', bold]]} />
      {KEYS.map(([key, what]) => (
        <Line key={key} width={width} segments={[[key.padEnd(10), (c) => c.cyan], ` ${what}`]} />
      ))}
    </Box>
  );
}
