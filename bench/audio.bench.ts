// Offline audio throughput: a 5-minute two-host podcast (the offline conversation about the test
// fixtures' day of news, ~750 words) spoken by espeak-ng, mixed, normalised (two-pass loudnorm) and
// encoded to MP3 — seconds of audio produced per second of work. Baseline, measured in the same
// run on the same first 20 lines: one espeak-ng process per line instead of one per job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import type { TrendSourceArticle } from '../src/db/trends.js';
import { createOfflineSpeechProvider, type SpeechProvider } from '../src/providers/speech/index.js';
import { speakLines, writeMp3 } from '../src/services/newsroom/audio/assemble.js';
import { offlineConversation } from '../src/services/newsroom/audio/conversation.js';
import { ffmpegPaths } from '../src/services/newsroom/audio/ffmpeg.js';
import { pcmSeconds } from '../src/shared/pcm.js';
import { parseScript, spokenWords, type ScriptLine } from '../src/services/newsroom/audio/script.js';
import { storyFromSources } from '../src/services/newsroom/audio/stories.js';
import { DEFAULT_VOICES } from '../src/services/newsroom/audio/voice-table.js';
import { toSpeechVoice } from '../src/services/newsroom/audio/voices.js';
import type { Topic } from '../src/shared/topics.js';
import { newsDayStories } from '../test/fixtures/stories/news-day.js';

const TARGET_WORDS = 750;
const BASELINE_LINES = 20;

const media = mkdtempSync(join(tmpdir(), 'newsctl-audio-bench-'));
const config = loadConfig({ NEWSCTL_DATA_DIR: media, NEWSCTL_LOG_LEVEL: 'silent' });
const stories = newsDayStories().map((story) => {
  const articles: TrendSourceArticle[] = story.sources.map((source, id) => ({
    id,
    title: source.title,
    sourceUrl: source.url,
    domainName: source.domain,
    content: source.text,
    excerpt: null,
    author: null,
    publishedAt: null,
    scrapedAt: new Date(),
  }));
  return storyFromSources(story.title, story.topic as Topic, story.description, articles)!;
});
// The day's conversation, continued with a second episode of it up to five minutes' words.
let script = offlineConversation(stories, ['Alex', 'Jordan'], 'newsctl');
while (spokenWords(parseScript(script)) < TARGET_WORDS) script += `\n${offlineConversation([...stories].reverse(), ['Alex', 'Jordan'], 'newsctl')}`;
const all = parseScript(script, ['Alex', 'Jordan']);
const lines: ScriptLine[] = [];
for (const line of all) {
  if (spokenWords(lines) >= TARGET_WORDS) break;
  lines.push(line);
}
const voices = {
  Alex: toSpeechVoice(DEFAULT_VOICES.find((v) => v.name === 'Achird')!),
  Jordan: toSpeechVoice(DEFAULT_VOICES.find((v) => v.name === 'Aoede')!),
};
const voiceOf = (speaker: string) => voices[speaker as 'Alex'] ?? voices.Alex;
const signal = new AbortController().signal;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
}

// Ours: one speech session (one espeak-ng process) for the whole podcast.
const [spoken, speakSeconds] = await timed(() => speakLines({ config }, lines, voiceOf, { signal }));
const [, encodeSeconds] = await timed(() =>
  writeMp3(ffmpegPaths(config), spoken.pcm, join(media, 'bench.mp3'), { title: 'bench', artist: 'newsctl', album: 'bench', date: '2026-01-01' }, signal),
);
const audioSeconds = pcmSeconds(spoken.pcm);
const work = speakSeconds + encodeSeconds;

// Same first lines, both ways.
const first: ScriptLine[] = lines.slice(0, BASELINE_LINES);
const [oursFirst, oursFirstSeconds] = await timed(() => speakLines({ config }, first, voiceOf, { signal }));
const perLine: SpeechProvider = {
  name: 'offline',
  model: 'espeak-ng (a process per line)',
  open() {
    const provider = createOfflineSpeechProvider();
    return {
      async synthesize(text, voice, abort) {
        const session = provider.open();
        try {
          return await session.synthesize(text, voice, abort);
        } finally {
          await session.close();
        }
      },
      async close() {},
    };
  },
};
const [baseFirst, baseFirstSeconds] = await timed(() => speakLines({ config }, first, voiceOf, { signal, provider: perLine }));
rmSync(media, { recursive: true, force: true });

const rate = (audio: number, seconds: number) => (audio / seconds).toFixed(1);
console.log(
  `Offline podcast: ${lines.length} lines, ${spokenWords(lines)} words, ${audioSeconds.toFixed(0)} s of audio (${(audioSeconds / 60).toFixed(1)} min)`,
);
console.log(
  `  newsctl   speech ${speakSeconds.toFixed(1)} s + mix/loudnorm/MP3 ${encodeSeconds.toFixed(1)} s = ${work.toFixed(1)} s of work → ${rate(audioSeconds, work)} s of audio per s of work`,
);
console.log(`First ${BASELINE_LINES} lines, speech only (${pcmSeconds(oursFirst.pcm).toFixed(0)} s of audio):`);
console.log(
  `  newsctl   one espeak-ng process per job    ${oursFirstSeconds.toFixed(1)} s → ${rate(pcmSeconds(oursFirst.pcm), oursFirstSeconds)} s of audio per s`,
);
console.log(
  `  baseline  one espeak-ng process per line   ${baseFirstSeconds.toFixed(1)} s → ${rate(pcmSeconds(baseFirst.pcm), baseFirstSeconds)} s of audio per s`,
);
console.log(`  ratio ${(baseFirstSeconds / oursFirstSeconds).toFixed(1)}× faster with one process per job`);
