import { useEffect, useState } from 'react';
import type { GeneratedArticle, Topic } from '../../api/types';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import { Stat } from '../../components/Stat';
import { TabList, TabPanel, Tab, Tabs } from '../../components/Tabs';
import { useConsoleStatusQuery } from '../../hooks/useConsoleStatusQuery';
import { useCopy } from '../../hooks/useCopy';
import {
  downloadGeneratedArticle,
  useClearArticlesMutation,
  useGeneratedArticlesQuery,
  useGeneratorControlMutation,
  useQueueStatusQuery,
  useRegenerateImageMutation,
} from '../../hooks/useGenerator';
import { useLiveMessages } from '../../hooks/useLiveEvents';
import { formatArticleAge } from '../../lib/ages';
import { safeHref } from '../../lib/articles';
import { saveFile } from '../../lib/downloads';
import {
  ARTICLES_PER_TAB,
  type ArticleSegment,
  articleBlocks,
  articleClipboardText,
  formatGeneratedAge,
  plainTitle,
  withScheme,
} from '../../lib/generated-articles';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';
import { SystemActivityLog } from './SystemActivityLog';

/** The generated articles' category tabs and their names. */
const CATEGORY_TABS: readonly (readonly [Topic | 'all', string])[] = [
  ['all', 'All'],
  ['health', 'Health'],
  ['finance', 'Finance'],
  ['usa', 'USA'],
  ['international', "Int'l"],
  ['tech', 'Tech/AI'],
  ['energy', 'Energy'],
  ['science', 'Science'],
  ['food', 'Food'],
];

const GENERATOR_BADGES: Record<string, { tone: BadgeTone; text: string }> = {
  running: { tone: 'green', text: 'Running' },
  generating: { tone: 'blue', text: 'Generating' },
  paused: { tone: 'yellow', text: 'Paused' },
  idle: { tone: 'grey', text: 'Idle' },
};

