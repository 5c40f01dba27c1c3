// 16-bit mono PCM in memory, shared by the speech and music providers and the audio services. Every
// clip of a job is brought to one sample rate, laid on one timeline, then handed to ffmpeg once for
// loudness and MP3. The WAV container around it is src/providers/speech/wav.ts (it needs Buffer).
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

export function pcmSeconds(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

export function silence(sampleRate: number, seconds: number): Pcm {
  return { sampleRate, samples: new Int16Array(Math.max(0, Math.round(sampleRate * seconds))) };
}

export function concatPcm(sampleRate: number, parts: readonly Pcm[]): Pcm {
  let length = 0;
  for (const part of parts) {
    if (part.sampleRate !== sampleRate) throw new Error(`clip at ${part.sampleRate} Hz on a ${sampleRate} Hz timeline`);
    length += part.samples.length;
  }
  const samples = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    samples.set(part.samples, offset);
    offset += part.samples.length;
  }
  return { sampleRate, samples };
}

/** Drops leading and trailing near-silence (synthesizers pad both ends), keeping a few ms. */
export function trimSilence(pcm: Pcm, threshold = 200, keepSeconds = 0.02): Pcm {
  const { samples } = pcm;
  let start = 0;
  while (start < samples.length && Math.abs(samples[start]!) < threshold) start++;
  let end = samples.length;
  while (end > start && Math.abs(samples[end - 1]!) < threshold) end--;
  const keep = Math.round(pcm.sampleRate * keepSeconds);
  return { sampleRate: pcm.sampleRate, samples: samples.subarray(Math.max(0, start - keep), Math.min(samples.length, end + keep)) };
}
