// Lyrics: the lyrics prompt with {narration} — the introduction narration and
// today's top stories — and the lyrics model; offline, verses and a chorus made from the day's
// headlines and the stories' own leads.
import type { GenerateLyricsResponse, LastLyrics } from '../../../api/audio.js';
import type { AppContext } from '../../../context.js';
import { editedAtOf, insertScript, latestScript, pruneScripts } from '../../../db/scripts.js';
import { Invalid } from '../../../errors.js';
import { chatModelFor } from '../../platform/models.js';
import { fillPrompt } from '../audio/latest-news.js';
import { TOPIC_PHRASES, topStories, type Story } from '../audio/stories.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';

export interface LyricLine {
  section: 'verse' | 'chorus';
  text: string;
}

const DANGLING_END =
  /^(the|a|an|of|and|or|but|nor|so|that|which|who|whose|to|in|on|at|by|for|with|from|as|into|onto|over|under|about|after|before|since|until|than|because|while|if|amid|among|between|through|during|against|without|following|despite|toward|towards|across|including|via|per|within|upon|throughout|along|beyond|behind|its|their|his|her|our|my|your|is|are|was|were|be|been|will|would|can|could|has|have|had|not)$/i;

/** Words that open a new phrase: a line may end just before one. */
const PHRASE_START =
  /^(of|that|which|who|whose|whether|if|when|where|with|in|on|at|by|for|from|to|into|onto|over|under|about|after|before|since|until|than|because|while|during|amid|among|between|through|against|without|across|near|including|and|or|but|as)$/i;

/** A superlative or comparative needs its noun: "the highest" ends nothing. */
const NEEDS_NOUN = /^(most|least|more|less|\p{L}{2,}est)$/iu;

/** A verb after the cut: the subject before it is whole ("…the Strava community | is that…"). */
const VERB_START = /^(is|are|was|were|has|have|had|will|would|can|could|may|might|must|should|did|does|do|said|says|say)$/i;

/**
 * A singable phrase from a sentence: its first clause (a comma inside a number like 1,200 is no
 * break), at most `max` words, never ending on a word that needs the next one ("of the", "that").
 */
