// A song's audio. Offline: the introduction narration and each lyric line spoken in the narration
// voice, laid bar by bar on the synthesised backing track (chords, bass, drums, a melody on the
// line's syllables), the music ducked under the voice. With a music API: the narration, then the
// API's track. Either way one loudness-normalised MP3.
import type { AppContext } from '../../../context.js';
import type { MusicConfig } from '../../../providers/music/index.js';
import { createOutboundClient } from '../../../net/index.js';
import { generateWithMusicApi, MAX_AUDIO_BYTES, renderBacking, type SongLine } from '../../../providers/music/index.js';
import type { JobHandle } from '../audio/assemble.js';
import { speechProvider } from '../audio/assemble.js';
import { decodeAudio, ffmpegPaths, resample } from '../audio/ffmpeg.js';
import { concatPcm, silence, type Pcm } from '../../../shared/pcm.js';
import { storeAudio, type ProducedAudio } from '../audio/produce.js';
import { narratorVoice } from '../audio/voices.js';
import { getSetting } from '../../platform/settings/index.js';
import { parseLyrics } from './lyrics.js';

const MUSIC_UNDER_VOICE = 0.35;
const MUSIC_ALONE = 0.9;

/** Sums the voice over the music, the music lowered (smoothly) wherever the voice speaks. */
function mixUnder(music: Pcm, voice: Float32Array): Pcm {
  const rate = music.sampleRate;
  const length = Math.max(music.samples.length, voice.length);
  const block = Math.round(rate * 0.02);
  const out = new Float32Array(length);
  let gain = MUSIC_ALONE;
  // Per block: is the voice active in this block or the next few (duck slightly ahead of it)?
  const active = new Uint8Array(Math.ceil(length / block) + 1);
  for (let b = 0; b * block < voice.length; b++) {
    let energy = 0;
    for (let i = b * block; i < Math.min(voice.length, (b + 1) * block); i++) energy += voice[i]! * voice[i]!;
    if (energy / block > 1e-5) for (let k = Math.max(0, b - 5); k <= b + 10 && k < active.length; k++) active[k] = 1;
  }
  for (let i = 0; i < length; i++) {
    const target = active[Math.floor(i / block)] ? MUSIC_UNDER_VOICE : MUSIC_ALONE;
    gain += (target - gain) * 0.0008;
    out[i] = (i < music.samples.length ? (music.samples[i]! / 32768) * gain : 0) + (i < voice.length ? voice[i]! : 0);
  }
  let peak = 0;
  for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(out[i]!));
  const scale = peak > 0.98 ? 0.98 / peak : 1;
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++) samples[i] = Math.round(out[i]! * scale * 32767);
  return { sampleRate: rate, samples };
}

export async function renderSong(
  ctx: Pick<AppContext, 'config' | 'sql'>,
  input: { trackId: number; lyrics: string; config: MusicConfig; title: string },
  job: JobHandle,
): Promise<ProducedAudio> {
  const { narrationText, voice: voiceName } = await getSetting<{ narrationText: string; voice: string }>(ctx, 'music-introduction-narration');
  const voice = await narratorVoice(ctx, voiceName, 'The music introduction');
  const paths = ffmpegPaths(ctx.config);
  const session = speechProvider(ctx).open();
  const meta = { title: input.title, description: `A song from today's news${input.config.style ? ` (${input.config.style})` : ''}.`, trackId: input.trackId };
  try {
    const narration = narrationText.trim() ? await session.synthesize(narrationText.trim(), voice, job.signal) : null;
    if (input.config.provider) {
      job.progress({ trackId: input.trackId, stage: 'music-api' });
      const client = createOutboundClient(ctx.config, {
        maxBodyBytes: Math.ceil(MAX_AUDIO_BYTES * 1.4),
        totalTimeoutMs: input.config.provider.timeoutSeconds * 1000,
      });
      let bytes: Buffer;
      try {
        bytes = await generateWithMusicApi(client, input.config.provider, { lyrics: input.lyrics, style: input.config.style }, job.signal);
      } finally {
        client.close();
      }
      const song = await decodeAudio(paths, bytes, 44_100, job.signal);
      const parts = narration ? [await resample(paths, narration, 44_100, job.signal), silence(44_100, 0.6), song] : [song];
      return storeAudio(ctx, {
        kind: 'music',
        jobKey: `music:${input.trackId}`,
        pcm: concatPcm(44_100, parts),
        meta: { ...meta, provider: new URL(input.config.provider.endpoint).host },
        signal: job.signal,
      });
    }

    const lines = parseLyrics(input.lyrics);
    const spoken: { pcm: Pcm; line: SongLine }[] = [];
    if (narration) spoken.push({ pcm: narration, line: { text: narrationText, section: 'intro', seconds: narration.samples.length / narration.sampleRate } });
    for (const [index, line] of lines.entries()) {
      const pcm = await session.synthesize(line.text, voice, job.signal);
      spoken.push({ pcm, line: { text: line.text, section: line.section, seconds: pcm.samples.length / pcm.sampleRate } });
      // trackId: the console shows the progress against its track (job_progress names only the run).
      job.progress({ trackId: input.trackId, current: index + 1, total: lines.length });
    }
    if (spoken.length === 0) throw new Error('the lyrics have no line to sing');
    const rate = spoken[0]!.pcm.sampleRate;
    const backing = await renderBacking(
      spoken.map((entry) => entry.line),
      { tempo: input.config.tempo, key: input.config.key },
      rate,
      job.signal,
    );
    const voiceTrack = new Float32Array(backing.pcm.samples.length);
    backing.plan.forEach((entry, index) => {
      // Each line starts a beat's eighth into its bar, as a singer comes in just after the downbeat.
      const from = Math.round((entry.start + backing.barSeconds / 32) * rate);
      const pcm = spoken[index]!.pcm;
      for (let i = 0; i < pcm.samples.length && from + i < voiceTrack.length; i++) voiceTrack[from + i] = pcm.samples[i]! / 32768;
    });
    return storeAudio(ctx, {
      kind: 'music',
      jobKey: `music:${input.trackId}`,
      pcm: mixUnder(backing.pcm, voiceTrack),
      meta: {
        ...meta,
        provider: 'offline',
        lines: lines.length,
        tempo: input.config.tempo,
        key: input.config.key,
        barSeconds: backing.barSeconds,
        segments: backing.plan.map((entry) => ({ start: entry.start, bars: entry.bars, section: entry.line.section })),
      },
      signal: job.signal,
    });
  } finally {
    await session.close();
  }
}
