// Backups of the bench's 10,000-article database with a media folder: `db dump` (the archive of the
// database and every media file) and `db restore` (checked in full, then loaded), beside the
// database-only dump measured in the same run, with the archive's and the media's sizes.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { applyBackup, dumpDatabase, stageBackup, writeBackup } from '../src/services/platform/dump/index.js';

const ARTICLES = 10_000;
const AUDIO_FILES = 12;
const AUDIO_BYTES = 3 * 1024 * 1024;
const IMAGE_FILES = 60;
const IMAGE_BYTES = 120 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function closeStream(out: ReturnType<typeof createWriteStream>): Promise<void> {
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

const folder = mkdtempSync(join(tmpdir(), 'newsctl-backup-bench-'));
const source = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
try {
  await migrate(source.sql);
  await source.sql`
    insert into articles (domain_name, source_url, canonical_url, title, content, topic, word_count)
    select 'site' || (n % 100) || '.example', 'https://site' || (n % 100) || '.example/' || n, 'https://site' || (n % 100) || '.example/' || n,
           'Article ' || n || ' about the harbor budget', repeat('The council met again to discuss the harbor budget and its ferries. ', 60), 'usa', 600
    from generate_series(1, ${ARTICLES}) as n`;
  const mediaDir = join(folder, 'media');
  mkdirSync(join(mediaDir, 'audio'), { recursive: true });
  mkdirSync(join(mediaDir, 'images'), { recursive: true });
  let mediaBytes = 0;
  for (let i = 0; i < AUDIO_FILES; i++) {
    writeFileSync(join(mediaDir, 'audio', `latest-news-2026-11-${String(i + 1).padStart(2, '0')}-abc${i}.mp3`), randomBytes(AUDIO_BYTES));
    mediaBytes += AUDIO_BYTES;
  }
  for (let i = 0; i < IMAGE_FILES; i++) {
    writeFileSync(join(mediaDir, 'images', `article-${i}-0123456789ab.png`), randomBytes(IMAGE_BYTES));
    mediaBytes += IMAGE_BYTES;
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; ${ARTICLES} articles, media ${mb(mediaBytes)} (${AUDIO_FILES} audio, ${IMAGE_FILES} images)`,
  );

  // Baseline: the database-only dump (the format a backup carries inside).
  let start = performance.now();
  const plainFile = join(folder, 'database.ndjson');
  const plain = createWriteStream(plainFile);
  await dumpDatabase(source.sql, 'embedded', plain);
  await closeStream(plain);
  const plainMs = performance.now() - start;

  start = performance.now();
  const archiveFile = join(folder, 'backup.tar');
  const archive = createWriteStream(archiveFile, { mode: 0o600 });
  const summary = await writeBackup({ sql: source.sql, kind: 'embedded', mediaDir }, archive, { media: true, includeSecrets: false });
  await closeStream(archive);
  const dumpMs = performance.now() - start;

  const target = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  let stageMs = 0;
  let restoreMs = 0;
  try {
    await migrate(target.sql);
    start = performance.now();
    const staged = await stageBackup(archiveFile);
    stageMs = performance.now() - start;
    start = performance.now();
    const restored = await applyBackup(target.sql, { mediaDir: join(folder, 'restored-media') }, staged);
    restoreMs = performance.now() - start;
    staged.discard();
    if (restored.rows !== summary.rows || restored.files !== AUDIO_FILES + IMAGE_FILES) throw new Error('the restore did not bring everything back');
  } finally {
    await target.close();
  }
  console.log(`database-only dump (baseline): ${seconds(plainMs)}, ${mb(statSync(plainFile).size)}`);
  console.log(
    `db dump (database + media):    ${seconds(dumpMs)}, archive ${mb(statSync(archiveFile).size)} = database ${mb(statSync(archiveFile).size - mediaBytes)} + media ${mb(mediaBytes)}; ${(dumpMs / plainMs).toFixed(2)}x the baseline`,
  );
  console.log(
    `db restore: check the whole archive ${seconds(stageMs)}, load rows and files ${seconds(restoreMs)} (${summary.rows} rows, ${AUDIO_FILES + IMAGE_FILES} files)`,
  );
} finally {
  await source.close();
  rmSync(folder, { recursive: true, force: true });
}
