// Transcripts and chapters of a recorded episode, from what was spoken and when: each script line
// with its real start and end in the MP3 (stored with the asset when it is made). Served as WebVTT
// and SRT for podcast apps (Podcasting 2.0 `podcast:transcript`), as JSON for the site's player,
// and chapters as the Podcasting 2.0 JSON chapters format, one per story, linking to its page.
import type { ScriptLine } from './script.js';

const STOP = new Set(
  'a an and are as at be by for from has have in is it its of on or that the their this to was were will with after over new says said'.split(' '),
);

/** The content words of a spoken line or a title. */
function spokenTerms(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 2 && !STOP.has(word)));
}

export interface TranscriptCue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

export interface Chapter {
  startTime: number;
  title: string;
  url?: string;
}

/** The words a line says, pauses left out. */
export function lineText(line: ScriptLine): string {
  return line.parts
    .filter((part): part is { kind: 'text'; text: string } => part.kind === 'text')
    .map((part) => part.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cues an asset's meta holds, or null when it was recorded before transcripts were kept. */
export function cuesOf(meta: unknown): TranscriptCue[] | null {
  const segments = (meta as { segments?: unknown }).segments;
  if (!Array.isArray(segments) || segments.length === 0) return null;
  const cues = segments.filter(
    (segment): segment is TranscriptCue =>
      typeof segment === 'object' &&
      segment !== null &&
      typeof segment.start === 'number' &&
      typeof segment.end === 'number' &&
      typeof segment.text === 'string',
  );
  return cues.length === segments.length ? cues : null;
}

function clock(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** A cue's text may not hold a blank line or "-->" (it would end or fake a cue). */
const cueText = (text: string) => text.replace(/\r?\n+/g, ' ').replace(/-->/g, '→');

export function toWebVtt(cues: readonly TranscriptCue[]): string {
  const escapeCue = (text: string) => cueText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `WEBVTT\n\n${cues.map((cue) => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n<v ${escapeCue(cue.speaker)}>${escapeCue(cue.text)}\n`).join('\n')}`;
}

export function toSrt(cues: readonly TranscriptCue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cueText(`${cue.speaker}: ${cue.text}`)}\n`).join('\n');
}

/**
 * One chapter per story, starting at the first line that tells it: the line that holds most of the
 * story's title words (at least half of them) or its lead. Stories no line tells get no chapter;
 * the episode's opening is the first chapter when the first story starts later.
 */
export function chaptersFor(cues: readonly TranscriptCue[], stories: readonly { title: string; lead?: string; url?: string }[], opening: string): Chapter[] {
  const chapters: Chapter[] = [];
  const lineTerms = cues.map((cue) => spokenTerms(cue.text));
  let from = 0;
  for (const story of stories) {
    const wanted = spokenTerms(story.title);
    const lead = story.lead?.slice(0, 60).toLowerCase();
    let found = -1;
    for (let index = from; index < cues.length; index++) {
      const shared = [...wanted].filter((term) => lineTerms[index]!.has(term)).length;
      if ((wanted.size > 0 && shared / wanted.size >= 0.5) || (lead && cues[index]!.text.toLowerCase().includes(lead))) {
        found = index;
        break;
      }
    }
    if (found === -1) continue;
    chapters.push({ startTime: Number(cues[found]!.start.toFixed(3)), title: story.title, ...(story.url ? { url: story.url } : {}) });
    from = found + 1;
  }
  if (chapters.length > 0 && chapters[0]!.startTime > 0) chapters.unshift({ startTime: 0, title: opening });
  return chapters;
}
