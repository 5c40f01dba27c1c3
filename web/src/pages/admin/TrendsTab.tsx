import { useState } from 'react';
import { responseMessage } from '../../api/client';
import { TOPIC_NAMES, TOPICS, type Topic, type Trend } from '../../api/types';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { NextSlot } from '../../components/NextSlot';
import { Panel } from '../../components/Panel';
import { ProgressBar } from '../../components/ProgressBar';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import { Stat } from '../../components/Stat';
import { TabList, TabPanel, Tab, Tabs } from '../../components/Tabs';
import { DisabledReason } from '../../components/DisabledReason';
import { useConsoleStatusQuery } from '../../hooks/useConsoleStatusQuery';
import { useSiteInfoQuery } from '../../hooks/useSiteInfoQuery';
import { useGenerateFromTrendMutation } from '../../hooks/useGenerator';
import {
  useAnalyzerControlMutation,
  useClearTrendsMutation,
  useFoodRecategorizationMutation,
  useFoodRecategorizationQuery,
  useRecategorizeTrendsMutation,
  useStoryTopicMutation,
  useTrendStatisticsQuery,
  useTrendsQuery,
} from '../../hooks/useTrends';
import { toast } from '../../hooks/useToast';
import { formatArticleAge } from '../../lib/ages';
import { counted } from '../../../../src/shared/words.js';
import { describeTopicEvidence } from '../../../../src/shared/topic-evidence.js';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { RegenerateArticlesButton, RegenerationProgress } from './ConsoleActions';

/** The trends tab's topic names, food added. */
export const TREND_TOPIC_LABELS = TOPIC_NAMES;
const TREND_TABS: readonly Topic[] = ['health', 'finance', 'usa', 'international', 'tech', 'energy', 'science', 'food'];

/** The food re-categorization bar is measured against this many articles. */
const FOOD_PROGRESS_TOTAL = 16_256;

const ANALYZER_BADGES: Record<string, { tone: BadgeTone; text: string }> = {
  running: { tone: 'green', text: 'Running' },
  analyzing: { tone: 'yellow', text: 'Analyzing' },
  idle: { tone: 'grey', text: 'Idle' },
};

function TrendsScheduleCard() {
  const timeZone = useSiteInfoQuery().data?.timeZone ?? 'America/Chicago';
  return (
    <Panel
      title="Trends Schedule"
      description="The analyzer runs at these minutes of every hour that had a spider start (0 disables a slot)."
      testId="trends-schedule"
    >
      <SettingsEditor
        settingKey="schedule-settings"
        fields={['trendsMinuteA', 'trendsMinuteB']}
        title="Trends minutes"
        name="schedule settings"
        inline
        bare
        failureText="Failed to update schedule settings"
      />
      <NextSlot job="trends-analyzer" what="analysis" timeZone={timeZone} />
    </Panel>
  );
}

function GenerateArticleButton({ trend, generating, onGenerate }: { trend: Trend; generating: boolean; onGenerate: () => void }) {
  return (
    <button type="button" className="button-primary button-small" disabled={generating} onClick={onGenerate} aria-label={`Generate Article: ${trend.title}`}>
      {generating && <Spinner className="mr-1.5 size-3.5" />}
      {generating ? 'Generating...' : 'Generate Article'}
    </button>
  );
}

