import { useRef, useState, type KeyboardEvent } from 'react';
import type { Topic } from '../api/types';
import { useHomePageQuery } from '../hooks/useHomePageQuery';
import { useRecentArticlesQuery } from '../hooks/useRecentArticlesQuery';
import { useSiteInfoQuery } from '../hooks/useSiteInfoQuery';
import { formatClockTime } from '../lib/clock';
import { ArticlesErrorState } from './ArticlesErrorState';
import { TopicPanel } from './TopicPanel';
import { DEFAULT_TOPIC, TOPICS, TOPIC_LABELS } from './topics';

function LastRunTimes() {
  const home = useHomePageQuery();
  const site = useSiteInfoQuery();
  if (!home.data || !site.data) {
    // The loaded text takes two lines on phones and one from sm up: reserve that much.
    return <p className="min-h-10 text-sm sm:min-h-5" aria-hidden="true" />;
  }
  const { spiderLastRun, trendsAnalyzerLastRun } = home.data.lastRunTimes;
  const zone = site.data.timeZone;
  return (
    <p className="min-h-10 text-sm text-gray-600 sm:min-h-5 dark:text-gray-400">
      Last crawl at {formatClockTime(spiderLastRun, zone)} | Last trends analysis at {formatClockTime(trendsAnalyzerLastRun, zone)}
    </p>
  );
}

export function TrendsCard() {
  const articles = useRecentArticlesQuery();
  const [topic, setTopic] = useState<Topic>(DEFAULT_TOPIC);
  const tabs = useRef(new Map<Topic, HTMLButtonElement>());

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TOPICS.indexOf(topic);
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TOPICS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TOPICS.length) % TOPICS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TOPICS.length - 1
              : -1;
    if (target < 0) return;
    event.preventDefault();
    const next = TOPICS[target] ?? DEFAULT_TOPIC;
    setTopic(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <section aria-labelledby="trends-heading" className="card p-4 sm:p-5">
      <h2 id="trends-heading" className="sr-only">
        Latest trends and articles by topic
      </h2>
      <LastRunTimes />
      {articles.isError ? (
        <div className="mt-3">
          <ArticlesErrorState />
        </div>
      ) : (
        <>
          <div
            role="tablist"
            aria-label="Topics"
            onKeyDown={moveFocus}
            className="mt-3 grid grid-cols-4 gap-1 rounded-lg bg-gray-100 p-1 md:grid-cols-7 dark:bg-gray-800"
          >
            {TOPICS.map((key) => {
              const selected = key === topic;
              // The body lets crawled text break anywhere; a tab label must not ("Financ|e" at
              // 360 px), so phones get a smaller label and padding that fit a quarter of 320 px.
              return (
                <button
                  key={key}
                  ref={(element) => {
                    if (element) tabs.current.set(key, element);
                  }}
                  type="button"
                  role="tab"
                  id={`topic-tab-${key}`}
                  aria-selected={selected}
                  aria-controls="topic-panel"
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setTopic(key)}
                  className={`rounded-md px-1 py-1.5 text-[0.8125rem] font-medium [overflow-wrap:normal] transition-colors sm:px-2 sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 ${
                    selected
                      ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-white'
                      : 'text-gray-700 hover:bg-white/60 dark:text-gray-300 dark:hover:bg-gray-700'
                  }`}
                >
                  {TOPIC_LABELS[key]}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id="topic-panel" aria-labelledby={`topic-tab-${topic}`} tabIndex={0} className="mt-4 outline-none">
            <TopicPanel topic={topic} />
          </div>
        </>
      )}
    </section>
  );
}