function GeneratorCard({ articleCount }: { articleCount: number }) {
  const status = useConsoleStatusQuery().data;
  const queue = useQueueStatusQuery().data;
  const control = useGeneratorControlMutation();
  const clear = useClearArticlesMutation();
  const [confirming, setConfirming] = useState(false);
  const [action, setAction] = useState<string | null>(null);
  const state = status?.generatorStatus ?? 'idle';
  const active = state === 'running' || state === 'generating';
  const badge = GENERATOR_BADGES[state] ?? { tone: 'grey' as const, text: 'Unknown' };
  // Every stored article, not only the 50 the list loads.
  const total = status?.totalArticlesGenerated ?? articleCount;

  useLiveMessages(['generator_action'], (message) => {
    if (typeof message.action === 'string') setAction(message.action);
  });
  // The action line clears when the generator is idle again.
  useEffect(() => {
    if (state === 'idle') setAction(null);
  }, [state]);

  return (
    <Panel title="Automatic Article Generator From Trends" actions={<Badge tone={badge.tone}>{badge.text}</Badge>} testId="generator">
      <div className="flex flex-wrap gap-2">
        {/* Failures of Start, Stop and Clear only give the button back. */}
        <button type="button" className="button-primary" disabled={active || control.isPending} onClick={() => control.mutate('run')}>
          {control.isPending && control.variables === 'run' && <Spinner className="mr-2 size-4" />}
          Start
        </button>
        <button type="button" className="button-danger" disabled={!active || control.isPending} onClick={() => control.mutate('stop')}>
          Stop
        </button>
        <button type="button" className="button-secondary" disabled={total === 0 || clear.isPending} onClick={() => setConfirming(true)}>
          Clear Articles
        </button>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Stat label="Articles Generated" value={status?.totalArticlesGenerated ?? 0} testId="articles-generated" />
        <Stat label="In Queue" value={queue?.queueLength ?? 0} />
        <Stat label="Last Run" value={status?.generatorLastRun ? formatArticleAge(status.generatorLastRun, Date.now()) : 'Never'} />
      </dl>
      {action && (
        <p role="status" className="mt-3 text-sm" data-testid="generator-action">
          <span className="font-medium">Current Action:</span> {action}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you sure?"
        description={`This will permanently delete all ${total} generated articles. This action cannot be undone.`}
        confirmLabel="YES"
        destructive
        onConfirm={() => clear.mutate()}
      />
    </Panel>
  );
}

function GenerationConfig() {
  return (
    <SettingsEditor
      group={[
        { key: 'article-gen-with-sources-config', title: 'With Source Articles' },
        { key: 'article-gen-no-sources-config', title: 'Without Source Articles' },
      ]}
      title="Article Generation AI Configuration"
      description="Used when a model is configured: with source articles for trends that have them, without for the others."
      name="article generation configuration"
      successToast={false}
      hints={{ userPrompt: 'Placeholder: %ArticleText%, replaced by the source articles.' }}
      rows={5}
      testId="generation-config"
    />
  );
}

function Segments({ segments }: { segments: ArticleSegment[] }) {
  return (
    <>
      {segments.map((segment, index) => {
        const href = segment.url ? safeHref(segment.url) : undefined;
        const text = href ? (
          <a key="link" className="link break-all" href={href} target="_blank" rel="noreferrer">
            {segment.text}
          </a>
        ) : (
          segment.text
        );
        return segment.bold ? <strong key={index}>{text}</strong> : <span key={index}>{text}</span>;
      })}
    </>
  );
}

function ArticleText({ article }: { article: GeneratedArticle }) {
  return (
    <div className="mt-3 space-y-3 text-sm leading-relaxed" data-testid="article-text">
      {articleBlocks(article.content).map((block, index) =>
        block.kind === 'heading' ? (
          <h5 key={index} className="pt-1 font-semibold">
            {block.text}
          </h5>
        ) : block.kind === 'link' ? (
          <p key={index}>
            <Segments segments={[{ text: block.url, bold: false, url: block.url }]} />
          </p>
        ) : block.kind === 'list' ? (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Segments segments={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <Segments segments={block.segments} />
          </p>
        ),
      )}
    </div>
  );
}

function ArticleCard({ article, open, onToggle }: { article: GeneratedArticle; open: boolean; onToggle: () => void }) {
  const regenerate = useRegenerateImageMutation();
  const { copied, copy } = useCopy();
  const [enlarged, setEnlarged] = useState(false);
  const [downloading, setDownloading] = useState<'txt' | 'docx' | null>(null);
  const title = plainTitle(article.title);
  const image = safeHref(article.imageUrl);
  const sources = article.sourceUrls ?? [];
  const contentId = `article-${article.id}-text`;

  const download = async (format: 'txt' | 'docx') => {
    setDownloading(format);
    try {
      const file = await downloadGeneratedArticle(article.id, format);
      const name = file.fileName ?? `Article-${article.id}.${format}`;
      saveFile(name, file.blob, file.blob.type);
      notifySuccess('Downloaded!', `Article saved as ${name}`);
    } catch {
      notifyInvalid(format === 'txt' ? 'Failed to download article' : 'Failed to download Word document');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <li className="rounded-lg border border-gray-200 p-3 dark:border-gray-800" data-testid="generated-article">
      <div className="flex gap-3">
        {image ? (
          <button
            type="button"
            onClick={() => setEnlarged(true)}
            aria-label={`Enlarge the image of "${title}"`}
            className="shrink-0 overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <img src={image} alt="" width={112} height={63} loading="lazy" className="h-16 w-28 object-cover" />
          </button>
        ) : (
          <div aria-hidden="true" className="h-16 w-28 shrink-0 rounded-md bg-gray-100 dark:bg-gray-800" />
        )}
        <div className="min-w-0 flex-1">
          <h4 className="font-semibold">
            <button
              type="button"
              onClick={onToggle}
              aria-expanded={open}
              aria-controls={contentId}
              className="text-left hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {title}
            </button>
          </h4>
          <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-400">
            {formatGeneratedAge(article.generatedAt, Date.now())} · {sources.length} {sources.length === 1 ? 'source' : 'sources'} · {article.wordCount} words
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <button
              type="button"
              className="button-secondary button-small"
              disabled={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(article.id, {
                  onSuccess: () => notifySuccess('Image Generated', 'Feature image has been regenerated successfully.'),
                  onError: (error) => notifyFailure(error, 'Failed to generate image. Please try again.', 'Generation Failed'),
                })
              }
              aria-label={`Regenerate the image of "${title}"`}
            >
              {regenerate.isPending && <Spinner className="mr-1.5 size-3.5" />}
              {regenerate.isPending ? 'Regenerating...' : 'Regenerate Image'}
            </button>
            <button
              type="button"
              className="button-secondary button-small"
              onClick={() => copy(articleClipboardText(article), 'Article')}
              aria-label={`Copy "${title}"`}
            >
              {copied ? 'Copied!' : 'Copy'}
            </button>
            <button
              type="button"
              className="button-secondary button-small"
              disabled={downloading !== null}
              onClick={() => void download('txt')}
              aria-label={`Download "${title}" as text`}
            >
              Download .txt
            </button>
            <button
              type="button"
              className="button-secondary button-small"
              disabled={downloading !== null}
              onClick={() => void download('docx')}
              aria-label={`Download "${title}" as Word`}
            >
              Download Word
            </button>
          </div>
        </div>
      </div>
      <div id={contentId} hidden={!open}>
        {open && (
          <>
            <ArticleText article={article} />
            {sources.length > 0 && !/\*\*Sources\*\*|^Sources:?$/im.test(article.content) && (
              <div className="mt-3">
                <h5 className="text-sm font-semibold">Sources</h5>
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
                  {sources.map((url) => (
                    <li key={url}>
                      <a className="link break-all" href={safeHref(withScheme(url))} target="_blank" rel="noreferrer">
                        {withScheme(url)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
      {image && (
        <Modal open={enlarged} onOpenChange={setEnlarged} title={title}>
          <img src={image} alt={`Illustration for "${title}"`} className="h-auto w-full rounded-md" />
        </Modal>
      )}
    </li>
  );
}

function GeneratedArticles({ articles }: { articles: ReturnType<typeof useGeneratedArticlesQuery> }) {
  const [category, setCategory] = useState<Topic | 'all'>('all');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const list = articles.data ?? [];
  const inCategory = (key: Topic | 'all') => (key === 'all' ? list : list.filter((article) => article.category === key));
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Panel title="Generated Articles" description={`The last ${ARTICLES_PER_TAB} articles of each category`} testId="generated-articles">
      {articles.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : articles.isError && !articles.data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the generated articles.
        </p>
      ) : (
        <Tabs value={category} onValueChange={(value) => setCategory(value as Topic | 'all')}>
          <TabList label="Article categories">
            {CATEGORY_TABS.map(([key, label]) => (
              <Tab key={key} value={key}>
                {label} ({inCategory(key).length})
              </Tab>
            ))}
          </TabList>
          {CATEGORY_TABS.map(([key, label]) => {
            const shown = inCategory(key).slice(0, ARTICLES_PER_TAB);
            return (
              <TabPanel key={key} value={key} className="mt-3">
                {shown.length === 0 ? (
                  <div className="py-8 text-center">
                    <p className="font-medium">No Articles in This Category</p>
                    <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
                      {key === 'all' ? 'Articles will appear here once the generator analyzes trending topics' : `No articles found in the ${label} category`}
                    </p>
                  </div>
                ) : (
                  <ul className="space-y-2">
                    {shown.map((article) => (
                      <ArticleCard key={article.id} article={article} open={open.has(article.id)} onToggle={() => toggle(article.id)} />
                    ))}
                  </ul>
                )}
              </TabPanel>
            );
          })}
        </Tabs>
      )}
    </Panel>
  );
}

/** Shown only while the queue holds items or the generator is at work. */
function GenerationQueue() {
  const queue = useQueueStatusQuery().data;
  if (!queue || (queue.items.length === 0 && !queue.isGenerating)) return null;
  return (
    <Panel
      title="Article Generation Queue"
      description={`${queue.queueLength} in the queue${queue.currentTrend ? ` · now: ${queue.currentTrend}` : ''}`}
      testId="generation-queue"
    >
      <ul
        className="max-h-[32rem] divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        tabIndex={0}
        aria-label="Queued trends"
      >
        {queue.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1">{item.trendTitle}</span>
            <Badge tone={item.status === 'generating' ? 'blue' : 'grey'}>{item.status}</Badge>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function ArticlesTab() {
  const articles = useGeneratedArticlesQuery();
  return (
    <div className="space-y-6">
      <GeneratorCard articleCount={articles.data?.length ?? 0} />
      <GenerationQueue />
      <GeneratedArticles articles={articles} />
      <GenerationConfig />
      <SystemActivityLog />
    </div>
  );
}