function TrendCard({ trend, now, generating, onGenerate }: { trend: Trend; now: number; generating: boolean; onGenerate: () => void }) {
  const score = Math.round(trend.relevanceScore * 10) / 10;
  return (
    <li className="rounded-lg border border-gray-200 p-3 dark:border-gray-800" data-testid="trend-card">
      <div className="flex flex-wrap items-start gap-2">
        <h4 className="min-w-0 flex-1 basis-56 font-semibold">{trend.title}</h4>
        <Badge tone="blue">{score}/10</Badge>
        <GenerateArticleButton trend={trend} generating={generating} onGenerate={onGenerate} />
      </div>
      {trend.description && <p className="mt-1.5 text-sm text-gray-700 dark:text-gray-300">{trend.description}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-600 dark:text-gray-400">
        <span>{trend.articlesAnalyzed ?? 100} articles analyzed</span>
        {/* What the run read is not what the story holds: the trend's own sources, counted apart. */}
        {trend.articleCount !== undefined && <span data-testid="trend-article-count">{counted(trend.articleCount, 'article')} in this trend</span>}
        {trend.batchNumber !== null && <Badge tone="grey">Batch {trend.batchNumber}</Badge>}
        <Badge tone="purple">{TREND_TOPIC_LABELS[trend.topic] ?? trend.topic}</Badge>
        <time dateTime={trend.identifiedAt}>{formatArticleAge(trend.identifiedAt, now)}</time>
      </div>
      <TopicExplanation trend={trend} />
    </li>
  );
}

/** Why the story is under its topic, and the administrator's say: another topic, kept across analyses. */
function TopicExplanation({ trend }: { trend: Trend }) {
  const change = useStoryTopicMutation();
  const [choice, setChoice] = useState<Topic>(trend.topic);
  // Rendered only while open: a long list of cards carries no hidden forms.
  const [open, setOpen] = useState(false);
  const evidence = trend.topicEvidence;
  const overridden = evidence?.source === 'override';
  const save = (topic: Topic | null) =>
    change.mutate(
      { id: trend.id, topic },
      {
        onSuccess: (result) => notifySuccess(topic ? 'Topic Set' : 'Topic Given Back', result.message),
        onError: (error) => notifyFailure(error, "Failed to change the story's topic"),
      },
    );
  return (
    <details className="mt-2 text-xs" data-testid="trend-topic-explanation" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-gray-600 hover:underline dark:text-gray-400">
        Why {TREND_TOPIC_LABELS[trend.topic] ?? trend.topic}?{overridden ? ' (set by you)' : ''}
      </summary>
      {open && (
        <div className="mt-1.5 space-y-1.5 rounded bg-gray-50 p-2 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
          {evidence ? (
            <>
              <p>{describeTopicEvidence(evidence) || 'No words of the story weigh for one topic more than another.'}</p>
              {evidence.sentence && <blockquote className="border-l-2 border-gray-300 pl-2 italic dark:border-gray-700">{evidence.sentence}</blockquote>}
            </>
          ) : (
            <p>No evidence recorded yet: the next analysis records why the story is under its topic.</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`trend-topic-${trend.id}`}>File this story under</label>
            <select
              id={`trend-topic-${trend.id}`}
              className="rounded border border-gray-300 bg-white px-1.5 py-1 dark:border-gray-700 dark:bg-gray-950"
              value={choice}
              onChange={(event) => setChoice(event.target.value as Topic)}
            >
              {TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {TREND_TOPIC_LABELS[topic]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button-secondary button-small"
              disabled={change.isPending || (choice === trend.topic && overridden)}
              onClick={() => save(choice)}
            >
              Set topic
            </button>
            {overridden && (
              <button type="button" className="button-secondary button-small" disabled={change.isPending} onClick={() => save(null)}>
                Let the analyzer decide
              </button>
            )}
          </div>
        </div>
      )}
    </details>
  );
}

/** POST /api/generator/generate-from-trend with the console's success and failure texts; several may run at once. */
function useGenerateFromTrend() {
  const [generating, setGenerating] = useState<ReadonlySet<string>>(new Set());
  const generate = useGenerateFromTrendMutation();
  const start = (title: string) => {
    setGenerating((titles) => new Set(titles).add(title));
    // mutateAsync: several trends may be generating at once, and each keeps its own outcome.
    generate
      .mutateAsync(title)
      .then(
        () => notifySuccess('Article Generation Started', `Successfully queued article generation for: "${title}"`),
        (error: unknown) => {
          const message = responseMessage(error) ?? 'Failed to generate article';
          toast({
            title: 'Article Generation Failed',
            description: message.includes('Insufficient matching articles')
              ? `Cannot generate article for "${title}": Not enough related source articles found. Try running the spider to collect more articles first.`
              : `Failed to generate article for "${title}": ${message}`,
            variant: 'destructive',
          });
        },
      )
      .finally(() =>
        setGenerating((titles) => {
          const next = new Set(titles);
          next.delete(title);
          return next;
        }),
      );
  };
  return { generating, start };
}

function TrendList({ topic }: { topic: Topic | 'all' }) {
  const trends = useTrendsQuery(topic);
  const { generating, start } = useGenerateFromTrend();
  const now = Date.now();
  if (trends.isPending) {
    return (
      <div role="status" aria-label="Loading trends" className="space-y-2">
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-20 animate-pulse rounded-lg bg-gray-100 dark:bg-gray-800" data-testid="trend-skeleton" />
        ))}
      </div>
    );
  }
  if (trends.isError && !trends.data) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-red-700 dark:text-red-400">
        Failed to load trends
      </p>
    );
  }
  if (trends.data.length === 0) {
    return (
      <div className="py-8 text-center">
        <p className="font-medium">{topic === 'all' ? 'No trends identified yet' : `No ${TREND_TOPIC_LABELS[topic]} trends identified yet`}</p>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Click "Start" to manually analyze recent articles and identify trends</p>
      </div>
    );
  }
  return (
    <div>
      <p className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-300">Showing {trends.data.length} trends</p>
      <ul className="h-[400px] space-y-2 overflow-y-auto pr-1" tabIndex={0} aria-label="Trends">
        {trends.data.map((trend) => (
          <TrendCard key={trend.id} trend={trend} now={now} generating={generating.has(trend.title)} onGenerate={() => start(trend.title)} />
        ))}
      </ul>
    </div>
  );
}

