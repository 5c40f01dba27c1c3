// The offline synthesizer as its own program: eSpeak NG compiled to WebAssembly (the `espeak-ng`
// npm package, GPL-3.0-or-later). newsctl starts it as a child process and talks to it over
// stdin/stdout, so the synthesizer is a separate program and newsctl keeps its own licence.
// One process serves a whole job: the WebAssembly module is compiled once, and each request runs
// the synthesizer's main() in a fresh instance of it (main() keeps global state between runs).
//
// Protocol, one JSON object per line:
//   in:  {"id": 1, "text": "…", "voice": "en-us+m3", "pitch": 30, "speed": 150, "out": "/tmp/…/1.wav"}
//   out: {"id": 1, "ok": true} or {"id": 1, "ok": false, "error": "…"}
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

interface Request {
  id: number;
  text: string;
  voice: string;
  pitch: number;
  speed: number;
  out: string;
}

interface EmscriptenModule {
  FS: { writeFile(path: string, data: string): void; readFile(path: string): Uint8Array };
}

type Factory = (options: Record<string, unknown>) => Promise<EmscriptenModule>;

const VOICE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*(\+[a-z0-9]{1,12})?$/i;

async function main(): Promise<void> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('espeak-ng');
  const { default: createEspeak } = (await import(entry)) as { default: Factory };
  const wasm = await WebAssembly.compile(readFileSync(entry.replace(/\.js$/, '.wasm')));

  async function synthesize(request: Request): Promise<void> {
    if (!VOICE.test(request.voice)) throw new Error(`not an espeak-ng voice: ${request.voice}`);
    const errors: string[] = [];
    const instance = await createEspeak({
      // The text goes through a file, never the argument list: text starting with "-" is not an option.
      arguments: ['-v', request.voice, '-p', String(request.pitch), '-s', String(request.speed), '-w', '/out.wav', '-f', '/in.txt'],
      preRun: [(module: EmscriptenModule) => module.FS.writeFile('/in.txt', request.text)],
      instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
        void WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm));
        return {};
      },
      print() {},
      printErr(line: string) {
        errors.push(line);
      },
    });
    let wav: Uint8Array;
    try {
      wav = instance.FS.readFile('/out.wav');
    } catch {
      throw new Error(errors.join(' ').slice(0, 300) || 'espeak-ng wrote no audio');
    }
    writeFileSync(request.out, wav);
  }

  const reply = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const lines = createInterface({ input: process.stdin });
  // One request at a time, in order: the parent waits for each answer anyway.
  let chain = Promise.resolve();
  lines.on('line', (line) => {
    chain = chain.then(async () => {
      let request: Request;
      try {
        request = JSON.parse(line) as Request;
      } catch {
        return;
      }
      try {
        await synthesize(request);
        reply({ id: request.id, ok: true });
      } catch (error) {
        reply({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  lines.on('close', () => void chain.then(() => process.exit(0)));
  reply({ id: 0, ok: true, ready: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`espeak-ng worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
