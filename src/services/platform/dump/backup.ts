// `newsctl db dump` / `db restore`: one archive (tar) holding the database and the media folder, so
// a restore brings back every row and every file the rows name. Layout:
//   database.ndjson          the database, in the portable dump format (./database.ts)
//   media/audio/{file}       generated audio (bulletins, podcasts, interviews, songs)
//   media/images/{file}      feature images
//   manifest.json            last: format, version, the database's tables and checksum, every media
//                            file's size and SHA-256, and the credentials left out
// A restore reads the whole archive into a staging folder and checks it (every header, every
// checksum, every row's framing) before it creates or changes anything; sessions are never in it.
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import type { Sql } from '../../../db/client.js';
import { countLiveApiTokens } from '../../../db/api-tokens.js';
import { countUsers } from '../../../db/users.js';
import { AppError, Invalid } from '../../../errors.js';
import { audioDir, imagesDir } from '../media.js';
import { databaseSizeBytes } from '../../../db/space.js';
import { freeBytes } from '../health/disk-monitor.js';
import { dumpDatabase, restoreDatabase, validateDump, type DumpSummary, type OmittedSecret } from './database.js';
import { ArchiveError, copyEntry, listTar, looksLikeTar, padding, TAR_END, tarHeader, writeChunk, type TarEntry } from './tar.js';
import { scratchDir } from '../../../scratch-files.js';

export const BACKUP_FORMAT = 'newsctl-backup';
const BACKUP_VERSION = 1;
const DATABASE_ENTRY = 'database.ndjson';
const MANIFEST_ENTRY = 'manifest.json';
const MEDIA_FOLDERS = ['audio', 'images'] as const;
/** A media file's name as we write them; anything else in an archive is refused. */
const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MB = 1024 * 1024;
/** Room kept beside a backup's scratch copy of the database. */
const SCRATCH_MARGIN_BYTES = 64 * MB;

export interface MediaEntry {
  /** `audio/{file}` or `images/{file}`. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: {
    file: typeof DATABASE_ENTRY;
    kind: 'embedded' | 'postgres';
    size: number;
    sha256: string;
    migrations: number[];
    tables: { name: string; rows: number }[];
  };
  media: MediaEntry[];
  secrets: { included: boolean; omitted: OmittedSecret[] };
}

export interface BackupOptions {
  /** Archive the media folder too (default); false writes the database only. */
  media: boolean;
  /** Keep API keys and provider headers in the archive. */
  includeSecrets: boolean;
}

export interface BackupSummary extends DumpSummary {
  mediaFiles: number;
  mediaBytes: number;
  omittedSecrets: OmittedSecret[];
}

/** Media files in the media folder, in a stable order; dot files (encodes in progress) left out. */
function mediaFiles(mediaDir: string): { path: string; file: string }[] {
  const found: { path: string; file: string }[] = [];
  for (const folder of MEDIA_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(join(mediaDir, folder)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      if (!MEDIA_NAME.test(name)) continue;
      const file = join(mediaDir, folder, name);
      try {
        if (statSync(file).isFile()) found.push({ path: `${folder}/${name}`, file });
      } catch {
        // Removed meanwhile (retention): not part of this backup.
      }
    }
  }
  return found;
}

/** Writes one archive of the database (read in one snapshot) and, unless told not to, every media file. */
/**
 * Refuses (507 disk_full) a backup whose scratch copy of the database cannot fit in the temporary
 * folder, before anything is written: a daemon streaming a dump calls it before its answer starts.
 */
export async function assertBackupRoom(sql: Sql): Promise<void> {
  const needed = await databaseSizeBytes(sql);
  const room = freeBytes(tmpdir());
  if (room < needed + SCRATCH_MARGIN_BYTES) {
    throw new AppError(
      'disk_full',
      `The backup was not started: its database copy needs about ${Math.ceil(needed / MB)} MB in ${tmpdir()}, which has ${Math.floor(room / MB)} MB free`,
    );
  }
}

