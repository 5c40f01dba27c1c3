import { useState } from 'react';
import { TOPICS, type Topic } from '../../api/types';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import { TabList, TabPanel, Tab, Tabs } from '../../components/Tabs';
import { useCopy } from '../../hooks/useCopy';
import { useGenerateSocialMutation, useLastSocialPost, usePendingSocialWrites, useSocialHomeQuery, type SocialPost } from '../../hooks/useSocial';
import { TREND_TOPIC_LABELS } from './TrendsTab';

/** Five items per category. */
const ITEMS_PER_CATEGORY = 5;

type Source = { kind: 'trend'; title: string; category: Topic } | { kind: 'article'; id: number; title: string; category: Topic };

/** Whether a pending request is the post about this item. */
const isAbout = (request: { trendText?: string; articleId?: number }, item: Source) =>
  item.kind === 'trend' ? request.trendText === item.title : request.articleId === item.id;

function SourceList({
  heading,
  items,
  pending,
  onSocial,
}: {
  heading: string;
  items: Source[];
  pending: readonly { trendText?: string; articleId?: number }[];
  onSocial: (source: Source) => void;
}) {
  return (
    <section aria-label={heading} className="min-w-0">
      <h4 className="mb-2 font-semibold">{heading}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {items.map((item, index) => {
            const busy = pending.some((request) => isAbout(request, item));
            return (
              <li key={`${item.kind}-${index}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1">{item.title}</span>
                <button
                  type="button"
                  className="button-secondary button-small"
                  disabled={pending.length > 0}
                  onClick={() => onSocial(item)}
                  aria-label={`Social post for "${item.title}"`}
                >
                  {busy && <Spinner className="mr-1.5 size-3.5" />}
                  Social
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function GeneratedContent({ content }: { content: SocialPost | null }) {
  const { copied, copy } = useCopy();
  return (
    <Panel
      title="Generated Content"
      description={content ? `For "${content.about}"` : 'Press Social beside a trend or a story.'}
      actions={
        content && (
          <button type="button" className="button-primary" onClick={() => copy(content.text, 'Social post')}>
            {copied ? 'Copied!' : 'Copy'}
          </button>
        )
      }
      testId="social-content"
    >
      {content && <p className="rounded-lg bg-gray-50 p-3 text-sm whitespace-pre-wrap dark:bg-gray-800/60">{content.text}</p>}
    </Panel>
  );
}

export function SocialTab() {
  const home = useSocialHomeQuery();
  const generate = useGenerateSocialMutation();
  const [topic, setTopic] = useState<Topic>('health');
  // From the mutation cache and a store outside the tab: a post started before the tab was left is
  // still shown under way, and its text shown, when the tab is opened again.
  const pending = usePendingSocialWrites();
  const content = useLastSocialPost();

  const social = (source: Source) => {
    const request = source.kind === 'trend' ? { trendText: source.title, category: source.category } : { articleId: source.id, category: source.category };
    generate.mutate({ ...request, about: source.title });
  };

  return (
    <div className="space-y-6">
      <Panel title="Social Posts" description="Recent trends and stories of each topic; Social writes a post about one." testId="social-sources">
        {home.isPending ? (
          <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
            Loading...
          </p>
        ) : home.isError && !home.data ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Failed to load the recent trends and stories.
          </p>
        ) : (
          <Tabs value={topic} onValueChange={(value) => setTopic(value as Topic)}>
            <TabList label="Social topics">
              {TOPICS.map((key) => (
                <Tab key={key} value={key}>
                  {TREND_TOPIC_LABELS[key]}
                </Tab>
              ))}
            </TabList>
            {TOPICS.map((key) => (
              <TabPanel key={key} value={key} className="mt-3 grid gap-5 lg:grid-cols-2">
                <SourceList
                  heading="Recent Trends"
                  items={(home.data.topTrends[key] ?? []).slice(0, ITEMS_PER_CATEGORY).map((trend) => ({ kind: 'trend', title: trend.title, category: key }))}
                  pending={pending}
                  onSocial={social}
                />
                <SourceList
                  heading="Recent Stories"
                  items={(home.data.recentArticlesByCategory?.[key] ?? [])
                    .slice(0, ITEMS_PER_CATEGORY)
                    .map((article) => ({ kind: 'article', id: Number(article.id), title: article.title, category: key }))}
                  pending={pending}
                  onSocial={social}
                />
              </TabPanel>
            ))}
          </Tabs>
        )}
      </Panel>
      <GeneratedContent content={content} />
      <Panel title="Social Prompts and Model" testId="social-config">
        <div className="space-y-6">
          <SettingsEditor settingKey="social-system-prompt" title="Social System Prompt" bare />
          <SettingsEditor settingKey="social-prompt-1" title="Social Prompt 1" bare />
          <SettingsEditor settingKey="social-prompt-2" title="Social Prompt 2" bare description="When set, a second, longer post follows the first." />
          <SettingsEditor settingKey="social-model-name" title="Social Model Name" bare />
        </div>
      </Panel>
    </div>
  );
}
