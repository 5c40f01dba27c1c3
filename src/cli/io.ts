// Small terminal helpers shared by commands: printing, prompting, reading stdin.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
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
  const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(columns.map((c) => cell(row[c]))))].join('\n');
}