export async function writeBackup(
  source: { sql: Sql; kind: 'embedded' | 'postgres'; mediaDir: string },
  out: Writable,
  options: BackupOptions,
): Promise<BackupSummary> {
  // The database goes to a private scratch file first: a tar entry's size comes before its bytes.
  await assertBackupRoom(source.sql);
  const scratch = scratchDir('backup');
  try {
    const databaseFile = join(scratch, DATABASE_ENTRY);
    const hash = createHash('sha256');
    const file = createWriteStream(databaseFile, { mode: 0o600 });
    const tee = new PassThrough();
    tee.on('data', (chunk: Buffer) => hash.update(chunk));
    tee.pipe(file);
    const fileDone = new Promise<void>((resolve, reject) => {
      file.on('finish', resolve);
      file.on('error', reject);
    });
    let dumped: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      dumped = await dumpDatabase(source.sql, source.kind, tee, { includeSecrets: options.includeSecrets });
    } finally {
      tee.end();
    }
    await fileDone;
    const databaseSize = statSync(databaseFile).size;
    const header = JSON.parse(readFirstLine(databaseFile)) as { migrations: number[]; tables: { name: string; rows: number }[] };
    const now = new Date();

    await writeChunk(out, tarHeader(DATABASE_ENTRY, databaseSize, now));
    for await (const chunk of createReadStream(databaseFile)) await writeChunk(out, chunk as Buffer);
    await writeChunk(out, padding(databaseSize));

    const media: MediaEntry[] = [];
    for (const entry of options.media ? mediaFiles(source.mediaDir) : []) {
      let bytes: Buffer;
      try {
        // Whole files (audio of a few MB): what is archived is exactly what was hashed.
        bytes = readFileSync(entry.file);
      } catch {
        continue;
      }
      await writeChunk(out, tarHeader(`media/${entry.path}`, bytes.length, now));
      await writeChunk(out, bytes);
      await writeChunk(out, padding(bytes.length));
      media.push({ path: entry.path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: {
        file: DATABASE_ENTRY,
        kind: source.kind,
        size: databaseSize,
        sha256: hash.digest('hex'),
        migrations: header.migrations,
        tables: header.tables.map((table) => ({ name: table.name, rows: table.rows })),
      },
      media,
      secrets: { included: options.includeSecrets, omitted: dumped.omittedSecrets },
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writeChunk(out, tarHeader(MANIFEST_ENTRY, manifestBytes.length, now));
    await writeChunk(out, manifestBytes);
    await writeChunk(out, padding(manifestBytes.length));
    await writeChunk(out, TAR_END);
    return {
      tables: dumped.tables,
      rows: dumped.rows,
      perTable: dumped.perTable,
      mediaFiles: media.length,
      mediaBytes: media.reduce((sum, entry) => sum + entry.size, 0),
      omittedSecrets: dumped.omittedSecrets,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The dump's header line (its first line; a header is small, read in at most 16 MB). */
function readFirstLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(statSync(file).size, 16 * 1024 * 1024));
    const read = readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString('utf8');
    const newline = text.indexOf('\n');
    return newline >= 0 ? text.slice(0, newline) : text;
  } finally {
    closeSync(fd);
  }
}

/** A checked archive, unpacked in a private staging folder, ready to restore. */
export interface StagedBackup {
  manifest: BackupManifest;
  /** The database dump to load (staged, or the file itself for an older database-only dump). */
  databaseFile: string;
  /** Staged media files: path (`audio/…`) → staged file. */
  media: Map<string, string>;
  /** True for a dump made before backups held media (JSON lines, database only). */
  legacy: boolean;
  discard(): void;
}

function isManifest(value: unknown): value is BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  return Boolean(
    m &&
      m.format === BACKUP_FORMAT &&
      typeof m.version === 'number' &&
      m.database &&
      typeof m.database.sha256 === 'string' &&
      Number.isInteger(m.database.size) &&
      Array.isArray(m.media) &&
      m.media.every((e) => e && typeof e.path === 'string' && Number.isInteger(e.size) && typeof e.sha256 === 'string') &&
      m.secrets &&
      Array.isArray(m.secrets.omitted),
  );
}

/**
 * Reads and checks a whole backup without touching any database or data folder: the archive's
 * headers, the manifest, every entry's size and SHA-256 against it, nothing missing or extra, and
 * the database dump's own framing. Invalid (exit 2) says what is wrong, in one line.
 */
export async function stageBackup(file: string): Promise<StagedBackup> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw Invalid(`${file} is not a file`);
    size = info.size;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw Invalid(`${file} does not exist`);
    if ((error as { code?: string }).code === 'EACCES') throw Invalid(`${file} cannot be read (permission denied)`);
    throw error;
  }
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw Invalid(`${file} cannot be read (${error.code ?? error.message})`);
  });
  const staging = scratchDir('restore');
  const discard = () => rmSync(staging, { recursive: true, force: true });
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    if (bytesRead === 0) throw Invalid(`${file} is empty`);
    if (!looksLikeTar(head.subarray(0, bytesRead))) {
      if (head[0] !== 0x7b) throw Invalid(`${file} is not a newsctl backup (neither an archive nor a database dump)`);
      // A database-only dump from before backups held media.
      const header = await validateDump(file);
      discard();
      return {
        manifest: {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: header.createdAt,
          database: {
            file: DATABASE_ENTRY,
            kind: header.database,
            size,
            sha256: '',
            migrations: header.migrations,
            tables: header.tables.map((t) => ({ name: t.name, rows: t.rows })),
          },
          media: [],
          secrets: { included: true, omitted: [] },
        },
        databaseFile: file,
        media: new Map(),
        legacy: true,
        discard: () => {},
      };
    }

    let entries: TarEntry[];
    try {
      entries = await listTar(handle, size);
    } catch (error) {
      throw error instanceof ArchiveError ? Invalid(`${file}: ${error.message}`) : error;
    }
    const byName = new Map<string, TarEntry>();
    for (const entry of entries) {
      if (byName.has(entry.name)) throw Invalid(`${file}: the archive holds ${entry.name} twice`);
      byName.set(entry.name, entry);
    }
    const manifestEntry = byName.get(MANIFEST_ENTRY);
    if (!manifestEntry) throw Invalid(`${file} has no manifest: it is not a newsctl backup, or it was cut short`);
    if (manifestEntry.size > MAX_MANIFEST_BYTES) throw Invalid(`${file}: the manifest is too large to be ours`);
    const manifestBytes = Buffer.alloc(manifestEntry.size);
    await handle.read(manifestBytes, 0, manifestEntry.size, manifestEntry.offset);
    let manifest: unknown;
    try {
      manifest = JSON.parse(manifestBytes.toString('utf8'));
    } catch {
      throw Invalid(`${file}: the manifest is not JSON`);
    }
    if (!isManifest(manifest)) throw Invalid(`${file}: the manifest is not a newsctl backup's`);
    if (manifest.version !== BACKUP_VERSION) throw Invalid(`${file} is a version ${manifest.version} backup; this newsctl reads version ${BACKUP_VERSION}`);

    const expected = new Set([MANIFEST_ENTRY, DATABASE_ENTRY]);
    for (const media of manifest.media) {
      const [folder, name, ...rest] = media.path.split('/');
      if (rest.length || !MEDIA_FOLDERS.includes(folder as (typeof MEDIA_FOLDERS)[number]) || !name || !MEDIA_NAME.test(name)) {
        throw Invalid(`${file}: the manifest names a media file with an unsafe path: ${JSON.stringify(media.path.slice(0, 120))}`);
      }
      expected.add(`media/${media.path}`);
    }
    for (const name of byName.keys()) if (!expected.has(name)) throw Invalid(`${file}: the archive holds ${name}, which its manifest does not list`);
    for (const name of expected) if (!byName.has(name)) throw Invalid(`${file}: ${name} is missing from the archive`);

    const stageEntry = async (entry: TarEntry, target: string, want: { size: number; sha256: string }) => {
      if (entry.size !== want.size) throw Invalid(`${file}: ${entry.name} is ${entry.size} bytes, its manifest says ${want.size}`);
      const out = createWriteStream(target, { mode: 0o600 });
      const closed = new Promise<void>((resolve, reject) => {
        out.on('finish', resolve);
        out.on('error', reject);
      });
      let sha: string;
      try {
        sha = await copyEntry(handle, entry, out);
      } finally {
        out.end();
      }
      await closed;
      if (sha !== want.sha256) throw Invalid(`${file}: ${entry.name} does not match its checksum (the archive is damaged)`);
    };
    const databaseFile = join(staging, DATABASE_ENTRY);
    await stageEntry(byName.get(DATABASE_ENTRY)!, databaseFile, manifest.database);
    const media = new Map<string, string>();
    for (const folder of MEDIA_FOLDERS) mkdirSync(join(staging, 'media', folder), { recursive: true });
    for (const entry of manifest.media) {
      const target = join(staging, 'media', entry.path);
      await stageEntry(byName.get(`media/${entry.path}`)!, target, entry);
      media.set(entry.path, target);
    }
    const header = await validateDump(databaseFile);
    if (header.migrations.join(',') !== manifest.database.migrations.join(','))
      throw Invalid(`${file}: the manifest and the database disagree on the migrations`);
    return { manifest, databaseFile, media, legacy: false, discard };
  } catch (error) {
    discard();
    throw error;
  } finally {
    await handle.close();
  }
}

