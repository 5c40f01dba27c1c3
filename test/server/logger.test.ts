// The daemon's own log: the start-up lines a person reads come first, so fastify's "Server
// listening" lines are debug detail; text lines by default, pino's JSON with --log-format json.
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverLoggerOptions, textLogLine } from '../../src/server/logger.js';

let written = '';
afterEach(() => vi.restoreAllMocks());

function capture() {
  written = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written += String(chunk);
    return true;
  });
}

describe('the server log', () => {
  it('prints text lines, without the listening lines, by default', async () => {
    capture();
    const app = Fastify({ logger: serverLoggerOptions({ logLevel: 'info', logFormat: 'text' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    app.log.warn('disk almost full');
    await app.close();
    expect(written).not.toContain('Server listening');
    expect(written).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} warn {2}disk almost full$/m);
    expect(written).not.toContain('{"level"');
  });

  it('keeps the listening lines at debug level', async () => {
    capture();
    const app = Fastify({ logger: serverLoggerOptions({ logLevel: 'debug', logFormat: 'text' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    await app.close();
    expect(written).toMatch(/debug Server listening at http:\/\/127\.0\.0\.1:\d+/);
  });

  it('reads a JSON line with an error, and passes a line that is not JSON through', () => {
    const line = textLogLine(JSON.stringify({ level: 50, time: Date.UTC(2026, 10, 28, 1, 2, 3), msg: 'request failed', err: { message: 'socket hang up' } }));
    expect(line).toBe('2026-11-28 01:02:03 error request failed (error: socket hang up)\n');
    expect(textLogLine('plain words')).toBe('plain words\n');
  });
});
