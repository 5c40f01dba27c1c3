// Puts fixture content into a real newsctl database (tables of sql/001_initial.sql) and the audio
// folder, so the browser tests and scripts exercise the daemon's own queries.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Config } from '../../../src/config.js';
import type { AppContext } from '../../../src/context.js';
import type { Sql } from '../../../src/db/client.js';
import { audioDir } from '../../../src/services/platform/media.js';
import { recordRun } from '../../helpers/runs.js';
import { TOPICS, type HomePageData } from './fixtures.js';

/**
 * Where to seed: a database, or a daemon's (its public snapshot is rebuilt on change events, so a
 * seed into a running daemon announces itself as the services do).
 */
export type SeedTarget = Sql | { sql: Sql; ctx?: Pick<AppContext, 'events'> };

function seedTarget(target: SeedTarget): { sql: Sql; changed: () => void } {
  if (typeof target === 'function') return { sql: target, changed: () => {} };
  return { sql: target.sql, changed: () => target.ctx?.events.emit('home_data_updated', {}) };
}

/** Empties what the tests seed, so one daemon serves every test of a file. */
export async function resetContent(target: SeedTarget): Promise<void> {
  const { sql, changed } = seedTarget(target);
  await sql`truncate trend_articles, trends, articles, domains, audio_assets, login_failures, sessions restart identity cascade`;
  // Each job's summary is its latest run: the seeded ones go with the rest.
  await sql`delete from job_runs where job in ('spider', 'trends-analyzer') and status not in ('queued', 'running', 'paused', 'stopping')`;
  changed();
}

const hostOf = (url: string): string => new URL(url.includes('://') ? url : `http://${url}`).host.toLowerCase();

/**
 * Domains with their articles, topic articles (without a domain row, so they stay out of the
 * grid), trends ranked in fixture order, and the spider and analyzer run times.
 */
export async function seedHome(target: SeedTarget, home: HomePageData): Promise<void> {
  const { sql, changed } = seedTarget(target);
  for (const { domain, articles } of home.articlesByDomain) {
    const [row] = await sql<{ id: number }[]>`
      insert into domains (url, host, priority) values (${domain.url}, ${hostOf(domain.url)}, ${domain.priority})
      returning id`;
    const rows = articles.map((article) => ({
      domain_id: row!.id,
      domain_name: article.domainName,
      source_url: article.sourceUrl,
      canonical_url: article.sourceUrl,
      title: article.title,
      scraped_at: article.scrapedAt,
    }));
    // Inserted in chunks: 200 domains × 10 articles is one statement per domain, not 2000.
    if (rows.length > 0) await sql`insert into articles ${sql(rows)}`;
  }
  for (const topic of TOPICS) {
    for (const article of home.recentArticlesByCategory[topic] ?? []) {
      await sql`
        insert into articles (domain_id, domain_name, source_url, canonical_url, title, scraped_at, topic, topic_source)
        values (null, ${article.domainName}, ${article.sourceUrl}, ${`${article.sourceUrl}#${topic}`}, ${article.title},
                ${article.scrapedAt}, ${topic}, 'offline')`;
    }
    const trends = home.topTrends[topic] ?? [];
    for (const [index, trend] of trends.entries()) {
      await sql`
        insert into trends (title, topic, relevance_score, html_file_path, batch_number)
        values (${trend.title}, ${topic}, ${10 - index * 0.5}, ${trend.htmlFilePath}, 1)`;
    }
  }
  const { spiderLastRun, trendsAnalyzerLastRun } = home.lastRunTimes;
  if (spiderLastRun) {
    await recordRun(sql, { job: 'spider', params: { startedAt: spiderLastRun }, createdAt: new Date(spiderLastRun) });
  }
  if (trendsAnalyzerLastRun) {
    await recordRun(sql, {
      job: 'trends-analyzer',
      result: { stopped: false, error: null },
      createdAt: new Date(trendsAnalyzerLastRun),
      finishedAt: new Date(trendsAnalyzerLastRun),
    });
  }
  changed();
}

/** A real MP3 tone of the given length, made once per run with the bundled ffmpeg. */
export function toneMp3(seconds: number): string {
  const file = join(tmpdir(), `newsctl-tone-${seconds}s.mp3`);
  if (!existsSync(file)) {
    const made = spawnSync(
      ffmpeg.path,
      ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-b:a', '32k', '-y', file],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
  }
  return file;
}

/** A latest-news bulletin: the file in {dataDir}/audio and its audio_assets row. */
export async function seedLatestAudio(
  server: { sql: Sql; config: Config; ctx?: Pick<AppContext, 'events'> },
  audio: { fileName: string; seconds: number; generatedAt: string; segments?: { start: number; end: number; speaker: string; text: string }[] },
): Promise<void> {
  const dir = audioDir(server.config);
  mkdirSync(dir, { recursive: true });
  copyFileSync(toneMp3(audio.seconds), join(dir, audio.fileName));
  const meta = audio.segments ? { segments: audio.segments } : {};
  await server.sql`
    insert into audio_assets (kind, file_name, mime_type, duration_seconds, generated_at, meta)
    values ('latest-news', ${audio.fileName}, 'audio/mpeg', ${audio.seconds}, ${audio.generatedAt}, ${server.sql.json(meta)})`;
  server.ctx?.events.emit('latest_news_audio', { audioUrl: audioAddress(audio.fileName, audio.generatedAt), generatedAt: audio.generatedAt });
}

/** The address the daemon gives a bulletin (src/services/newsroom/audio/files.ts). */
export function audioAddress(fileName: string, generatedAt: string): string {
  return `/audio/${encodeURIComponent(fileName)}?v=${Date.parse(generatedAt)}`;
}
