// The latest-news bulletin: a fixed
// greeting, the pre-plug, a summary of today's top stories, the ending plug — one narrator, one
// MP3. The summary comes from the latest-news prompt and the model when one is configured;
// offline it is the stories' own key sentences with a spoken transition between stories.
import { existsSync } from 'node:fs';
import type { GenerateLatestNewsAudioResponse, LatestNewsAudio } from '../../../api/audio.js';
import type { AppContext } from '../../../context.js';
import { latestAudioAsset } from '../../../db/audio.js';
import { insertScript, pruneScripts } from '../../../db/scripts.js';
import { Invalid } from '../../../errors.js';
import { chatModelFor } from '../../platform/models.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { zonedTimeAt } from '../../platform/schedule/zoned-time.js';
import { dailyRow } from '../../platform/schedule/rows.js';
import { startScheduledJob, type ScheduledStartAnswer } from '../../platform/jobs/index.js';
import { audioFilePath, audioUrl } from './files.js';
import { defineAudioJob, runAudioJob, type AudioJobHandle } from './jobs.js';
import { produceAudio } from './produce.js';
import { parseScript, type ScriptLine } from './script.js';
import { chapterStoriesOf, peopleNamer, reportedBy, TOPIC_PHRASES, topStories, type Story } from './stories.js';
import { narratorVoice } from './voices.js';

export type { LatestNewsAudio } from '../../../api/audio.js';

export interface LatestNewsAudioResult extends GenerateLatestNewsAudioResponse {
  assetId: number;
}

const BULLETIN_STORIES = 6;
const NO_NEWS = 'There is no news to summarise yet: run the spider and the trends analyzer first.';
const NARRATOR = 'Narrator';

type Ctx = AppContext;

