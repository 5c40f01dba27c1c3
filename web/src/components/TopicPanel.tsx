import type { Topic, TopTrend } from '../api/types';
import { useExpandedTopics } from '../hooks/useExpandedTopics';
import { useHomePageQuery } from '../hooks/useHomePageQuery';
import { useImplicationsPromptQuery } from '../hooks/useImplicationsPromptQuery';
import { useRecentArticlesQuery } from '../hooks/useRecentArticlesQuery';
import { useServerNow } from '../hooks/useCurrentTimeQuery';
import { useSiteInfoQuery } from '../hooks/useSiteInfoQuery';
import { formatArticleAge } from '../lib/ages';
import { cutTitle, safeHref } from '../lib/articles';
import { readableHost } from '../lib/hosts';
import { implicationsLink } from '../lib/assistant-links';
import { ArticleMarks } from './ArticleMarks';
import { AskTheAi } from './AskTheAi';
import { TOPIC_LABELS } from './topics';
import { isStoryPagePath } from '../../../src/shared/pages.js';

/** Trends shown before the visitor opens the topic's full list (the daemon sends up to 5). */
const COLLAPSED_TRENDS = 3;

/** Rows about as tall as the ones they stand for, so the card keeps its height when they arrive. */
function Placeholder({ rows, rowClassName }: { rows: number; rowClassName: string }) {
  return (
    <ul aria-hidden="true" className="space-y-2">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className={`animate-pulse rounded bg-gray-200 dark:bg-gray-800 ${rowClassName}`} />
      ))}
    </ul>
  );
}

function TrendRow({ trend, assistantUrl, promptText }: { trend: TopTrend; assistantUrl?: string; promptText?: string }) {
  const link = assistantUrl && promptText !== undefined ? implicationsLink(assistantUrl, promptText, trend.title) : undefined;
  // Every trend has its story page (all its sources, a timeline, our article when written).
  const page = isStoryPagePath(trend.pageUrl) ? trend.pageUrl : safeHref(trend.htmlFilePath);
  return (
    <li className="flex flex-col gap-x-3 sm:flex-row sm:items-baseline sm:justify-between">
      {page ? (
        <a href={page} className="link min-w-0 flex-1 font-medium" data-list-item>
          {trend.title}
        </a>
      ) : (
        <span className="min-w-0 flex-1 font-medium">{trend.title}</span>
      )}
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer" className="link inline-flex min-h-6 shrink-0 items-center text-sm">
          analyze implications
        </a>
      ) : (
        // The prompt is still loading; a link without the prompt would send the wrong question.
        // biome-ignore lint/a11y/useValidAnchor: a link without its address until the prompt loads (aria-disabled), rather than one asking the wrong question
        <a aria-disabled="true" className="inline-flex min-h-6 shrink-0 items-center text-sm text-gray-500">
          analyze implications
        </a>
      )}
    </li>
  );
}

function TrendsList({ topic }: { topic: Topic }) {
  const home = useHomePageQuery();
  const site = useSiteInfoQuery();
  const { expandedTopics, toggleTopic } = useExpandedTopics();
  const trends = home.data?.topTrends[topic] ?? [];
  const prompt = useImplicationsPromptQuery(trends.length > 0);
  const expanded = expandedTopics.includes(topic);
  const shown = expanded ? trends : trends.slice(0, COLLAPSED_TRENDS);
  return (
    <div>
      <h3 className="mb-2 font-semibold">Trends:</h3>
      {home.isPending ? (
        <Placeholder rows={3} rowClassName="h-12 sm:h-6" />
      ) : home.isError && !home.data ? (
        // Not "No trends yet": nothing is known. The 60-second poll keeps asking.
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          The trends could not be loaded just now; the page tries again every minute.
        </p>
      ) : trends.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No trends for {TOPIC_LABELS[topic]} yet.</p>
      ) : (
        <>
          <ul className="space-y-1.5" data-testid="trends-list">
            {shown.map((trend) => (
              <TrendRow key={trend.id} trend={trend} assistantUrl={site.data?.assistantUrl} promptText={prompt.data?.promptText} />
            ))}
          </ul>
          {trends.length > COLLAPSED_TRENDS && (
            <button type="button" className="link mt-2 text-sm" aria-expanded={expanded} onClick={() => toggleTopic(topic)}>
              {expanded ? 'Show fewer trends' : `Show all ${trends.length} trends`}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function ArticlesList({ topic }: { topic: Topic }) {
  const articles = useRecentArticlesQuery();
  const now = useServerNow();
  const list = articles.data?.[topic] ?? [];
  return (
    <div>
      <h3 className="mb-2 font-semibold">Articles:</h3>
      {articles.isPending ? (
        <Placeholder rows={5} rowClassName="h-14 sm:h-10" />
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No recent articles found for {TOPIC_LABELS[topic]}</p>
      ) : (
        <ul className="space-y-2" data-testid="topic-articles">
          {list.map((article) => (
            <li key={article.id}>
              <a href={safeHref(article.sourceUrl)} target="_blank" rel="noopener noreferrer" className="link" title={article.title} data-list-item>
                {cutTitle(article.title)}
              </a>
              <span className="block text-xs text-gray-600 dark:text-gray-400">
                {formatArticleAge(article.scrapedAt, now)} · {readableHost(article.domainName)}
                <ArticleMarks article={article} site={readableHost(article.domainName)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TopicPanel({ topic }: { topic: Topic }) {
  const site = useSiteInfoQuery();
  return (
    <div className="grid min-h-[22rem] grid-cols-1 gap-5 md:grid-cols-2">
      <div className="space-y-4">
        <TrendsList topic={topic} />
        <AskTheAi key={topic} topic={topic} topicLabel={TOPIC_LABELS[topic]} assistantUrl={site.data?.assistantUrl} />
      </div>
      <ArticlesList topic={topic} />
    </div>
  );
}
