// The interview: a host and an expert guest on
// the administrator's topic — the interview prompts and model, or offline a conversation built
// from the crawled stories about that topic; a refinement that can be stopped ("Refinement
// Stopped"); token progress live; audio in the two speakers' voices.
import type { AppContext } from '../../../context.js';
import type { GenerateAudioResponse, InterviewScriptResponse, LastInterviewScript } from '../../../api/audio.js';
import { articleAsSource } from '../../../db/articles.js';
import { latestAudioAsset } from '../../../db/audio.js';
import { deleteScripts, editedAtOf, insertScript, latestScript, pruneScripts } from '../../../db/scripts.js';
import { Invalid } from '../../../errors.js';
import { chatModelFor, modelNameFor } from '../../platform/models.js';
import { retold, storyMeanings } from '../generator/fact-meaning.js';
import { sameFact } from '../generator/offline-writer.js';
import { termOverlap, termSet } from '../generator/sentences.js';
import { splitSentences } from '../../../shared/text/sentences.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { searchArticlesByText } from '../../reader/search/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { audioUrl, localDate } from './files.js';
import { defineAudioJob, runAudioJob, type AudioJobHandle } from './jobs.js';
import { fillPrompt } from './latest-news.js';
import { NO_SCRIPT } from './podcast.js';
import { produceAudio } from './produce.js';
import { cleanScript, parseScript, type Replacement } from './script.js';
import { peopleNamer, reportedBy, storyFromSources, topStories, type Story } from './stories.js';
import { castOf } from './voices.js';
import { storyName } from './story-name.js';

const NO_TOPIC = 'No interview topic set. Enter an interview topic first.';
const REFINEMENT_STOPPED = 'Refinement Stopped';

type Ctx = AppContext;

/** Word pieces, as a model would count tokens (about four characters each). */
function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export async function cleanInterview(ctx: Pick<AppContext, 'sql'>, script: string): Promise<string> {
  const [cast, { replacements }] = await Promise.all([
    castOf(ctx, 'interview-speakers'),
    getSetting<{ replacements: Replacement[] }>(ctx, 'script-replacements'),
  ]);
  return cleanScript(
    script,
    replacements,
    cast.speakers.map((speaker) => speaker.name),
  );
}

/** The stories about a topic: current stories sharing its words, else crawled articles that match it. */
/**
 * Whether a text is about the topic: it holds every term of a topic of one or two terms ("heat
 * pumps" is not a story that only says "heat"), at least half of a longer one's ("the future of
 * chip manufacturing").
 */
export function coversTopic(wanted: ReadonlySet<string>, terms: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of wanted) if (terms.has(term)) shared++;
  const needed = wanted.size <= 2 ? wanted.size : Math.ceil(wanted.size / 2);
  return wanted.size > 0 && shared >= needed ? shared : 0;
}