export function phrase(sentence: string, max = 9, keepWhole = 0): string {
  const clause = sentence.split(/,\s|;\s|:\s|\s[—–-]\s|\s\(/)[0]!.trim();
  const all = clause.split(/\s+/).filter(Boolean);
  // A headline's clause is sung whole when it fits a long line: a headline cut short says nothing.
  if (all.length <= keepWhole) max = all.length;
  let words = all.slice(0, max);
  // Cut inside a unit — a name ("West | End") or a word and the one it leads to ("severe | storms",
  // "two residential | buildings") — the line ends where a phrase does: before "of", "that", "at"….
  const next = all[max];
  if (next !== undefined) {
    const bare = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');
    const last = bare(words.at(-1)!);
    const name = /^\p{Lu}/u.test(last) && /^\p{Lu}/u.test(bare(next));
    const joined = /^\p{Ll}/u.test(last) && /^\p{Ll}/u.test(bare(next)) && !PHRASE_START.test(bare(next)) && !VERB_START.test(bare(next));
    if (name || joined) {
      for (let end = words.length - 1; end >= 4; end--) {
        if (PHRASE_START.test(bare(words[end]!))) {
          words = words.slice(0, end);
          break;
        }
      }
    }
  }
  const bareWord = (word: string) => word.replace(/[^\p{L}]/gu, '');
  const dangling = (at: number) =>
    DANGLING_END.test(bareWord(words[at]!)) ||
    (NEEDS_NOUN.test(bareWord(words[at]!)) && /^(the|a|an|its|their|his|her|our)$/i.test(bareWord(words[at - 1] ?? '')));
  while (words.length > 3 && dangling(words.length - 1)) words.pop();
  return words
    .join(' ')
    .replace(/[.!?"'“”]+$/g, '')
    .replace(/^["'“”]+/, '');
}

export function offlineLyrics(stories: readonly Story[]): string {
  const verse = (group: readonly Story[]) => group.flatMap((story) => [phrase(story.title, 9, 12), phrase(story.lead, 10)]).filter(Boolean);
  const topics = [...new Set(stories.map((story) => TOPIC_PHRASES[story.topic]))];
  const top = stories[0]!;
  const chorus = [
    `This is the news today`,
    topics.length > 1 ? `From ${topics[0]} to ${topics.at(-1)}` : `All about ${topics[0]}`,
    phrase(top.title, 7, 10),
    `We hear it and we carry on`,
  ];
  const half = Math.ceil(stories.length / 2);
  const sections: string[] = ['[Verse 1]', ...verse(stories.slice(0, half)), '', '[Chorus]', ...chorus];
  if (stories.length > 1) sections.push('', '[Verse 2]', ...verse(stories.slice(half)), '', '[Chorus]', ...chorus);
  return sections.join('\n');
}

/** Lyric lines with their sections: "[Chorus]" or "Chorus:" headers switch the section. */
export function parseLyrics(lyrics: string): LyricLine[] {
  const lines: LyricLine[] = [];
  let section: LyricLine['section'] = 'verse';
  for (const raw of lyrics.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\*\*|\*|^#+\s*/g, '').trim();
    if (!line) continue;
    const header = /^[[(]?\s*(verse|chorus|refrain|bridge|hook|intro|outro|pre-chorus)\b[^\])]*[\])]?\s*:?\s*$/i.exec(line);
    if (header) {
      section = /chorus|refrain|hook/i.test(header[1]!) ? 'chorus' : 'verse';
      continue;
    }
    lines.push({ section, text: line.replace(/^\[[^\]]*\]\s*/, '') });
  }
  return lines.filter((line) => /[\p{L}\p{N}]/u.test(line.text));
}

export async function generateLyrics(ctx: AppContext): Promise<GenerateLyricsResponse> {
  const stories = await topStories(ctx, 4);
  if (stories.length === 0) throw Invalid('There is no news to sing about yet: run the spider and the trends analyzer first.');
  const [{ promptText, modelName }, { narrationText }] = await Promise.all([
    getSetting<{ promptText: string; modelName: string }>(ctx, 'lyrics-generator-prompt'),
    getSetting<{ narrationText: string }>(ctx, 'music-introduction-narration'),
  ]);
  const narration = [narrationText.trim(), ...stories.map((story) => `${story.title}. ${story.lead}`)].filter(Boolean).join('\n');
  let lyrics: string | null = null;
  const model = chatModelFor(ctx);
  if (model) {
    try {
      const reply = await model.complete({
        feature: 'lyrics',
        model: modelName.trim() || ctx.config.llm.model,
        messages: [{ role: 'user', content: fillPrompt(promptText, { narration }) }],
        temperature: 0.9,
      });
      lyrics = reply.text.trim() || null;
    } catch (error) {
      await logEvent(ctx, LOG_COMPONENTS.audio, 'warning', `Lyrics: the model failed (${(error as Error).message}); writing them offline`);
    }
  }
  const writer = lyrics ? 'model' : 'offline';
  lyrics ??= offlineLyrics(stories);
  await insertScript(ctx.sql, { kind: 'lyrics', scriptText: lyrics, meta: { writer, stories: stories.map((story) => story.title) } });
  await pruneScripts(ctx.sql, 'lyrics', 20);
  return { lyrics, message: 'Lyrics generated successfully', writer };
}

export async function lastLyrics(ctx: Pick<AppContext, 'sql'>): Promise<LastLyrics> {
  const row = await latestScript(ctx.sql, 'lyrics');
  return { lyricsText: row?.scriptText ?? null, generatedAt: row?.generatedAt.toISOString() ?? null, editedAt: editedAtOf(row)?.toISOString() ?? null };
}
