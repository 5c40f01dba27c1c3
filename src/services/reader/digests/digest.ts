// The digest itself: for a reader's topics, the latest analysis's top stories (each with its story
// page and how many outlets tell it), the articles written since the last digest, and the latest
// bulletin; and the job that mails it — to every confirmed subscriber when the schedule's slot
// fires, or now, on the administrator's word (to everyone due, or as a test to one address).
import type { AppContext } from '../../../context.js';
import type { DigestFrequency, DigestSendResult } from '../../../api/subscriptions.js';
import { generatedArticlesSince } from '../../../db/generated-articles.js';
import { digestStoriesByTopic, type DigestStoryRow } from '../../../db/trends.js';
import { dueSubscribers, recordBounce, recordDigestSent, type SubscriberRow } from '../../../db/subscribers.js';
import { Conflict, Upstream } from '../../../errors.js';
import { PAGES, storyPagePath } from '../../../shared/pages.js';
import { TOPIC_NAMES, TOPICS, type Topic } from '../../../shared/topics.js';
import { latestNewsAudio } from '../../newsroom/audio/latest-news.js';
import { defineJob, isTerminal, startJob, startScheduledJob, waitForRun, type JobHandle, type JobSchedule } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { dailyRow } from '../../platform/schedule/rows.js';
import { WEEKDAY_NAMES, zonedTimeAt } from '../../platform/schedule/zoned-time.js';
import { getSetting } from '../../platform/settings/index.js';
import { html } from '../pages/html.js';
import { safePagePath } from '../pages/layout.js';
import { DIGESTS_OFF, emailSettings, openMailer, requireEmailSettings, type OutgoingMail } from './mailer.js';
import { digestOrigin, linkWithToken, mailFrame, unsubscribeHeaders } from './mail-text.js';
import { normaliseAddress, unsubscribeToken } from './subscriptions.js';

const DIGEST_JOB = 'email-digest';
/** Permanent refusals in a row before an address gets no more digests. */
export const BOUNCE_LIMIT = 3;
const ARTICLES_PER_DIGEST = 8;
const PERIOD_DAYS: Record<DigestFrequency, number> = { daily: 1, weekly: 7 };
/** A digest sent this recently counts as this period's (a retried run, a send-now after the slot). */
const RESENT_AFTER_HOURS: Record<DigestFrequency, number> = { daily: 20, weekly: 6 * 24 };

type DigestSettings = {
  dailyEnabled: boolean;
  dailyTime: string;
  weeklyDay: (typeof WEEKDAY_NAMES)[number];
  storiesPerTopic: number;
};

export interface DigestContent {
  stories: DigestStoryRow[];
  articles: { title: string; url: string; topic: Topic | null; excerpt: string }[];
  bulletin: { url: string; generatedAt: string } | null;
}

interface DigestParams {
  frequency?: DigestFrequency;
  /** A test digest to this one address (every topic), sent whether or not it subscribes. */
  to?: string;
  /** Sent on the administrator's word: answered as it went, never retried. */
  requested?: boolean;
}

async function digestContent(ctx: AppContext, topics: readonly Topic[], since: Date, storiesPerTopic: number): Promise<DigestContent> {
  const origin = digestOrigin(ctx.config);
  const [stories, articles, bulletin] = await Promise.all([
    digestStoriesByTopic(ctx.sql, topics, storiesPerTopic),
    generatedArticlesSince(ctx.sql, { since, topics, limit: ARTICLES_PER_DIGEST }),
    latestNewsAudio(ctx),
  ]);
  return {
    stories,
    articles: articles.flatMap((row) => {
      const page = safePagePath(row.htmlFilePath);
      return page ? [{ title: row.title, url: `${origin}${page}`, topic: row.category, excerpt: row.excerpt }] : [];
    }),
    bulletin:
      bulletin.exists && bulletin.audioUrl
        ? { url: bulletin.audioUrl.startsWith('/') ? `${origin}${bulletin.audioUrl}` : bulletin.audioUrl, generatedAt: bulletin.generatedAt! }
        : null,
  };
}

const outlets = (count: number) => (count === 1 ? 'told by 1 outlet' : `told by ${count} outlets`);
/** A story's source count, when it has sources to count (a story kept after its articles aged out has none). */
const toldBy = (story: DigestStoryRow) => (story.sourceCount > 0 ? outlets(story.sourceCount) : '');

