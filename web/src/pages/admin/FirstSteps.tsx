// The console's welcome on a fresh install: the five steps from an empty install to a first
// bulletin, each ticked off from what the product really holds (not from clicks), with where to do
// it. It goes away once every step is done, or when the administrator hides it.
import { useState } from 'react';
import { Link } from 'wouter';
import { useConsoleStatusQuery } from '../../hooks/useConsoleStatusQuery';
import { useDomainsQuery } from '../../hooks/useDomains';
import { useLatestAudioQuery } from '../../hooks/useLatestAudioQuery';

const HIDDEN_KEY = 'newsctl.firstSteps.hidden';

interface Step {
  title: string;
  done: boolean;
  /** Where and how, in the console; the command line's way after it. */
  how: string;
  /** The console tab where it is done; none for the buttons above the tabs. */
  tab: string | null;
  command: string;
}

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function FirstSteps() {
  const [hidden, setHidden] = useState(readHidden);
  const domains = useDomainsQuery();
  const status = useConsoleStatusQuery();
  const audio = useLatestAudioQuery();
  // Until every answer is in, the checklist would show steps as undone that are done.
  if (hidden || !domains.data || !status.data || !audio.data) return null;
  const articles = domains.data.reduce((sum, domain) => sum + domain.articlesCount, 0);
  const steps: Step[] = [
    {
      title: 'Add a news source',
      done: domains.data.length > 0,
      how: 'Domains tab: type a site (apnews.com) or import a .txt file with one site per line.',
      tab: 'domains',
      command: 'npx newsctl domains add apnews.com',
    },
    {
      title: 'Run the first crawl',
      done: articles > 0,
      how: 'Spider tab: Start. It reads each site politely (robots.txt, one request a second at most).',
      tab: 'spider',
      command: 'npx newsctl crawl --once',
    },
    {
      title: 'Find the first trends',
      done: status.data.totalTrendsIdentified > 0,
      how: 'Trends tab: Start. Stories that several sites cover become trends, per topic.',
      tab: 'trends',
      command: 'npx newsctl trends run',
    },
    {
      title: 'Write the first article',
      done: status.data.totalArticlesGenerated > 0,
      how: 'Trends tab: Generate Article on a trend. It is written from its sources, with links and an image.',
      tab: 'trends',
      command: 'npx newsctl articles generate --trend "<a trend title>"',
    },
    {
      title: 'Make the first bulletin',
      done: audio.data.exists,
      how: 'Generate Latest News Audio, above the tabs: the day’s top stories, read aloud.',
      tab: null,
      command: 'npx newsctl audio latest-news',
    },
  ];
  const remaining = steps.filter((step) => !step.done).length;
  if (remaining === 0) return null;
  const hide = () => {
    try {
      window.localStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setHidden(true);
  };
  return (
    <section aria-labelledby="first-steps-title" className="card p-4" data-testid="first-steps">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="first-steps-title" className="text-lg font-semibold">
          First steps
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {steps.length - remaining} of {steps.length} done. Each step ticks itself off when it has happened.
        </p>
        <button type="button" className="button-secondary button-small ml-auto" onClick={hide}>
          Hide
        </button>
      </div>
      <ol className="mt-3 space-y-2">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3" data-done={step.done}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                step.done ? 'bg-green-600 text-white' : 'border border-gray-300 text-gray-600 dark:border-gray-700 dark:text-gray-300'
              }`}
            >
              {step.done ? '✓' : index + 1}
            </span>
            <div className="min-w-0">
              <p className={`font-medium ${step.done ? 'text-gray-500 line-through dark:text-gray-500' : ''}`}>
                {step.title}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </p>
              {!step.done && (
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  {step.how}{' '}
                  {step.tab && (
                    <Link href={`/admin?tab=${step.tab}`} className="link underline">
                      Open the tab
                    </Link>
                  )}
                  <span className="block break-all font-mono text-xs text-gray-600 dark:text-gray-400">or: {step.command}</span>
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
        It all works offline. With an AI model (OpenAI, Mistral, Gemini, Ollama…) the trends, articles and audio are written by it: see “Connect a model” in the
        README.
      </p>
    </section>
  );
}
