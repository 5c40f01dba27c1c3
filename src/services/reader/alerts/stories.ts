// Story alerts: when an analysis stores a topic's stories, a story new to the site is announced to
// the browsers following its topic (push-settings' newStories), and a story told by enough outlets
// (bigStorySources) to them and to the operators' ntfy topic. Each story gets each alert once in the
// cluster (story_alerts); the sending is a queued job, so an analysis never waits on push services.
import type { AppContext } from '../../../context.js';
import { claimStoryAlert, storiesWithSourceCounts, type AlertStoryRow } from '../../../db/push.js';
import { createOutboundClient, describeOutboundFailure } from '../../../net/index.js';
import { storyPagePath } from '../../../shared/pages.js';
import { TOPIC_NAMES, type Topic } from '../../../shared/topics.js';
import { counted } from '../../../shared/words.js';
import { defineJob, enqueue } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { digestOrigin } from '../digests/mail-text.js';
import { pushToFollowers, type PushAlert } from './push.js';

const ALERT_JOB = 'story-alert';
type AlertKind = 'new' | 'big';

type PushSettings = { newStories: boolean; bigStorySources: number };
type NtfySettings = { url: string; token: string };

function alertOf(story: AlertStoryRow, kind: AlertKind): PushAlert {
  const topic = TOPIC_NAMES[story.topic as Topic] ?? story.topic;
  return {
    title: kind === 'new' ? `New in ${topic}` : `Big story in ${topic}`,
    body: `${story.title} — ${kind === 'big' ? 'now ' : ''}told by ${counted(story.sourceCount, 'outlet')}`,
    url: storyPagePath(story),
    tag: `story-${story.id}`,
  };
}

/**
 * Called with a topic's stories as an analysis stored them (`created`: those new to the site):
 * queues each alert that is due. Never throws: an alert must not fail the analysis.
 */
export async function alertStories(ctx: AppContext, trendIds: readonly number[], created: ReadonlySet<number>): Promise<void> {
  try {
    const settings = await getSetting<PushSettings>(ctx, 'push-settings');
    for (const story of await storiesWithSourceCounts(ctx.sql, trendIds)) {
      const due: AlertKind[] = [];
      if (settings.newStories && created.has(story.id)) due.push('new');
      if (story.sourceCount >= settings.bigStorySources) due.push('big');
      for (const kind of due) if (await claimStoryAlert(ctx.sql, story.id, kind)) await enqueue(ctx, ALERT_JOB, { trendId: story.id, kind });
    }
  } catch (error) {
    await logEvent(ctx, LOG_COMPONENTS.trends, 'warning', `Story alerts not queued: ${error instanceof Error ? error.message : String(error)}`).catch(() => {});
  }
}

/** The operators' ntfy topic: a JSON publish to its server (titles may be in any script; headers may not). */
async function sendToNtfy(ctx: AppContext, ntfy: NtfySettings, alert: PushAlert, signal: AbortSignal): Promise<string | null> {
  const url = new URL(ntfy.url);
  const topic = url.pathname.replace(/^\/+|\/+$/g, '');
  const client = createOutboundClient(ctx.config, { maxBodyBytes: 64 * 1024, totalTimeoutMs: 15_000 });
  try {
    await client.fetch(new URL('/', url).href, {
      method: 'POST',
      signal,
      headers: { 'content-type': 'application/json', ...(ntfy.token ? { authorization: `Bearer ${ntfy.token}` } : {}) },
      body: JSON.stringify({ topic, title: alert.title, message: alert.body, click: `${digestOrigin(ctx.config)}${alert.url}`, tags: ['newspaper'] }),
    });
    return null;
  } catch (error) {
    return describeOutboundFailure(error, ntfy.url);
  } finally {
    client.close();
  }
}

async function sendStoryAlert(ctx: AppContext, params: { trendId: number; kind: AlertKind }, signal: AbortSignal) {
  const [story] = await storiesWithSourceCounts(ctx.sql, [params.trendId]);
  if (!story) return { sent: 0, removed: 0, failed: 0, ntfy: 'skipped' };
  const alert = alertOf(story, params.kind);
  const pushed = await pushToFollowers(ctx, story.topic, alert, signal);
  const ntfy = await getSetting<NtfySettings>(ctx, 'ntfy');
  const ntfyError = params.kind === 'big' && ntfy.url ? await sendToNtfy(ctx, ntfy, alert, signal) : null;
  const problems = [pushed.error, ntfyError].filter(Boolean);
  if (problems.length)
    await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Alert "${alert.title}: ${story.title}" not delivered everywhere: ${problems.join('; ')}`);
  return {
    sent: pushed.sent,
    removed: pushed.removed,
    failed: pushed.failed,
    ntfy: ntfy.url && params.kind === 'big' ? (ntfyError ? 'failed' : 'sent') : 'skipped',
  };
}

export const storyAlertJob = defineJob({
  name: ALERT_JOB,
  label: 'Story alert',
  exclusive: false,
  concurrency: 2,
  run: (ctx, params: { trendId: number; kind: AlertKind }, job) => sendStoryAlert(ctx, params, job.signal),
});