/** The digest as a mail: plain text and HTML, the story list grouped by topic in the reader's order. */
export function digestMail(
  ctx: Pick<AppContext, 'config'>,
  content: DigestContent,
  reader: { email: string; frequency: DigestFrequency; unsubscribeUrl: string | null },
): OutgoingMail {
  const site = ctx.config.siteName;
  const origin = digestOrigin(ctx.config);
  const storyUrl = (story: DigestStoryRow) => `${origin}${storyPagePath(story)}`;
  const byTopic = TOPICS.map((topic) => ({ topic, stories: content.stories.filter((story) => story.topic === topic) })).filter((group) => group.stories.length);
  const lead = content.stories[0]?.title ?? content.articles[0]?.title;
  const subject = `${site} ${reader.frequency} digest${lead ? `: ${lead}` : ''}`.slice(0, 150);

  const day = new Intl.DateTimeFormat('en-US', { timeZone: ctx.config.timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(new Date());
  const text: string[] = [`Your ${reader.frequency} ${site} digest, ${day}.`, ''];
  for (const group of byTopic) {
    text.push(TOPIC_NAMES[group.topic].toUpperCase());
    for (const story of group.stories) text.push(`- ${story.title}${toldBy(story) ? ` (${toldBy(story)})` : ''}`, `  ${storyUrl(story)}`);
    text.push('');
  }
  if (content.articles.length) {
    text.push('NEW ARTICLES');
    for (const article of content.articles) text.push(`- ${article.title}`, `  ${article.url}`);
    text.push('');
  }
  if (content.bulletin) text.push(`Listen to the latest news bulletin: ${content.bulletin.url}`, '');
  if (!byTopic.length && !content.articles.length) text.push('Nothing new in your topics since the last digest.', '');
  text.push(`Read more at ${origin}${PAGES.home}`);
  if (reader.unsubscribeUrl) text.push('', `Unsubscribe: ${reader.unsubscribeUrl}`);

  const h2 = 'margin:24px 0 8px;font:700 13px Arial,sans-serif;letter-spacing:0.08em;text-transform:uppercase;color:#8a1c1c';
  const body = html`<p style="font:15px/1.5 Arial,sans-serif;color:#333;margin:0">Your ${reader.frequency} digest, ${day}.</p>
${byTopic.map(
  (group) => html`<h2 style="${h2}">${TOPIC_NAMES[group.topic]}</h2>
${group.stories.map(
  (story) =>
    html`<p style="margin:0 0 14px"><a href="${storyUrl(story)}" style="font:700 18px/1.3 Georgia,serif;color:#1a1a1a;text-decoration:none">${story.title}</a>${toldBy(story) ? html`<br><span style="font:13px/1.5 Arial,sans-serif;color:#666">${toldBy(story)}</span>` : ''}${story.description ? html`<br><span style="font:15px/1.5 Georgia,serif;color:#333">${story.description}</span>` : ''}</p>`,
)}`,
)}
${content.articles.length ? html`<h2 style="${h2}">New articles</h2>${content.articles.map((article) => html`<p style="margin:0 0 12px"><a href="${article.url}" style="font:700 16px/1.3 Georgia,serif;color:#1a1a1a">${article.title}</a><br><span style="font:14px/1.5 Georgia,serif;color:#333">${article.excerpt}</span></p>`)}` : ''}
${content.bulletin ? html`<p style="margin:24px 0 0;font:15px Arial,sans-serif"><a href="${content.bulletin.url}" style="color:#8a1c1c">▶ Listen to the latest news bulletin</a></p>` : ''}
${!byTopic.length && !content.articles.length ? html`<p style="font:15px Arial,sans-serif">Nothing new in your topics since the last digest.</p>` : ''}`;
  const footer = reader.unsubscribeUrl
    ? html`You get this because you subscribed at ${origin}. <a href="${reader.unsubscribeUrl}" style="color:#555">Unsubscribe</a>.`
    : html`A test digest, sent by the administrator of ${origin}.`;
  return {
    to: reader.email,
    subject,
    text: text.join('\n'),
    html: mailFrame(site, body, footer),
    ...(reader.unsubscribeUrl ? { headers: unsubscribeHeaders(reader.unsubscribeUrl) } : {}),
  };
}

/** Which frequencies a slot on this day sends: daily ones, and the weekly ones on their day. */
function frequenciesOn(ctx: AppContext, settings: DigestSettings, at: number): DigestFrequency[] {
  const weekday = WEEKDAY_NAMES[zonedTimeAt(at, ctx.config.timeZone).weekday];
  return weekday === settings.weeklyDay ? ['daily', 'weekly'] : ['daily'];
}

function alreadySent(row: SubscriberRow, frequency: DigestFrequency, now: number): boolean {
  return row.lastDigestAt !== null && now - row.lastDigestAt.getTime() < RESENT_AFTER_HOURS[frequency] * 3600_000;
}

async function sendDigests(ctx: AppContext, params: DigestParams, job: JobHandle): Promise<DigestSendResult> {
  const email = await emailSettings(ctx);
  if (!email) return { message: DIGESTS_OFF, sent: 0, failed: 0, skipped: 0, frequencies: [] };
  const settings = await getSetting<DigestSettings>(ctx, 'digest-settings');
  const now = Date.now();
  const mailer = openMailer(email);
  const result = { sent: 0, failed: 0, skipped: 0 };
  let lastError = '';
  try {
    if (params.to) {
      const frequency = params.frequency ?? 'daily';
      const content = await digestContent(ctx, TOPICS, new Date(now - PERIOD_DAYS[frequency] * 86_400_000), settings.storiesPerTopic);
      const outcome = await mailer.send(digestMail(ctx, content, { email: params.to, frequency, unsubscribeUrl: null }));
      return outcome.ok
        ? { message: `Test digest sent to ${params.to}`, sent: 1, failed: 0, skipped: 0, frequencies: [frequency] }
        : { message: `The test digest to ${params.to} was not sent: ${outcome.error}`, sent: 0, failed: 1, skipped: 0, frequencies: [frequency] };
    }
    const frequencies = params.frequency ? [params.frequency] : frequenciesOn(ctx, settings, now);
    // Readers with the same topics and period get the same digest: built once.
    const built = new Map<string, DigestContent>();
    for (const frequency of frequencies) {
      for (const row of await dueSubscribers(ctx.sql, frequency)) {
        if (job.signal.aborted) break;
        if (alreadySent(row, frequency, now)) {
          result.skipped++;
          continue;
        }
        const since = new Date(Math.max(row.lastDigestAt?.getTime() ?? 0, now - PERIOD_DAYS[frequency] * 86_400_000));
        const topics = row.topics.filter((topic): topic is Topic => TOPICS.includes(topic as Topic));
        const key = `${topics.join(',')}@${since.toISOString().slice(0, 13)}`;
        let content = built.get(key);
        if (!content) built.set(key, (content = await digestContent(ctx, topics, since, settings.storiesPerTopic)));
        if (!content.stories.length && !content.articles.length) {
          result.skipped++;
          continue;
        }
        const unsubscribeUrl = linkWithToken(ctx.config, PAGES.unsubscribe, await unsubscribeToken(ctx, row.email));
        const outcome = await mailer.send(digestMail(ctx, content, { email: row.email, frequency, unsubscribeUrl }));
        if (outcome.ok) {
          await recordDigestSent(ctx.sql, row.id);
          result.sent++;
        } else {
          result.failed++;
          lastError = outcome.error;
          if (outcome.permanent) await recordBounce(ctx.sql, row.id, outcome.error, BOUNCE_LIMIT);
        }
        job.progress({ ...result });
      }
    }
    const message = `Digests sent: ${result.sent}, failed: ${result.failed}, skipped: ${result.skipped}`;
    if (result.sent || result.failed)
      await logEvent(ctx, LOG_COMPONENTS.system, result.failed ? 'warning' : 'info', `${message} (${frequencies.join(' and ')})`);
    // The server away for every reader: the scheduled run tries again later (the ones sent are not sent twice).
    if (!params.requested && result.failed && !result.sent) throw new Error(`No digest could be sent: ${lastError}`);
    return { message, ...result, frequencies };
  } finally {
    mailer.close();
  }
}

/** The daily row of digest-settings, off while no e-mail server is set. */
function digestSchedule(): JobSchedule {
  const row = dailyRow('digest', 'digest-settings', { label: 'Scheduled e-mail digest', component: LOG_COMPONENTS.system }, (ctx, slot) =>
    startScheduledJob(ctx, DIGEST_JOB, slot),
  );
  return {
    ...row,
    rearmOn: ['email'],
    describe: async (ctx) => ((await emailSettings(ctx)) ? row.describe(ctx) : 'off (no e-mail server is set)'),
    cron: async (ctx) => ((await emailSettings(ctx)) ? row.cron(ctx) : []),
  };
}

export const emailDigestJob = defineJob({
  name: DIGEST_JOB,
  label: 'E-mail digest',
  retry: { limit: 2, delaySeconds: 300 },
  run: (ctx, params: DigestParams, job) => sendDigests(ctx, params, job),
  schedule: digestSchedule(),
});

/** POST /api/digests/send and `newsctl digest send`: sends now and answers what was sent. */
export async function sendDigestNow(ctx: AppContext, request: DigestParams): Promise<DigestSendResult> {
  await requireEmailSettings(ctx);
  const params: DigestParams = {
    requested: true,
    ...(request.frequency ? { frequency: request.frequency } : {}),
    ...(request.to ? { to: normaliseAddress(request.to) } : {}),
  };
  const { run } = await startJob(ctx, DIGEST_JOB, { ...params });
  const ended = await waitForRun(ctx, run.id, { timeoutMs: 10 * 60_000 });
  if (!ended || !isTerminal(ended.status)) throw Conflict('The digest is still being sent; see the jobs list for its progress');
  if (ended.status === 'completed') {
    const result = ended.result as DigestSendResult;
    if (params.to && result.failed) throw Upstream(result.message);
    return result;
  }
  throw Upstream(`The digest was not sent: ${ended.error ?? 'unknown error'}`);
}