export async function latestNewsAudio(ctx: Pick<AppContext, 'sql' | 'config'>): Promise<LatestNewsAudio> {
  const asset = await latestAudioAsset(ctx.sql, 'latest-news');
  if (!asset || !existsSync(audioFilePath(ctx.config, asset.fileName))) return { exists: false };
  return { exists: true, audioUrl: audioUrl(asset.fileName, asset.generatedAt), generatedAt: asset.generatedAt.toISOString() };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The fixed greeting: the same words every time but for the site's name and the day. */
function greeting(siteName: string, at: Date, timeZone: string): string {
  const t = zonedTimeAt(at.getTime(), timeZone);
  return `Hello, and welcome to the ${siteName} News Podcast. Here is the latest news for ${WEEKDAYS[t.weekday]}, ${MONTHS[t.month - 1]} ${t.day}.`;
}

/** What is said before a story: its topic, that the topic goes on, or that the bulletin comes back to it. */
function transition(story: Story, index: number, count: number, earlier: readonly Story[]): string {
  const topic = TOPIC_PHRASES[story.topic];
  const final = index === count - 1;
  if (index === 0) return `First, in ${topic}.`;
  if (earlier.at(-1)?.topic === story.topic) return final ? `And one more story in ${topic}.` : `Also in ${topic}.`;
  if (earlier.some((told) => told.topic === story.topic)) return final ? `And finally, back to ${topic}.` : `Back to ${topic}.`;
  if (final) return `And finally, in ${topic}.`;
  const phrases = [`Next, in ${topic}.`, `Turning to ${topic}.`, `Now to ${topic}.`, `In ${topic} today.`];
  return phrases[(index - 1) % phrases.length]!;
}

/** The offline summary: per story a transition, what happened, who, why it matters, and who reported it. */
export function offlineSummary(stories: readonly Story[]): string[] {
  const paragraphs: string[] = [`Here are today's top stories.[pause short]`];
  stories.forEach((story, index) => {
    // Each person named in full at first mention, by surname after, in the order spoken.
    const fact = peopleNamer(story);
    const sentences = [transition(story, index, stories.length, stories.slice(0, index)), fact(story.lead)];
    if (story.who && story.who !== story.lead) sentences.push(fact(story.who));
    if (story.why && story.why !== story.lead && story.why !== story.who) sentences.push(fact(story.why));
    const reporters = reportedBy(story);
    if (reporters && story.siteCount > 1) sentences.push(`That story was reported by ${reporters}.`);
    else if (reporters && story.sites.length === 1) sentences.push(`That is according to ${reporters}.`);
    paragraphs.push(`${sentences.join(' ')}[pause]`);
  });
  paragraphs.push(`That's the latest news for now. Thanks for listening.`);
  return paragraphs;
}

/** The {trends} text a prompt receives: each story with its topic, description and key facts. */
export function storiesForPrompt(stories: readonly Story[]): string {
  return stories
    .map((story, index) => {
      const facts = [story.lead, ...story.facts.slice(0, 4)].join(' ');
      return `${index + 1}. ${story.title} (${story.topic}; reported by ${reportedBy(story, 6) ?? 'one source'})\n${story.description}\nKey facts: ${facts}`;
    })
    .join('\n\n');
}

/** A model's reply as plain paragraphs a narrator reads: no Markdown, headings or lists. */
function plainParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+\.)\s)/)
    .map((paragraph) =>
      paragraph
        .replace(/^#+\s*/gm, '')
        .replace(/^\s*(?:[-*•]|\d+\.)\s+/gm, '')
        .replace(/\*\*|__|\*|`/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((paragraph) => /[\p{L}\p{N}]/u.test(paragraph));
}

export function fillPrompt(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

async function summary(ctx: Ctx, stories: readonly Story[], signal: AbortSignal): Promise<{ paragraphs: string[]; writer: 'model' | 'offline' }> {
  const model = chatModelFor(ctx);
  if (model) {
    try {
      const { promptText } = await getSetting<{ promptText: string }>(ctx, 'latest-news-prompt');
      const reply = await model.complete({
        feature: 'latest-news-audio',
        messages: [{ role: 'user', content: fillPrompt(promptText, { trends: storiesForPrompt(stories) }) }],
        temperature: 0.4,
        signal,
      });
      const paragraphs = plainParagraphs(reply.text);
      if (paragraphs.length > 0) return { paragraphs, writer: 'model' };
    } catch (error) {
      if (signal.aborted) throw error;
      await logEvent(ctx, LOG_COMPONENTS.audio, 'warning', `Latest news summary: the model failed (${(error as Error).message}); using the offline summary`);
    }
  }
  return { paragraphs: offlineSummary(stories), writer: 'offline' };
}

/** The bulletin as narrator lines, in the product's order. */
export async function bulletinScript(
  ctx: Ctx,
  at: Date,
  signal: AbortSignal,
): Promise<{ lines: ScriptLine[]; text: string; stories: Story[]; writer: 'model' | 'offline' }> {
  const stories = await topStories(ctx, BULLETIN_STORIES, signal);
  if (stories.length === 0) throw Invalid(NO_NEWS);
  const [{ prePlug, endingPlug }, written] = await Promise.all([
    getSetting<{ prePlug: string; endingPlug: string }>(ctx, 'audio-ads'),
    summary(ctx, stories, signal),
  ]);
  const paragraphs = [greeting(ctx.config.siteName, at, ctx.config.timeZone), prePlug.trim(), ...written.paragraphs, endingPlug.trim()].filter(Boolean);
  const text = paragraphs.map((paragraph) => `${NARRATOR}: ${paragraph.replace(/\n+/g, ' ')}`).join('\n');
  return { lines: parseScript(text, [NARRATOR]), text, stories, writer: written.writer };
}

function status(ctx: Pick<AppContext, 'events'>, message: string): void {
  ctx.events.emit('audioGenerationStatus', { message });
}

/** The job: (ctx, params, {signal, progress}) → the stored bulletin. */
async function generateLatestNewsAudioJob(ctx: Ctx, _params: object, job: AudioJobHandle): Promise<LatestNewsAudioResult> {
  const started = new Date();
  try {
    status(ctx, "Gathering today's top stories...");
    job.progress({ stage: 'stories' });
    const { voice } = await getSetting<{ voice: string }>(ctx, 'latest-news-audio-settings');
    const narrator = await narratorVoice(ctx, voice, 'The latest news narrator');
    const script = await bulletinScript(ctx, started, job.signal);
    await insertScript(ctx.sql, { kind: 'latest-news', scriptText: script.text, meta: { writer: script.writer, stories: script.stories.map((s) => s.title) } });
    await pruneScripts(ctx.sql, 'latest-news', 20);
    status(ctx, `Recording ${script.stories.length} stories...`);
    const produced = await produceAudio(ctx, {
      kind: 'latest-news',
      jobKey: job.key,
      lines: script.lines,
      voiceOf: () => narrator,
      meta: {
        title: `Latest news — ${greeting(ctx.config.siteName, started, ctx.config.timeZone)
          .replace(/^.*latest news for /, '')
          .replace(/\.$/, '')}`,
        description: script.stories.map((story) => story.title).join(' · '),
        writer: script.writer,
      },
      job,
      chapterStories: chapterStoriesOf(script.stories),
      onLine: ({ current, total }) => {
        if (current === total) status(ctx, 'Mixing and normalising the audio...');
      },
    });
    const generatedAt = produced.asset.generatedAt.toISOString();
    ctx.events.emit('latest_news_audio', { audioUrl: produced.audioUrl, generatedAt });
    status(ctx, 'Latest news audio generated successfully');
    await logEvent(
      ctx,
      LOG_COMPONENTS.audio,
      'info',
      `Latest news audio generated: ${script.stories.length} stories, ${produced.durationSeconds.toFixed(0)} s (${script.writer})`,
    );
    return {
      audioUrl: produced.audioUrl,
      generatedAt,
      durationSeconds: produced.durationSeconds,
      assetId: produced.asset.id,
      stories: script.stories.length,
      writer: script.writer,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    status(ctx, `Latest news audio failed: ${message}`);
    await logEvent(ctx, LOG_COMPONENTS.audio, 'error', `Latest news audio failed: ${message}`);
    throw error;
  }
}

export const LATEST_NEWS_AUDIO_JOB = defineAudioJob({
  name: 'latest-news-audio',
  kind: 'latest-news',
  run: generateLatestNewsAudioJob,
  // The daily bulletin: its row of the schedule (latest-news-audio-settings: dailyEnabled, dailyTime).
  schedule: dailyRow('bulletin', 'latest-news-audio-settings', { label: 'Scheduled latest news audio', component: LOG_COMPONENTS.audio }, startDailyBulletin),
});

async function startDailyBulletin(ctx: AppContext, slot: string): Promise<ScheduledStartAnswer> {
  // The slot names the run: however many daemons fire it, it runs once.
  const answer = await startScheduledJob(ctx, 'latest-news-audio', slot);
  if (answer.outcome === 'started') {
    const { dailyTime } = await getSetting<{ dailyTime: string }>(ctx, 'latest-news-audio-settings');
    await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Daily latest news audio started (${dailyTime})`);
  }
  return answer;
}

/** POST /api/generate-latest-news-audio: queues the job and answers when it is done. */
export async function generateLatestNewsAudio(ctx: Ctx): Promise<LatestNewsAudioResult> {
  // What would fail the run is a 400 now, not a failed run later.
  const { voice } = await getSetting<{ voice: string }>(ctx, 'latest-news-audio-settings');
  await narratorVoice(ctx, voice, 'The latest news narrator');
  if ((await topStories(ctx, 1)).length === 0) throw Invalid(NO_NEWS);
  return runAudioJob(ctx, LATEST_NEWS_AUDIO_JOB, {});
}
