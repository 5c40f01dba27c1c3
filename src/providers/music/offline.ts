// The offline backing track: a song arrangement synthesised in code — a chord progression (verse
// I–V–vi–IV, chorus IV–V–I–vi in the configured key), a bass on the roots, a light drum pattern, and
// a melody that follows each lyric line, one note per syllable on the chord's tones, rising through
// the line and falling at its end. The caller lays the spoken lines on the bars this returns.
import type { Pcm } from '../../shared/pcm.js';
import { lineSyllables, loadPronunciations } from '../../shared/text/pronounce.js';
import { nextTurn } from '../../shared/turns.js';

export interface SongLine {
  text: string;
  section: 'verse' | 'chorus' | 'intro' | 'outro';
  /** How long the spoken line lasts (s): the line gets as many bars as it needs. */
  seconds: number;
}

export interface SongStyle {
  /** Beats per minute, 60–180. */
  tempo: number;
  /** Major key: C, D, E, F, G, A, B, optionally with # or b. */
  key: string;
}

export interface BarPlan {
  start: number;
  bars: number;
  line: SongLine;
}

export interface Backing {
  pcm: Pcm;
  /** When each line starts (s) and how many bars it has. */
  plan: BarPlan[];
  barSeconds: number;
}

const KEY_OFFSETS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
/** Scale degrees (0-based) of each chord's root and its quality. */
const VERSE = [0, 4, 5, 3];
const CHORUS = [3, 4, 0, 5];
const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];

