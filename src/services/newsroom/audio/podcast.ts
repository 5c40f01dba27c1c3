// The two-speaker podcast: a script about today's
// top stories (the conversational prompts and model, or the offline conversation), an enhancement
// that adds what the sources say beyond the script, and the audio in the speakers' voices.
import type { AppContext } from '../../../context.js';
import type { EnhanceScriptResponse, GenerateAudioResponse, GenerateScriptResponse, LastConversationalScript } from '../../../api/audio.js';
import { latestAudioAsset } from '../../../db/audio.js';
import { deleteScripts, editedAtOf, insertScript, latestScript, pruneScripts } from '../../../db/scripts.js';
import { Invalid } from '../../../errors.js';
import { chatModelFor, modelNameFor } from '../../platform/models.js';
import { sameFact } from '../generator/offline-writer.js';
import { shapeSentence, termSet } from '../generator/sentences.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { offlineConversation } from './conversation.js';
import { audioUrl, localDate } from './files.js';
import { defineAudioJob, runAudioJob, type AudioJobHandle } from './jobs.js';
import { fillPrompt, storiesForPrompt } from './latest-news.js';
import { produceAudio } from './produce.js';
import { cleanScript, parseScript, type Replacement } from './script.js';
import { chapterStoriesOf, topStories, type Story } from './stories.js';
import { castOf } from './voices.js';

export const NO_SCRIPT = 'No script available. Generate a script first.';
const PODCAST_STORIES = 5;

type Ctx = AppContext;

async function replacements(ctx: Pick<AppContext, 'sql'>): Promise<Replacement[]> {
  return (await getSetting<{ replacements: Replacement[] }>(ctx, 'script-replacements')).replacements;
}

/** A script as the clean-up rules want it, with the podcast's speakers. */
export async function cleanPodcastScript(ctx: Pick<AppContext, 'sql'>, script: string): Promise<string> {
  const [cast, table] = await Promise.all([castOf(ctx, 'conversational-audio-speakers'), replacements(ctx)]);
  return cleanScript(
    script,
    table,
    cast.speakers.map((speaker) => speaker.name),
  );
}

async function modelReply(ctx: Ctx, feature: string, system: string, user: string, signal?: AbortSignal): Promise<string | null> {
  const model = chatModelFor(ctx);
  if (!model) return null;
  try {
    const reply = await model.complete({
      feature,
      model: await modelNameFor(ctx, 'conversational-audio-model-name'),
      messages: [...(system.trim() ? [{ role: 'system' as const, content: system }] : []), { role: 'user', content: user }],
      temperature: 0.7,
      signal,
    });
    return reply.text.trim() || null;
  } catch (error) {
    if (signal?.aborted) throw error;
    await logEvent(ctx, LOG_COMPONENTS.audio, 'warning', `${feature}: the model failed (${(error as Error).message}); using the offline writer`);
    return null;
  }
}