export interface RestoreSummary extends DumpSummary {
  files: number;
  mediaBytes: number;
  users: number;
  tokens: number;
  /** Credentials the backup left out, which must be set again. */
  secretsToSetAgain: OmittedSecret[];
  /** The backup held no media (an older database-only dump, or one made with --no-media). */
  withoutMedia: boolean;
}

/** Loads a staged backup: the rows in one transaction, then the files into the media folder. */
export async function applyBackup(sql: Sql, config: { mediaDir: string }, staged: StagedBackup, options: { replace?: boolean } = {}): Promise<RestoreSummary> {
  const summary = await restoreDatabase(sql, staged.databaseFile, options);
  let bytes = 0;
  const folders = { audio: audioDir(config), images: imagesDir(config) };
  for (const [path, stagedFile] of staged.media) {
    const [folder, name] = path.split('/') as ['audio' | 'images', string];
    const target = join(folders[folder], name);
    try {
      renameSync(stagedFile, target);
    } catch (error) {
      // The staging folder is on another file system than the media folder.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      copyFileSync(stagedFile, target);
      unlinkSync(stagedFile);
    }
    bytes += statSync(target).size;
  }
  return {
    ...summary,
    files: staged.media.size,
    mediaBytes: bytes,
    users: await countUsers(sql),
    tokens: await countLiveApiTokens(sql),
    secretsToSetAgain: staged.manifest.secrets.omitted,
    withoutMedia: staged.legacy || staged.manifest.media.length === 0,
  };
}
