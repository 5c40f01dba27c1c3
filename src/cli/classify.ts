// `newsctl classify --from-jsonl FILE`: the offline topic classifier over a file of articles,
// in-process and without a database. Lines stream through one at a time, so a file of any size
// runs in constant memory.
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { classifyTopic, type TopicInput } from '../services/reader/classify/index.js';
import { counted } from '../shared/words.js';

interface ClassifyOptions {
  fromJsonl?: string;
  json?: boolean;
}

export interface ClassifiedLines {
  classified: number;
  rejected: number;
}

type ParsedLine = { id: string | number; article: TopicInput } | { problem: string };

/**
 * One `{id, title, body}` line. Only those three fields are read: a gold `topic` (or anything
 * else on the line) never reaches the classifier.
 */
function parseLine(line: string): ParsedLine {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    return { problem: 'not valid JSON' };
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return { problem: 'not a JSON object' };
  const { id, title, body } = row as Record<string, unknown>;
  if (!((typeof id === 'string' && id) || (typeof id === 'number' && Number.isFinite(id)))) {
    return { problem: '"id" must be a non-empty string or a number' };
  }
  if (typeof title !== 'string') return { problem: '"title" must be a string' };
  if (body !== undefined && body !== null && typeof body !== 'string') return { problem: '"body" must be a string' };
  if (!title.trim() && !body) return { problem: 'no title and no body to classify' };
  return { id, article: { title, body: body ?? undefined } };
}

/**
 * Classifies each line of `input` and writes one result line per good line to `output` (JSON or
 * tab-separated text); each bad line gets a message with its 1-based number on `problems`.
 */
export async function classifyJsonLines(input: Readable, output: Writable, problems: Writable, options: { json: boolean }): Promise<ClassifiedLines> {
  const result: ClassifiedLines = { classified: 0, rejected: 0 };
  let number = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    number++;
    if (!line.trim()) continue;
    const parsed = parseLine(line);
    if ('problem' in parsed) {
      result.rejected++;
      problems.write(`line ${number}: ${parsed.problem}\n`);
      continue;
    }
    const { topic, confidence } = classifyTopic(parsed.article);
    const text = options.json ? `${JSON.stringify({ id: parsed.id, topic })}\n` : `${parsed.id}\t${topic}\t${confidence.toFixed(3)}\n`;
    result.classified++;
    if (!output.write(text)) await once(output, 'drain');
  }
  return result;
}

async function classifyFromJsonl(options: ClassifyOptions): Promise<void> {
  if (!options.fromJsonl) throw Invalid('classify needs --from-jsonl FILE (use - for standard input)');
  let input: Readable;
  if (options.fromJsonl === '-') {
    input = process.stdin;
  } else {
    try {
      input = (await open(options.fromJsonl)).createReadStream({ encoding: 'utf8' });
    } catch (error) {
      throw Invalid(`Cannot read ${options.fromJsonl}: ${(error as Error).message}`);
    }
  }
  const { classified, rejected } = await classifyJsonLines(input, process.stdout, process.stderr, {
    json: Boolean(options.json),
  });
  if (rejected) throw Invalid(`${counted(rejected, 'bad line')} skipped, ${classified} classified`);
}

export function registerClassifyCommand(program: Command): Command {
  return program
    .command('classify')
    .description('put articles in topics with the offline classifier (no AI model, no database)')
    .option('--from-jsonl <file>', 'read {id, title, body} lines from a file (- for stdin)')
    .option('--json', 'print one {"id","topic"} line per article (default: id, topic and confidence, tab-separated)')
    .action((options: ClassifyOptions) => classifyFromJsonl(options));
}