export async function generateConversationalScript(ctx: Ctx): Promise<GenerateScriptResponse> {
  const stories = await topStories(ctx, PODCAST_STORIES);
  if (stories.length === 0) throw Invalid('There is no news to talk about yet: run the spider and the trends analyzer first.');
  const [system, user, cast] = await Promise.all([
    getSetting<{ promptText: string }>(ctx, 'conversational-audio-system-prompt'),
    getSetting<{ promptText: string }>(ctx, 'conversational-audio-user-prompt'),
    castOf(ctx, 'conversational-audio-speakers'),
  ]);
  const names = cast.speakers.map((speaker) => speaker.name);
  const hosts: [string, string] = [names[0]!, names[1] ?? names[0]!];
  const reply = await modelReply(ctx, 'conversational-script', system.promptText, fillPrompt(user.promptText, { trends: storiesForPrompt(stories) }));
  const writer = reply ? 'model' : 'offline';
  const script = await cleanPodcastScript(ctx, reply ?? offlineConversation(stories, hosts, ctx.config.siteName));
  // A new script clears the enhanced one.
  await deleteScripts(ctx.sql, ['conversational-enhanced']);
  await insertScript(ctx.sql, { kind: 'conversational', scriptText: script, meta: { writer, stories: stories.map((story) => story.title) } });
  await pruneScripts(ctx.sql, 'conversational', 20);
  await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Podcast script generated (${writer}, ${stories.length} stories)`);
  return { script, writer, stories: stories.length };
}

/**
 * The story's sentences the script does not say, in order. A sentence that leans on the one before
 * it ("We will rebuild," she said. / He added that…) is only added right after that sentence, in
 * the same line, so a quotation never comes without the sentence that names its speaker.
 */
function unsaidFacts(sentences: readonly string[], said: (sentence: string) => boolean): string[] {
  const added: string[] = [];
  let previousAdded = false;
  for (const sentence of sentences) {
    if (said(sentence)) {
      previousAdded = false;
      continue;
    }
    const leans = shapeSentence(sentence)?.dangling ?? false;
    if (!leans) added.push(sentence);
    else if (previousAdded) added[added.length - 1] += ` ${sentence}`;
    previousAdded = !leans || previousAdded;
  }
  return added;
}

/**
 * Offline enhancement: for each story, the facts its sources hold that the script does not say yet
 * are added where the script talks about it, by the host who did not lead that part, with a pause
 * before each handover. sourcesCount: the stories whose sources added something.
 */
export function enhanceOffline(script: string, stories: readonly Story[], hosts: readonly string[]): { script: string; sourcesCount: number } {
  const lines = script.split('\n');
  const lineTerms = lines.map((line) => termSet(line));
  let sourcesCount = 0;
  const insertions = new Map<number, string[]>();
  for (const story of stories) {
    const storyTerms = termSet(`${story.title} ${story.lead}`);
    // Where the script talks about this story: the last line sharing most of its terms.
    let at = -1;
    let best = 0;
    lineTerms.forEach((terms, index) => {
      let shared = 0;
      for (const term of storyTerms) if (terms.has(term)) shared++;
      if (shared >= Math.max(2, best)) {
        best = shared;
        at = index;
      }
    });
    if (at < 0) continue;
    const unsaid = unsaidFacts([story.lead, ...story.facts], (fact) => lineTerms.some((terms) => sameFact(termSet(fact), terms)));
    if (unsaid.length === 0) continue;
    const speakerOf = (line: string | undefined) => (line === undefined ? undefined : /^([^:]+):/.exec(line)?.[1]);
    const speaker = speakerOf(lines[at]) ?? hosts[0]!;
    const other = hosts.find((host) => host !== speaker) ?? speaker;
    const facts = unsaid.slice(0, 2);
    // The added lines alternate from the other host and must hand back to whoever speaks next:
    // when they would not (one fact between two hosts' lines), the first fact continues the line
    // it follows, in that host's voice, rather than one host speaking twice in a row.
    const next = speakerOf(insertions.has(at) ? insertions.get(at)!.at(-1) : lines[at + 1]) ?? speakerOf(lines[at + 1]);
    const lastSpeaker = facts.length % 2 === 1 ? other : speaker;
    if (next !== undefined && lastSpeaker === next && other !== speaker) {
      const first = facts.shift()!;
      if (insertions.has(at)) insertions.get(at)!.push(`${speaker}: There is more: ${first}`);
      else lines[at] = `${lines[at]} To add some detail: ${first}`;
    }
    const added = facts.map((fact, i) => `${i === 0 ? other : speaker}: ${i === 0 ? 'To add some detail:' : 'There is more:'} ${fact}`);
    insertions.set(at, [...(insertions.get(at) ?? []), ...added]);
    sourcesCount += story.siteCount;
  }
  const out: string[] = [];
  lines.forEach((line, index) => {
    out.push(line);
    for (const added of insertions.get(index) ?? []) out.push(added);
  });
  return { script: out.join('\n'), sourcesCount };
}

export async function enhanceConversationalScript(ctx: Ctx, input: { script?: string }): Promise<EnhanceScriptResponse> {
  const original = input.script?.trim() || (await latestScript(ctx.sql, 'conversational'))?.scriptText;
  if (!original) throw Invalid(NO_SCRIPT);
  const stories = await topStories(ctx, PODCAST_STORIES);
  const cast = await castOf(ctx, 'conversational-audio-speakers');
  const { promptText } = await getSetting<{ promptText: string }>(ctx, 'conversational-audio-refinement-prompt');
  const sources = storiesForPrompt(stories);
  const prompt = `${fillPrompt(promptText, { script: original, trends: sources })}${promptText.includes('{trends}') ? '' : `\n\nSource material you may draw facts from:\n\n${sources}`}`;
  const reply = await modelReply(ctx, 'conversational-enhance', '', prompt);
  const enhanced = reply
    ? { script: reply, sourcesCount: stories.reduce((sum, story) => sum + story.siteCount, 0) }
    : enhanceOffline(
        original,
        stories,
        cast.speakers.map((speaker) => speaker.name),
      );
  const enhancedScript = await cleanPodcastScript(ctx, enhanced.script);
  await insertScript(ctx.sql, {
    kind: 'conversational-enhanced',
    scriptText: enhancedScript,
    meta: { writer: reply ? 'model' : 'offline', sourcesCount: enhanced.sourcesCount },
  });
  await pruneScripts(ctx.sql, 'conversational-enhanced', 5);
  return { enhancedScript, sourcesCount: enhanced.sourcesCount };
}

export async function lastConversationalScript(ctx: Pick<AppContext, 'sql'>): Promise<LastConversationalScript> {
  const [original, enhanced, audio] = await Promise.all([
    latestScript(ctx.sql, 'conversational'),
    latestScript(ctx.sql, 'conversational-enhanced'),
    latestAudioAsset(ctx.sql, 'podcast'),
  ]);
  const current = enhanced && (!original || enhanced.generatedAt >= original.generatedAt) ? enhanced : original;
  const shown = current === enhanced ? [enhanced, original] : [original];
  const edits = shown.map(editedAtOf).filter((at): at is Date => at !== null);
  // Audio older than the last edit of the spoken script was made from other words: not offered as its audio.
  const since = current ? Math.max(current.generatedAt.getTime(), editedAtOf(current)?.getTime() ?? 0) : Infinity;
  return {
    scriptText: current?.scriptText ?? '',
    generatedAt: current?.generatedAt.toISOString() ?? null,
    editedAt: edits.length ? new Date(Math.max(...edits.map((at) => at.getTime()))).toISOString() : null,
    enhanced: Boolean(current && current === enhanced),
    originalScriptText: current === enhanced ? (original?.scriptText ?? null) : null,
    audioUrl: audio && audio.generatedAt.getTime() >= since ? audioUrl(audio.fileName, audio.generatedAt) : null,
  };
}

export interface PodcastAudioParams {
  /** The clean script to speak. */
  script: string;
}

/** The job: (ctx, {script}, {signal, progress}) → the stored podcast, recorded under the job's key. */
async function podcastAudioJob(ctx: Ctx, params: PodcastAudioParams, job: AudioJobHandle): Promise<GenerateAudioResponse & { assetId: number }> {
  const cast = await castOf(ctx, 'conversational-audio-speakers');
  const lines = parseScript(
    params.script,
    cast.speakers.map((speaker) => speaker.name),
  );
  const produced = await produceAudio(ctx, {
    kind: 'podcast',
    jobKey: job.key,
    lines,
    voiceOf: cast.voiceOf,
    meta: {
      title: `${ctx.config.siteName} News Podcast — ${localDate(new Date(), ctx.config.timeZone)}`,
      // The first lines without their speaker labels (label by label: across lines a "label" could swallow words).
      description: lines
        .slice(0, 3)
        .map((line) => line.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join(' '))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 400),
    },
    job,
    onLine: (progress) => ctx.events.emit('conversational-audio-progress', progress),
    // The day's stories the script was written from: those the recording tells become its chapters
    // (found by their lead or headline words in the spoken lines, whoever wrote or edited the script).
    chapterStories: chapterStoriesOf(await topStories(ctx, PODCAST_STORIES)),
  });
  await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Podcast audio generated: ${produced.segmentCount} segments, ${produced.durationSeconds.toFixed(0)} s`);
  return { audioUrl: produced.audioUrl, segmentCount: produced.segmentCount, durationSeconds: produced.durationSeconds, assetId: produced.asset.id };
}

export const PODCAST_AUDIO_JOB = defineAudioJob({ name: 'podcast-audio', kind: 'podcast', run: podcastAudioJob });

/** Audio of a script (the body's, else the enhanced one, else the original), in the speakers' voices. */
export async function generateConversationalAudio(ctx: Ctx, input: { script?: string }): Promise<GenerateAudioResponse> {
  const stored = input.script?.trim() ? null : await lastConversationalScript(ctx);
  const script = input.script?.trim() || stored?.scriptText;
  if (!script) throw Invalid(NO_SCRIPT);
  const cleaned = await cleanPodcastScript(ctx, script);
  if (parseScript(cleaned).length === 0) throw Invalid(NO_SCRIPT);
  await castOf(ctx, 'conversational-audio-speakers'); // an unknown voice is a 400 now, not a failed run
  // The answer's schema (src/api/response-schemas.ts) keeps the asset's row id off the wire.
  return runAudioJob(ctx, PODCAST_AUDIO_JOB, { script: cleaned });
}