function keyOffset(key: string): number {
  const match = /^([A-G])([#b]?)$/.exec(key.trim());
  if (!match) return 0;
  return (KEY_OFFSETS[match[1]!]! + (match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0) + 12) % 12;
}

function midiHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** The triad on a scale degree (midi notes, root in octave 3 around C3 = 48). */
function triad(degree: number, tonic: number): number[] {
  return [0, 2, 4].map((step) => {
    const index = degree + step;
    return 48 + tonic + MAJOR_SCALE[index % 7]! + 12 * Math.floor(index / 7);
  });
}

class Mixer {
  readonly data: Float32Array;
  constructor(
    readonly sampleRate: number,
    seconds: number,
  ) {
    this.data = new Float32Array(Math.ceil(sampleRate * seconds));
  }

  /** A tone with a few harmonics and an attack/decay/release envelope. */
  tone(
    start: number,
    length: number,
    hz: number,
    gain: number,
    options: { harmonics?: number[]; attack?: number; release?: number; decay?: number } = {},
  ): void {
    const harmonics = options.harmonics ?? [1];
    const attack = options.attack ?? 0.01;
    const release = options.release ?? 0.08;
    const from = Math.floor(start * this.sampleRate);
    const count = Math.min(Math.floor((length + release) * this.sampleRate), this.data.length - from);
    // Each harmonic is a phasor turned by a fixed angle per sample (one multiply-add instead of a
    // sine per sample and harmonic): a song's backing renders in a fraction of the time.
    const cosStep = harmonics.map((_, h) => Math.cos((2 * Math.PI * hz * (h + 1)) / this.sampleRate));
    const sinStep = harmonics.map((_, h) => Math.sin((2 * Math.PI * hz * (h + 1)) / this.sampleRate));
    const re = harmonics.map(() => 1);
    const im = harmonics.map(() => 0);
    const decayStep = options.decay ? Math.exp(-1 / (options.decay * this.sampleRate)) : 1;
    let decay = 1;
    for (let i = 0; i < count; i++) {
      const t = i / this.sampleRate;
      let envelope = (t < attack ? t / attack : 1) * decay;
      if (t > length) envelope *= Math.max(0, 1 - (t - length) / release);
      decay *= decayStep;
      let sample = 0;
      for (let h = 0; h < harmonics.length; h++) {
        sample += harmonics[h]! * im[h]!;
        const nextRe = re[h]! * cosStep[h]! - im[h]! * sinStep[h]!;
        im[h] = im[h]! * cosStep[h]! + re[h]! * sinStep[h]!;
        re[h] = nextRe;
      }
      this.data[from + i]! += sample * envelope * gain;
    }
  }

  kick(start: number, gain: number): void {
    const from = Math.floor(start * this.sampleRate);
    let phase = 0;
    for (let i = 0; i < this.sampleRate * 0.25 && from + i < this.data.length; i++) {
      const t = i / this.sampleRate;
      phase += (2 * Math.PI * (50 + 70 * Math.exp(-t / 0.03))) / this.sampleRate;
      this.data[from + i]! += Math.sin(phase) * Math.exp(-t / 0.09) * gain;
    }
  }

  noise(start: number, length: number, gain: number, seed: number, tone = 0): void {
    const from = Math.floor(start * this.sampleRate);
    let state = seed >>> 0 || 1;
    let previous = 0;
    for (let i = 0; i < this.sampleRate * length && from + i < this.data.length; i++) {
      // xorshift: the same drums on every render.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const white = ((state >>> 0) / 4294967296) * 2 - 1;
      const bright = white - previous;
      previous = white;
      const t = i / this.sampleRate;
      const body = tone ? Math.sin(2 * Math.PI * tone * t) * 0.6 : 0;
      this.data[from + i]! += (bright * 0.5 + body) * Math.exp(-t / (length / 3)) * gain;
    }
  }
}

/** Bars per line: enough for the spoken line plus a breath, at least one. */
function planBars(lines: readonly SongLine[], barSeconds: number, introBars: number): BarPlan[] {
  let bar = introBars;
  return lines.map((line) => {
    const bars = Math.max(1, Math.ceil((line.seconds + 0.3) / barSeconds));
    const plan = { start: bar * barSeconds, bars, line };
    bar += bars;
    return plan;
  });
}

/** Lets the daemon's other work (requests, lease renewals) run between two bars of synthesis. */
function turnUnlessStopped(signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  return nextTurn();
}

/** Renders bar by bar, giving the event loop a turn after each, so a song never holds the daemon. */
export async function renderBacking(lines: readonly SongLine[], style: SongStyle, sampleRate: number, signal?: AbortSignal): Promise<Backing> {
  await loadPronunciations();
  const tempo = Math.min(180, Math.max(60, Math.round(style.tempo)));
  const beat = 60 / tempo;
  const barSeconds = beat * 4;
  const tonic = keyOffset(style.key);
  const introBars = 2;
  const plan = planBars(lines, barSeconds, introBars);
  const outroBars = 2;
  const totalBars = introBars + plan.reduce((sum, entry) => sum + entry.bars, 0) + outroBars;
  const mixer = new Mixer(sampleRate, totalBars * barSeconds + 1);

  // Which section each bar is in: intro and outro bars play the verse progression softly.
  const sectionOf: ('verse' | 'chorus' | 'edge')[] = Array.from({ length: totalBars }, () => 'edge');
  for (const entry of plan) {
    const first = Math.round(entry.start / barSeconds);
    for (let b = 0; b < entry.bars; b++) sectionOf[first + b] = entry.line.section === 'chorus' ? 'chorus' : 'verse';
  }
  let progressionIndex = 0;
  let lastSection: string | null = null;
  for (let bar = 0; bar < totalBars; bar++) {
    await turnUnlessStopped(signal);
    const section = sectionOf[bar]!;
    if (section !== lastSection) progressionIndex = 0;
    lastSection = section;
    const progression = section === 'chorus' ? CHORUS : VERSE;
    const degree = progression[progressionIndex % progression.length]!;
    progressionIndex++;
    const chord = triad(degree, tonic);
    const start = bar * barSeconds;
    const level = section === 'edge' ? 0.6 : section === 'chorus' ? 1.1 : 0.9;
    // Pad: the triad, sustained, soft.
    for (const note of chord) mixer.tone(start, barSeconds * 0.98, midiHz(note), 0.05 * level, { harmonics: [1, 0.3, 0.12], attack: 0.12, release: 0.25 });
    // Bass on beats 1 and 3.
    for (const b of [0, 2]) mixer.tone(start + b * beat, beat * 1.6, midiHz(chord[0]! - 12), 0.16 * level, { harmonics: [1, 0.4], decay: 0.5, release: 0.05 });
    // Drums: kick on 1 and 3, snare on 2 and 4, hats on the eighths (not in the intro's first bar).
    if (bar > 0 && bar < totalBars - 1) {
      for (const b of [0, 2]) mixer.kick(start + b * beat, 0.5 * level);
      for (const b of [1, 3]) mixer.noise(start + b * beat, 0.18, 0.12 * level, bar * 16 + b, 180);
      for (let e = 0; e < 8; e++) mixer.noise(start + (e * beat) / 2, 0.05, 0.035 * level, bar * 97 + e);
    }
  }

  // Melody: one note per syllable of the line across its bars, on the current chord's tones.
  for (const entry of plan) {
    // The spoken introduction rides on the chords alone.
    if (entry.line.section === 'intro' || entry.line.section === 'outro') continue;
    await turnUnlessStopped(signal);
    const count = Math.max(1, Math.min(lineSyllables(entry.line.text), entry.bars * 8));
    const span = entry.bars * barSeconds * 0.9;
    const step = span / count;
    const high = entry.line.section === 'chorus' ? 12 : 0;
    for (let i = 0; i < count; i++) {
      const time = entry.start + i * step;
      const bar = Math.floor(time / barSeconds + 1e-6);
      const section = sectionOf[bar] === 'chorus' ? CHORUS : VERSE;
      const firstBarOfSection = (() => {
        let b = bar;
        while (b > 0 && sectionOf[b - 1] === sectionOf[bar]) b--;
        return b;
      })();
      const chord = triad(section[(bar - firstBarOfSection) % section.length]!, tonic);
      // Contour: up through the first two thirds of the line, down to the root at its end.
      const position = count > 1 ? i / (count - 1) : 0;
      const rise = position < 0.66 ? position / 0.66 : (1 - position) / 0.34;
      const tone = chord[Math.min(2, Math.round(rise * 2))]! + 12 + high;
      mixer.tone(time, step * 0.85, midiHz(tone), 0.07, { harmonics: [1, 0.25, 0.1], attack: 0.015, release: 0.06 });
    }
  }

  await turnUnlessStopped(signal);
  const samples = new Int16Array(mixer.data.length);
  let peak = 0;
  for (let i = 0; i < mixer.data.length; i++) peak = Math.max(peak, Math.abs(mixer.data[i]!));
  const scale = peak > 0 ? 0.7 / peak : 0;
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(mixer.data[i]! * scale * 32767);
  return { pcm: { sampleRate, samples }, plan, barSeconds };
}
