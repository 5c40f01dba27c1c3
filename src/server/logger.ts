// The daemon's server log. A person starting `newsctl serve` reads the start-up lines first, so
// fastify's "Server listening at …" lines (one per interface) are debug detail, and by default each
// line is short text (time, level, message) rather than pino's JSON; `--log-format json` keeps the
// JSON lines for a log collector.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One pino JSON line as text: `2026-11-28 01:58:06 warn  message (error: reason)`. */
export function textLogLine(json: string): string {
  let entry: { level?: number; time?: number; msg?: unknown; err?: { message?: unknown } };
  try {
    entry = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString().replace('T', ' ').slice(0, 19);
  const level = (LEVEL_NAMES[entry.level ?? 30] ?? 'info').padEnd(5);
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const error = entry.err && typeof entry.err.message === 'string' && entry.err.message !== message ? ` (error: ${entry.err.message})` : '';
  return `${time} ${level} ${message}${error}\n`;
}

type LogMethod = (...args: unknown[]) => void;

export function serverLoggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    hooks: {
      logMethod(this: { isLevelEnabled(level: string): boolean; debug: LogMethod }, args: unknown[], method: LogMethod, level: number) {
        if (level === 30 && typeof args[0] === 'string' && args[0].startsWith('Server listening at')) {
          if (this.isLevelEnabled('debug')) this.debug(...args);
          return;
        }
        method.apply(this, args);
      },
    },
    ...(config.logFormat === 'text' ? { stream: { write: (line: string) => void process.stdout.write(textLogLine(line)) } } : {}),
  };
}