async function storiesAbout(ctx: Ctx, topic: string): Promise<Story[]> {
  const wanted = termSet(topic);
  const scored = (await topStories(ctx, 12))
    .map((story) => ({ story, shared: coversTopic(wanted, termSet(`${story.title} ${story.description} ${story.lead}`)) }))
    .filter((entry) => entry.shared > 0)
    .sort((a, b) => b.shared - a.shared);
  if (scored.length > 0) return scored.slice(0, 3).map((entry) => entry.story);
  // Beyond today's top stories: a search for any of the topic's words, each hit held to the same rule.
  const words = [...new Set(topic.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, 8);
  if (words.length === 0) return [];
  const { results } = await searchArticlesByText(ctx, words.join(' or '));
  const stories: Story[] = [];
  for (const result of results.slice(0, 12)) {
    const article = await articleAsSource(ctx.sql, result.id);
    if (!article || !coversTopic(wanted, termSet(`${article.title} ${article.excerpt ?? ''} ${article.content}`))) continue;
    const story = storyFromSources(article.title, 'international', article.excerpt ?? '', [article]);
    if (story) stories.push(story);
    if (stories.length === 3) break;
  }
  return stories;
}

/** The offline interview: the host asks what happened, who is involved, why it matters and what comes next, each about the story it names; the guest answers from the sources. */
export function offlineInterview(topic: string, stories: readonly Story[], host: string, guest: string, siteName: string): string {
  const lines: string[] = [];
  const say = (speaker: string, text: string) => lines.push(`${speaker}: ${text}`);
  // "Central bank interest rates" reads as "…today's topic is central bank interest rates"; names and acronyms keep their capitals.
  const words = topic.replace(/[.?!]+$/, '').split(/\s+/);
  const spokenTopic =
    /^\p{Lu}\p{Ll}+$/u.test(words[0] ?? '') && words.slice(1).every((word) => !/^\p{Lu}/u.test(word))
      ? words.join(' ').replace(/^\p{Lu}/u, (c) => c.toLowerCase())
      : words.join(' ');
  say(host, `Welcome to ${siteName} Interviews. I'm ${host}, and today's topic is ${spokenTopic}. With me is ${guest}. Thanks for joining us.`);
  say(guest, `Thanks for having me, ${host}.[pause short]`);
  stories.forEach((story, index) => {
    const name = storyName(story);
    // Each person named in full at first mention, by surname after, in the order spoken.
    const fact = peopleNamer(story);
    // The host reads the headline, unless the guest's first answer retells it and the story has a
    // name that says what it is about: then the host names it and the guest tells it once.
    const byName = !name.startsWith('this ') && sameFact(termSet(story.title), termSet(story.lead));
    if (byName) say(host, index === 0 ? `Let's begin with ${name}. What happened?` : `Next, ${name}. What do we know?`);
    else say(host, index === 0 ? `Let's begin with the news: ${story.title}. What happened?` : `There's another development: ${story.title}. What do we know?`);
    say(guest, fact(story.lead));
    if (story.who) {
      say(host, `Who is involved in ${name}, and what are they saying?`);
      say(guest, fact(story.who));
    }
    if (story.why) {
      say(host, `Why does ${name} matter?`);
      say(guest, fact(story.why));
    }
    const more = story.facts.find((fact) => fact !== story.who && fact !== story.why);
    if (more) {
      say(host, `What else should our listeners know about ${name}?`);
      const reporters = reportedBy(story, 2);
      say(guest, `${fact(more)}${reporters ? ` That has been reported by ${reporters}.` : ''}`);
    }
  });
  // One sign-off: a courtesy answered by a courtesy says nothing of the stories.
  say(host, `${guest}, thank you for walking us through it.[pause] That's our interview for today. Thanks for listening.`);
  return lines.join('\n');
}

async function interviewModel(
  ctx: Ctx,
  system: string,
  user: string,
  events: {
    progress: 'interview_token_progress' | 'interview_refine_token_progress';
    complete: 'interview_token_complete' | 'interview_refine_token_complete';
  },
  signal?: AbortSignal,
) {
  const model = chatModelFor(ctx);
  if (!model) return null;
  ctx.events.emit(events.progress, { tokens: 0 });
  const reply = await model.complete({
    feature: events.progress.startsWith('interview_refine') ? 'interview-refine' : 'interview-script',
    model: await modelNameFor(ctx, 'interview-model-name'),
    messages: [...(system.trim() ? [{ role: 'system' as const, content: system }] : []), { role: 'user', content: user }],
    temperature: 0.7,
    signal,
  });
  const tokens = reply.usage.completionTokens ?? countTokens(reply.text);
  ctx.events.emit(events.progress, { tokens });
  return { text: reply.text, totalTokens: reply.usage.totalTokens ?? tokens };
}

/** Emits the token progress of an offline text as it is written, line by line. */
function reportOffline(ctx: Pick<AppContext, 'events'>, text: string, event: 'interview_token_progress' | 'interview_refine_token_progress'): number {
  let tokens = 0;
  for (const line of text.split('\n')) {
    tokens += countTokens(`${line}\n`);
    ctx.events.emit(event, { tokens });
  }
  return tokens;
}

export async function generateInterviewScript(ctx: Ctx): Promise<InterviewScriptResponse> {
  const { topic } = await getSetting<{ topic: string }>(ctx, 'interview-topic');
  if (!topic.trim()) throw Invalid(NO_TOPIC);
  const [system, user, cast] = await Promise.all([
    getSetting<{ promptText: string }>(ctx, 'interview-system-prompt'),
    getSetting<{ promptText: string }>(ctx, 'interview-user-prompt'),
    castOf(ctx, 'interview-speakers'),
  ]);
  const [host, guest] = [cast.speakers[0]!.name, (cast.speakers[1] ?? cast.speakers[0]!).name];
  let written: { text: string; totalTokens: number; writer: 'model' | 'offline' } | null = null;
  try {
    const reply = await interviewModel(ctx, system.promptText, fillPrompt(user.promptText, { topic: topic.trim() }), {
      progress: 'interview_token_progress',
      complete: 'interview_token_complete',
    });
    if (reply) written = { ...reply, writer: 'model' };
  } catch (error) {
    await logEvent(ctx, LOG_COMPONENTS.audio, 'warning', `Interview script: the model failed (${(error as Error).message}); using the offline writer`);
  }
  if (!written) {
    const stories = await storiesAbout(ctx, topic);
    if (stories.length === 0)
      throw Invalid(`No crawled story is about "${topic.trim()}" yet: choose another interview topic, crawl more, or configure a model.`);
    const text = offlineInterview(topic.trim(), stories, host, guest, ctx.config.siteName);
    written = { text, totalTokens: reportOffline(ctx, text, 'interview_token_progress'), writer: 'offline' };
  }
  const script = await cleanInterview(ctx, written.text);
  ctx.events.emit('interview_token_complete', { tokens: written.totalTokens });
  // A new script clears any refined one.
  await deleteScripts(ctx.sql, ['interview-refined']);
  await insertScript(ctx.sql, { kind: 'interview', scriptText: script, meta: { writer: written.writer, topic, totalTokens: written.totalTokens } });
  await pruneScripts(ctx.sql, 'interview', 20);
  return { script, totalTokens: written.totalTokens, writer: written.writer };
}

/**
 * Offline refinement, real edits without a model: a guest's sentence that repeats what was already
 * said (in any words) is cut, a question whose answer is left empty goes too, answers that now
 * follow each other are joined, and a short pause comes before each of the host's questions.
 */
export function refineOffline(script: string, host: string): string {
  const turns: { speaker: string; sentences: string[] }[] = [];
  for (const line of script.split('\n')) {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, speaker, text] = match as unknown as [string, string, string];
    // The extractive writer's splitter: "4.25 percent", "Dr." and "example.com" stay whole.
    turns.push({ speaker: speaker.trim(), sentences: speaker.trim() === host ? [text.trim()] : splitSentences(text).map((sentence) => sentence.trim()) });
  }
  // A guest's sentence that tells again what the interview already said (in the same or other
  // words, fact-meaning.ts) goes; an answer left with nothing goes with the question before it.
  const guestSentences = turns.flatMap((turn) => (turn.speaker === host ? [] : turn.sentences));
  const vectors = storyMeanings(guestSentences);
  const meanings = new Map(guestSentences.map((sentence, i) => [sentence, vectors[i]!]));
  const said: { text: string; terms: Set<string>; meaning: Float32Array }[] = [];
  const repeats = (sentence: string) => {
    const terms = termSet(sentence);
    const telling = { text: sentence, meaning: meanings.get(sentence) ?? new Float32Array(0) };
    return said.some((other) => sameFact(terms, other.terms) || retold(telling, other, termOverlap(terms, other.terms)));
  };
  const kept: { speaker: string; text: string }[] = [];
  for (const turn of turns) {
    if (turn.speaker === host) {
      kept.push({ speaker: host, text: turn.sentences[0]! });
      continue;
    }
    const fresh = turn.sentences.filter((sentence) => {
      if (repeats(sentence)) return false;
      said.push({ text: sentence, terms: termSet(sentence), meaning: meanings.get(sentence) ?? new Float32Array(0) });
      return true;
    });
    if (fresh.length === 0) {
      if (kept.at(-1)?.speaker === host && /\?$/.test(kept.at(-1)!.text)) kept.pop();
      continue;
    }
    // Two answers in a row (a question dropped between them) are one answer.
    if (kept.at(-1)?.speaker === turn.speaker) kept.at(-1)!.text += ` ${fresh.join(' ')}`;
    else kept.push({ speaker: turn.speaker, text: fresh.join(' ') });
  }
  // A beat before each question: the pause ends the guest's answer.
  return kept
    .map((turn, i) => {
      const next = kept[i + 1];
      const pause = next?.speaker === host && /\?$/.test(next.text) && turn.speaker !== host && !/\[pause[^\]]*\]$/.test(turn.text) ? '[pause short]' : '';
      return `${turn.speaker}: ${turn.text}${pause}`;
    })
    .join('\n');
}

