// The WAV container around 16-bit PCM (src/shared/pcm.ts): speech providers decode what a synthesizer
// answers, the audio services encode the timeline they hand to ffmpeg.
import type { Pcm } from '../../shared/pcm.js';

export function encodeWav(pcm: Pcm): Buffer {
  const dataBytes = pcm.samples.length * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const body = Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, dataBytes);
  return Buffer.concat([header, body]);
}

/**
 * The PCM of a 16-bit WAV (mono, or stereo folded to mono); null for anything else (MP3, float
 * WAV…), which the caller decodes with ffmpeg instead. Streaming writers leave the data size at
 * 0 or 0xFFFFFFFF: the rest of the file is then the data.
 */
export function decodeWav(bytes: Buffer): Pcm | null {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number; tag: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        tag: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (format?.bits !== 16 || (format.tag !== 1 && format.tag !== 0xfffe) || format.channels < 1 || format.channels > 2) return null;
      if (size === 0 || size === 0xffffffff || body + size > bytes.length) size = bytes.length - body;
      const frames = Math.floor(size / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        if (format.channels === 1) samples[i] = bytes.readInt16LE(body + i * 2);
        else samples[i] = (bytes.readInt16LE(body + i * 4) + bytes.readInt16LE(body + i * 4 + 2)) >> 1;
      }
      return { sampleRate: format.sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  return null;
}
