// Small terminal helpers shared by commands: printing, prompting, reading stdin.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { Invalid } from '../errors.js';
import { displayWidth, padToWidth } from '../terminal/text-width.js';
import { terminalText } from '../terminal/text.js';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** What a stop call answered when nothing ran ("The spider is not running", beside the status), else null. */
export function notRunningOf(answer: object): string | null {
  return 'message' in answer && typeof answer.message === 'string' ? answer.message : null;
}

/** A file the operator named (0: standard input): one it cannot read is their input error (exit 2), not a crash. */
export function readInputFile(file: string | 0): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw Invalid(`Cannot read ${file === 0 ? 'standard input' : file}: ${(error as Error).message}`);
  }
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks for a secret on the terminal without echoing it. */
export async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('No terminal to prompt on: pass the password with --password-stdin');
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stderr.write(question);
  muted = true;
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    muted = false;
    rl.close();
    process.stderr.write('\n');
  }
}

/** A plain aligned text table (the CLI's --json gives machine output). */
export function formatTable(rows: Record<string, unknown>[], columns: string[]): string {
  const cell = (value: unknown) => (value === null || value === undefined ? '' : terminalText(String(value)).replace(/[\t\n]/g, ' '));
  const widths = columns.map((column) => Math.max(displayWidth(column), ...rows.map((row) => displayWidth(cell(row[column])))));
  const line = (values: string[]) =>
    values
      .map((value, i) => padToWidth(value, widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(columns.map((c) => cell(row[c]))))].join('\n');
}