export async function refineInterviewScript(ctx: Ctx, input: { interview?: string }, signal?: AbortSignal): Promise<InterviewScriptResponse> {
  // Without a text: the script the console shows (the refined one, refined again, when there is one).
  const original = input.interview?.trim() || (await lastInterviewScript(ctx)).scriptText;
  if (!original) throw Invalid(NO_SCRIPT);
  const [{ promptText }, cast] = await Promise.all([getSetting<{ promptText: string }>(ctx, 'interview-refinement-prompt'), castOf(ctx, 'interview-speakers')]);
  let written: { text: string; totalTokens: number; writer: 'model' | 'offline' } | null = null;
  try {
    const reply = await interviewModel(
      ctx,
      '',
      fillPrompt(promptText, { interview: original, script: original }),
      { progress: 'interview_refine_token_progress', complete: 'interview_refine_token_complete' },
      signal,
    );
    if (reply) written = { ...reply, writer: 'model' };
  } catch (error) {
    if (signal?.aborted) {
      await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Interview refinement stopped by the administrator`);
      throw Invalid(REFINEMENT_STOPPED);
    }
    await logEvent(ctx, LOG_COMPONENTS.audio, 'warning', `Interview refinement: the model failed (${(error as Error).message}); using the offline refinement`);
  }
  if (signal?.aborted) throw Invalid(REFINEMENT_STOPPED);
  if (!written) {
    const text = refineOffline(await cleanInterview(ctx, original), cast.speakers[0]!.name);
    written = { text, totalTokens: reportOffline(ctx, text, 'interview_refine_token_progress'), writer: 'offline' };
  }
  const script = await cleanInterview(ctx, written.text);
  ctx.events.emit('interview_refine_token_complete', { tokens: written.totalTokens });
  await insertScript(ctx.sql, { kind: 'interview-refined', scriptText: script, meta: { writer: written.writer, totalTokens: written.totalTokens } });
  await pruneScripts(ctx.sql, 'interview-refined', 5);
  return { script, totalTokens: written.totalTokens, writer: written.writer };
}

export async function lastInterviewScript(ctx: Pick<AppContext, 'sql'>): Promise<LastInterviewScript> {
  const [original, refined, audio] = await Promise.all([
    latestScript(ctx.sql, 'interview'),
    latestScript(ctx.sql, 'interview-refined'),
    latestAudioAsset(ctx.sql, 'interview'),
  ]);
  const current = refined && (!original || refined.generatedAt >= original.generatedAt) ? refined : original;
  const editedAt = editedAtOf(current);
  // Audio older than the last edit was made from other words: not offered as this script's audio.
  const since = current ? Math.max(current.generatedAt.getTime(), editedAt?.getTime() ?? 0) : Infinity;
  return {
    scriptText: current?.scriptText ?? '',
    generatedAt: current?.generatedAt.toISOString() ?? null,
    editedAt: editedAt?.toISOString() ?? null,
    refined: Boolean(current && current === refined),
    audioUrl: audio && audio.generatedAt.getTime() >= since ? audioUrl(audio.fileName, audio.generatedAt) : null,
  };
}

export interface InterviewAudioParams {
  /** The clean script to speak. */
  script: string;
  topic: string;
}

/** The job: (ctx, {script, topic}, {signal, progress}) → the stored interview, recorded under the job's key. */
async function interviewAudioJob(ctx: Ctx, params: InterviewAudioParams, job: AudioJobHandle): Promise<GenerateAudioResponse & { assetId: number }> {
  const cast = await castOf(ctx, 'interview-speakers');
  const lines = parseScript(
    params.script,
    cast.speakers.map((speaker) => speaker.name),
  );
  const produced = await produceAudio(ctx, {
    kind: 'interview',
    jobKey: job.key,
    lines,
    voiceOf: cast.voiceOf,
    meta: {
      title: `Interview: ${params.topic || 'untitled'} — ${localDate(new Date(), ctx.config.timeZone)}`,
      description: `${cast.speakers.map((s) => s.name).join(' and ')} on ${params.topic || 'the news'}.`,
    },
    job,
    onLine: (progress) => ctx.events.emit('interview-audio-progress', progress),
  });
  await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Interview audio generated: ${produced.segmentCount} segments, ${produced.durationSeconds.toFixed(0)} s`);
  return { audioUrl: produced.audioUrl, segmentCount: produced.segmentCount, durationSeconds: produced.durationSeconds, assetId: produced.asset.id };
}

export const INTERVIEW_AUDIO_JOB = defineAudioJob({ name: 'interview-audio', kind: 'interview', run: interviewAudioJob });

export async function generateInterviewAudio(ctx: Ctx, input: { script?: string }): Promise<GenerateAudioResponse> {
  const script = input.script?.trim() || (await lastInterviewScript(ctx)).scriptText;
  if (!script) throw Invalid(NO_SCRIPT);
  const cleaned = await cleanInterview(ctx, script);
  if (parseScript(cleaned).length === 0) throw Invalid(NO_SCRIPT);
  await castOf(ctx, 'interview-speakers'); // an unknown voice is a 400 now, not a failed run
  const { topic } = await getSetting<{ topic: string }>(ctx, 'interview-topic');
  // The answer's schema (src/api/response-schemas.ts) keeps the asset's row id off the wire.
  return runAudioJob(ctx, INTERVIEW_AUDIO_JOB, { script: cleaned, topic: topic.trim() });
}
