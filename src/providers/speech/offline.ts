// The offline speech provider: eSpeak NG in a child process (./espeak-worker.ts), one process per
// session, i.e. per job — not one per line. The worker writes each clip as a WAV file in the
// session's temporary folder; this side reads it back as PCM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { trimSilence, type Pcm } from '../../shared/pcm.js';
import { decodeWav } from './wav.js';
import { SpeechError, type SpeechProvider, type SpeechSession, type SpeechVoice } from './types.js';
import { scratchDir } from '../../scratch-files.js';
import { onAbort } from '../../shared/abort.js';

/** Longest text one request may carry; longer lines are split by the caller's sentence splitter first. */
const MAX_TEXT = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;

// From src/ the worker is TypeScript beside this file (run through tsx); from dist/ it is compiled.
const fromSources = import.meta.url.endsWith('.ts');

function espeakWorkerCommand(): { command: string; args: string[] } {
  const worker = fileURLToPath(new URL(fromSources ? './espeak-worker.ts' : './espeak-worker.js', import.meta.url));
  return { command: process.execPath, args: fromSources ? ['--import', 'tsx', worker] : [worker] };
}

interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

class EspeakSession implements SpeechSession {
  private child: ChildProcessWithoutNullStreams | null = null;
  private ready: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly dir = scratchDir('speech');
  private stderr = '';
  private closed = false;

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const { command, args } = espeakWorkerCommand();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve, reject });
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message: { id?: number; ok?: boolean; error?: string };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        return;
      }
      const waiting = this.pending.get(message.id ?? -1);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.ok) waiting.resolve();
      else waiting.reject(new SpeechError(`espeak-ng: ${message.error ?? 'failed'}`, 'offline'));
    });
    child.on('error', (error) => this.failAll(new SpeechError(`espeak-ng could not start: ${error.message}`, 'offline')));
    child.on('exit', (code, signal) => {
      this.child = null;
      if (!this.closed || this.pending.size > 0) {
        this.failAll(new SpeechError(`espeak-ng stopped (${signal ?? `exit ${code}`}) ${this.stderr.trim()}`.trim(), 'offline'));
      }
    });
    return this.ready;
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  async synthesize(text: string, voice: SpeechVoice, signal?: AbortSignal): Promise<Pcm> {
    if (this.closed) throw new SpeechError('the speech session is closed', 'offline');
    signal?.throwIfAborted();
    await this.start();
    const id = this.nextId++;
    const out = join(this.dir, `${id}.wav`);
    const done = new Promise<void>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const request = {
      id,
      text: text.slice(0, MAX_TEXT),
      voice: voice.offlineVoice,
      pitch: Math.round(Math.min(99, Math.max(0, voice.offlinePitch))),
      speed: Math.round(Math.min(450, Math.max(80, voice.offlineSpeed))),
      out,
    };
    this.child!.stdin.write(`${JSON.stringify(request)}\n`);
    let timer: NodeJS.Timeout | undefined;
    const abortClip = () => {
      // The worker cannot be interrupted mid-clip: stopping the job ends the process.
      this.pending.get(id)?.reject(signal?.reason instanceof Error ? signal.reason : new Error('stopped'));
      this.pending.delete(id);
      this.child?.kill('SIGKILL');
    };
    // A stop may have come while the synthesizer was starting.
    const stopListening = signal ? onAbort(signal, abortClip) : () => {};
    try {
      await Promise.race([
        done,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new SpeechError('espeak-ng took too long for one line', 'offline')), REQUEST_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      stopListening();
    }
    const pcm = decodeWav(readFileSync(out));
    rmSync(out, { force: true });
    if (!pcm) throw new SpeechError('espeak-ng wrote an unreadable WAV file', 'offline');
    return trimSilence(pcm);
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (child) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function createOfflineSpeechProvider(): SpeechProvider {
  return { name: 'offline', model: 'espeak-ng', open: () => new EspeakSession() };
}