function TrendSummary() {
  const statistics = useTrendStatisticsQuery();
  const rows = (statistics.data ?? []).filter((row) => row.totalTrends > 0);
  if (rows.length === 0) return null;
  const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  return (
    <DataTable
      caption="Trends by topic"
      rows={rows}
      rowKey={(row) => row.topic}
      columns={[
        { header: 'Topic', cell: (row) => TREND_TOPIC_LABELS[row.topic] ?? row.topic },
        { header: 'Total Trends', cell: (row) => row.totalTrends, numeric: true },
        { header: 'Articles Generated', cell: (row) => row.trendsWithArticles, numeric: true },
      ]}
      footer={['Total', total((row) => row.totalTrends), total((row) => row.trendsWithArticles)]}
    />
  );
}

function TrendsAnalysisCard() {
  const status = useConsoleStatusQuery().data;
  const control = useAnalyzerControlMutation();
  const clear = useClearTrendsMutation();
  const recategorize = useRecategorizeTrendsMutation();
  const [confirming, setConfirming] = useState<'clear' | 'recategorize' | null>(null);
  const [topic, setTopic] = useState<Topic | 'all'>('all');
  const state = status?.trendsAnalyzerStatus ?? 'idle';
  const active = state === 'running' || state === 'analyzing';
  const badge = ANALYZER_BADGES[state] ?? { tone: 'grey' as const, text: 'Unknown' };
  const busy = control.isPending || clear.isPending || recategorize.isPending;

  const runRecategorize = () =>
    recategorize.mutate(undefined, {
      onSuccess: (result) =>
        notifySuccess('Re-categorization Complete', `Successfully re-categorized ${result.recategorized} trends. ${result.unchanged} trends unchanged.`),
      onError: (error) => notifyFailure(error, 'Failed to re-categorize trends', 'Re-categorization Failed'),
    });

  return (
    <Panel title="Trends Analysis" actions={<Badge tone={badge.tone}>{badge.text}</Badge>} testId="trends-analysis">
      <div className="flex flex-wrap gap-2">
        {active ? (
          <button type="button" className="button-danger" disabled={control.isPending} onClick={() => control.mutate('stop')}>
            Stop
          </button>
        ) : (
          <button type="button" className="button-primary" disabled={control.isPending} onClick={() => control.mutate('run')}>
            Start
          </button>
        )}
        <DisabledReason reason="Stop the analyzer before re-categorizing" disabled={active}>
          <button type="button" className="button-secondary" disabled={active || busy} onClick={() => setConfirming('recategorize')}>
            {recategorize.isPending && <Spinner className="mr-2 size-4" />}
            Re-categorize
          </button>
        </DisabledReason>
        <DisabledReason reason="Stop the analyzer before clearing trends" disabled={active}>
          <button type="button" className="button-secondary" disabled={active || busy} onClick={() => setConfirming('clear')}>
            Clear Trends
          </button>
        </DisabledReason>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Stat label="Trends Identified" value={status?.totalTrendsIdentified ?? 0} testId="trends-identified" />
        <Stat label="API Calls" value={status?.mistralQueriesCount ?? 0} />
        <Stat
          label="Last run"
          value={status?.trendsAnalyzerLastRun ? formatArticleAge(status.trendsAnalyzerLastRun, Date.now()) : 'Never'}
          testId="trends-last-run"
        />
      </dl>
      {active && status?.trendsAnalyzerCurrentAction && (
        <p role="status" className="mt-3 text-sm">
          <span className="font-medium">Current Action:</span> {status.trendsAnalyzerCurrentAction}
        </p>
      )}
      <div className="mt-4">
        <TrendSummary />
      </div>
      <Tabs value={topic} onValueChange={(value) => setTopic(value as Topic | 'all')} className="mt-4">
        <TabList label="Trend topics">
          <Tab value="all">All</Tab>
          {TREND_TABS.map((key) => (
            <Tab key={key} value={key}>
              {TREND_TOPIC_LABELS[key]}
            </Tab>
          ))}
        </TabList>
        {(['all', ...TOPICS] as const).map((key) => (
          <TabPanel key={key} value={key} className="mt-3">
            <TrendList topic={key} />
          </TabPanel>
        ))}
      </Tabs>
      <ConfirmDialog
        open={confirming === 'clear'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Clear Trends"
        description="Are you sure you want to clear all trends? This cannot be undone."
        destructive
        onConfirm={() => clear.mutate()}
      />
      <ConfirmDialog
        open={confirming === 'recategorize'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Re-categorize Trends"
        description="This will re-analyze all existing trends and update their categories based on comprehensive keyword matching. Continue?"
        onConfirm={runRecategorize}
      />
    </Panel>
  );
}

function AnalyzerConfiguration() {
  const editors = [
    { key: 'trends-analyzer-system-prompt', name: 'system prompt', title: 'System Prompt' },
    { key: 'trends-analyzer-user-prompt', name: 'user prompt', title: 'User Prompt' },
    { key: 'trends-analyzer-model-name', name: 'model name', title: 'Model Name' },
    { key: 'analyze-implications-prompt', name: 'analyze implications prompt', title: 'Analyze Implications Prompt' },
  ];
  return (
    <Panel title="Trends Analyzer Configuration" description="Used when a model is configured; each part has its own Save." testId="trends-config">
      <div className="space-y-6">
        {editors.map((editor) => (
          <SettingsEditor
            key={editor.key}
            settingKey={editor.key}
            name={editor.name}
            title={editor.title}
            bare
            hints={editor.key === 'analyze-implications-prompt' ? { promptText: 'Placeholder: {trend}, replaced by the trend title on the public site.' } : {}}
          />
        ))}
      </div>
    </Panel>
  );
}

function FoodRecategorizationCard() {
  const food = useFoodRecategorizationQuery();
  const control = useFoodRecategorizationMutation();
  const status = food.data;
  const running = status?.isRunning ?? false;
  const act = (action: 'start' | 'stop') => control.mutate(action, { onError: (error) => notifyFailure(error, 'Failed to start food re-categorization') });
  return (
    <Panel
      title="Food Re-categorization"
      description="Moves stored articles about food, cooking and nutrition into the food topic."
      actions={running ? <Badge tone="green">Running</Badge> : <Badge tone="grey">Idle</Badge>}
      testId="food-recategorization"
    >
      <div className="flex flex-wrap gap-2">
        <button type="button" className="button-primary" disabled={running || control.isPending} onClick={() => act('start')}>
          Start
        </button>
        <button type="button" className="button-secondary" disabled={!running || control.isPending} onClick={() => act('stop')}>
          Stop
        </button>
      </div>
      {running && status && (
        <div className="mt-4 space-y-3">
          <ProgressBar label="Food re-categorization progress" value={(status.processed / FOOD_PROGRESS_TOTAL) * 100} />
          <dl className="grid grid-cols-3 gap-2">
            <Stat label="Processed" value={status.processed} />
            <Stat label="Re-categorized" value={status.recategorized} />
            <Stat label="Errors" value={status.errors} />
          </dl>
        </div>
      )}
      {!running && status && status.processed > 0 && (
        <p className="mt-3 text-sm" data-testid="food-last-run">
          Last run: {status.processed} articles processed, {status.recategorized} re-categorized
          {status.errors > 0 ? `, ${status.errors} errors` : ''}.
        </p>
      )}
    </Panel>
  );
}

function OtherTrendTools() {
  return (
    <Panel title="Regenerate Articles" description="Rewrites the article of every current trend in place (same public address)." testId="trend-tools">
      <div className="space-y-3">
        <RegenerateArticlesButton />
        <RegenerationProgress />
      </div>
    </Panel>
  );
}

export function TrendsTab() {
  return (
    <div className="space-y-6">
      <TrendsScheduleCard />
      <TrendsAnalysisCard />
      <AnalyzerConfiguration />
      <OtherTrendTools />
      <FoodRecategorizationCard />
    </div>
  );
}
