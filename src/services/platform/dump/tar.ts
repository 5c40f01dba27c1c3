// The backup archive's container: POSIX tar (ustar), written and read here because a backup is
// hostile input on the way back in. Only regular files with short, plain names are written; a
// reader refuses anything else (links, devices, absolute or `..` paths, a bad header checksum, a
// size past the end of the file), so `tar tf` and `tar xf` can read our backups and ours never
// follows one out of its staging folder.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';

const BLOCK = 512;
/** ustar keeps a name in 100 bytes plus a 155-byte prefix; our names are far shorter. */
const MAX_NAME_BYTES = 100;

export class ArchiveError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > MAX_NAME_BYTES) throw new ArchiveError(`archive entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  nameBytes.copy(header, 0);
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${octal(sum, 7)} `, 148, 'ascii');
  return header;
}

export function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** The two zero blocks that end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/** Writes, waiting for the stream to drain; a closed reader fails the write. */
export function writeChunk(out: Writable, chunk: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.destroyed || out.writableEnded) return reject(new Error('The backup output was closed'));
    if (out.write(chunk)) return resolve();
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error('The backup output was closed'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

/** Whether a file starts with a ustar header (a backup archive) rather than JSON (an older database-only dump). */
export function looksLikeTar(head: Buffer): boolean {
  return head.length >= 263 && head.toString('ascii', 257, 262) === 'ustar';
}

export interface TarEntry {
  name: string;
  size: number;
  /** Byte offset of the entry's data in the file. */
  offset: number;
}

function parseOctal(field: Buffer): number {
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError('a damaged archive header (a number field is not octal)');
  return parseInt(text, 8);
}

/**
 * The archive's regular files, in order, after checking every header: checksum, a plain relative
 * name, a regular file, a size that fits in the file. Directory entries are skipped; anything else
 * (links, devices, PAX headers) refuses the archive.
 */
export async function listTar(file: FileHandle, fileSize: number): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const header = Buffer.alloc(BLOCK);
  let position = 0;
  for (;;) {
    if (position + BLOCK > fileSize) throw new ArchiveError('the archive is truncated (it ends inside a header)');
    const { bytesRead } = await file.read(header, 0, BLOCK, position);
    if (bytesRead < BLOCK) throw new ArchiveError('the archive is truncated (it ends inside a header)');
    if (header.every((byte) => byte === 0)) return entries;
    const stored = parseOctal(header.subarray(148, 156));
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== stored) throw new ArchiveError(`a damaged archive header at byte ${position} (checksum)`);
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const base = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const name = prefix ? `${prefix}/${base}` : base;
    const type = String.fromCharCode(header[156]!);
    const size = parseOctal(header.subarray(124, 136));
    const offset = position + BLOCK;
    position = offset + size + padding(size).length;
    if (type === '5') continue;
    if (type !== '0' && type !== '\0') throw new ArchiveError(`the archive holds "${name}", which is not a regular file`);
    if (!name || name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '' || part === '.') || /[\\\0]/.test(name)) {
      throw new ArchiveError(`the archive holds an entry with an unsafe name: ${JSON.stringify(name.slice(0, 120))}`);
    }
    if (offset + size > fileSize) throw new ArchiveError(`the archive is truncated (${name} is cut short)`);
    entries.push({ name, size, offset });
  }
}

/** Copies an entry's bytes to `out` (or nowhere), returning their SHA-256. */
export async function copyEntry(file: FileHandle, entry: TarEntry, out: Writable | null): Promise<string> {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024);
  let done = 0;
  while (done < entry.size) {
    const { bytesRead } = await file.read(chunk, 0, Math.min(chunk.length, entry.size - done), entry.offset + done);
    if (bytesRead === 0) throw new ArchiveError(`the archive is truncated (${entry.name} is cut short)`);
    const piece = chunk.subarray(0, bytesRead);
    hash.update(piece);
    if (out) await writeChunk(out, Buffer.from(piece));
    done += bytesRead;
  }
  return hash.digest('hex');
}

/**
 * Follows an archive as it streams past (a backup the CLI copies from a daemon): collects the
 * bytes of one named entry (the manifest) and tells whether the archive's end arrived, without
 * keeping the rest.
 */
export function tarWatcher(wanted: string): { feed(chunk: Buffer): void; entry(): Buffer | null; ended(): boolean } {
  let header: Buffer = Buffer.alloc(0);
  let remaining = 0; // data bytes left of the current entry
  let skip = 0; // padding left after it
  let capture: Buffer[] | null = null;
  let captured: Buffer | null = null;
  let finished = false;
  return {
    feed(chunk) {
      let at = 0;
      while (at < chunk.length && !finished) {
        if (remaining > 0) {
          const take = Math.min(remaining, chunk.length - at);
          capture?.push(chunk.subarray(at, at + take));
          remaining -= take;
          at += take;
          if (remaining === 0 && capture) {
            captured = Buffer.concat(capture);
            capture = null;
          }
          continue;
        }
        if (skip > 0) {
          const take = Math.min(skip, chunk.length - at);
          skip -= take;
          at += take;
          continue;
        }
        const take = Math.min(BLOCK - header.length, chunk.length - at);
        header = Buffer.concat([header, chunk.subarray(at, at + take)]);
        at += take;
        if (header.length < BLOCK) continue;
        if (header.every((byte) => byte === 0)) {
          finished = true;
          break;
        }
        const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
        const size = parseOctal(header.subarray(124, 136));
        header = Buffer.alloc(0);
        remaining = size;
        skip = padding(size).length;
        capture = name === wanted ? [] : null;
        if (size === 0 && capture) {
          captured = Buffer.alloc(0);
          capture = null;
        }
      }
    },
    entry: () => captured,
    ended: () => finished,
  };
}
