// The podcast feed (/podcast.xml): RSS 2.0 with the iTunes tags podcast apps read, one item per
// latest-news bulletin, podcast and interview, each with its MP3 as the enclosure; absolute links
// from NEWSCTL_PUBLIC_URL, else the address the request came to. The channel artwork is drawn
// offline (1400 × 1400 PNG, the size podcast directories ask for) with the shipped font.
import { existsSync } from 'node:fs';
import { svgToPng } from '../../../providers/image/svg-png.js';
import type { AppContext } from '../../../context.js';
import { audioAssetByFileName, recentAudioAssets, type AudioAssetRow } from '../../../db/audio.js';
import { textPath, textWidth } from '../../../providers/image/index.js';
import { audioFilePath } from './files.js';
import { chaptersFor, cuesOf, toSrt, toWebVtt, type Chapter, type TranscriptCue } from './transcript.js';
import { PAGES } from '../../../shared/pages.js';

const FEED_ITEMS = 100;

function xml(text: string): string {
  // Crawled titles end up here: escape everything XML treats specially, and drop control characters.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function duration(seconds: number | null): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

const KIND_TITLES: Record<string, string> = { 'latest-news': 'Latest news', podcast: 'Podcast', interview: 'Interview' };

/** `latest-news-2026-11-28-ab12.mp3` → `latest-news-2026-11-28-ab12`: the name its transcripts go by. */
const stemOf = (fileName: string) => fileName.replace(/\.mp3$/, '');

function episodeChapters(asset: AudioAssetRow, cues: readonly TranscriptCue[], origin: string): Chapter[] {
  const stories = (asset.meta as { chapterStories?: { title: string; lead?: string; url?: string }[] }).chapterStories;
  if (!Array.isArray(stories) || stories.length === 0) return [];
  const opening = KIND_TITLES[asset.kind] ?? 'Opening';
  return chaptersFor(cues, stories, opening).map((chapter) => (chapter.url?.startsWith('/') ? { ...chapter, url: `${origin}${chapter.url}` } : chapter));
}

export type TranscriptFormat = 'vtt' | 'srt' | 'json';

/**
 * An episode's transcript (`vtt`, `srt`, or JSON cues for the site's player) or its chapters
 * (Podcasting 2.0 JSON chapters); null when there is no such episode or it was recorded before
 * transcripts were kept.
 */
export async function episodeText(
  ctx: Pick<AppContext, 'sql'>,
  stem: string,
  what: TranscriptFormat | 'chapters',
  origin: string,
): Promise<{ type: string; body: string } | null> {
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(stem)) return null;
  const asset = await audioAssetByFileName(ctx.sql, `${stem}.mp3`);
  const cues = asset ? cuesOf(asset.meta) : null;
  if (!asset || !cues || asset.kind === 'music' || asset.kind === 'narration') return null;
  if (what === 'vtt') return { type: 'text/vtt; charset=utf-8', body: toWebVtt(cues) };
  if (what === 'srt') return { type: 'application/x-subrip; charset=utf-8', body: toSrt(cues) };
  if (what === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify({ cues }) };
  const chapters = episodeChapters(asset, cues, origin);
  return chapters.length ? { type: 'application/json+chapters; charset=utf-8', body: JSON.stringify({ version: '1.2.0', chapters }) } : null;
}

/** Podcasting 2.0: where the transcript (WebVTT, SRT) and the chapters are, when the episode has them. */
function podcastTags(asset: AudioAssetRow, origin: string): string {
  const cues = cuesOf(asset.meta);
  if (!cues) return '';
  const base = `${origin}/transcripts/${encodeURIComponent(stemOf(asset.fileName))}`;
  const tags = [
    `<podcast:transcript url="${xml(`${base}.vtt`)}" type="text/vtt" language="en"/>`,
    `<podcast:transcript url="${xml(`${base}.srt`)}" type="application/x-subrip" language="en"/>`,
  ];
  if (episodeChapters(asset, cues, origin).length)
    tags.push(`<podcast:chapters url="${xml(`${origin}/chapters/${encodeURIComponent(stemOf(asset.fileName))}.json`)}" type="application/json+chapters"/>`);
  return tags.map((tag) => `\n      ${tag}`).join('');
}

function item(asset: AudioAssetRow, origin: string, siteName: string): string {
  const meta = asset.meta as { title?: string; description?: string };
  const title = meta.title || `${KIND_TITLES[asset.kind] ?? asset.kind} — ${asset.generatedAt.toISOString().slice(0, 10)}`;
  const description = meta.description || `${KIND_TITLES[asset.kind] ?? 'Audio'} from ${siteName}.`;
  const url = `${origin}/audio/${encodeURIComponent(asset.fileName)}`;
  return `    <item>
      <title>${xml(title)}</title>
      <description>${xml(description)}</description>
      <pubDate>${asset.generatedAt.toUTCString()}</pubDate>
      <guid isPermaLink="false">${xml(`${siteName}:${asset.fileName}`)}</guid>
      <link>${xml(url)}</link>
      <enclosure url="${xml(url)}" length="${Math.round(asset.sizeBytes ?? 0)}" type="audio/mpeg"/>
      <itunes:title>${xml(title)}</itunes:title>
      <itunes:summary>${xml(description)}</itunes:summary>
      <itunes:duration>${duration(asset.durationSeconds)}</itunes:duration>
      <itunes:episodeType>full</itunes:episodeType>
      <itunes:explicit>false</itunes:explicit>${podcastTags(asset, origin)}
    </item>`;
}

export async function renderPodcastFeed(ctx: Pick<AppContext, 'sql' | 'config'>, origin: string): Promise<string> {
  const siteName = ctx.config.siteName;
  const assets = (await recentAudioAssets(ctx.sql, ['latest-news', 'podcast', 'interview'], FEED_ITEMS)).filter((asset) =>
    existsSync(audioFilePath(ctx.config, asset.fileName)),
  );
  const title = `${siteName} News Podcast`;
  const description = `The daily latest-news bulletin, conversations about the day's top stories and interviews from ${siteName}.`;
  const artwork = `${origin}${PAGES.podcastArtwork}`;
  const updated = assets[0]?.generatedAt ?? new Date();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>${xml(title)}</title>
    <link>${xml(`${origin}/`)}</link>
    <atom:link href="${xml(`${origin}${PAGES.podcastFeed}`)}" rel="self" type="application/rss+xml"/>
    <description>${xml(description)}</description>
    <language>en-us</language>
    <lastBuildDate>${updated.toUTCString()}</lastBuildDate>
    <image>
      <url>${xml(artwork)}</url>
      <title>${xml(title)}</title>
      <link>${xml(`${origin}/`)}</link>
    </image>
    <itunes:author>${xml(siteName)}</itunes:author>
    <itunes:owner>
      <itunes:name>${xml(siteName)}</itunes:name>
    </itunes:owner>
    <itunes:summary>${xml(description)}</itunes:summary>
    <itunes:image href="${xml(artwork)}"/>
    <itunes:category text="News">
      <itunes:category text="Daily News"/>
    </itunes:category>
    <itunes:explicit>false</itunes:explicit>
    <itunes:type>episodic</itunes:type>
${assets.map((asset) => item(asset, origin, siteName)).join('\n')}
  </channel>
</rss>
`;
}

let artwork: { siteName: string; png: Buffer } | null = null;

/** The channel artwork: the site's name over a sound wave, drawn once per site name. */
export function podcastArtwork(siteName: string): Buffer {
  if (artwork?.siteName === siteName) return artwork.png;
  const size = 1400;
  const bars: string[] = [];
  for (let i = 0; i < 28; i++) {
    // A fixed, speech-like envelope: taller in the middle, uneven like a voice.
    const height = 60 + Math.round(Math.abs(Math.sin(i * 1.7) * 0.6 + Math.sin(i * 0.45) * 0.4) * 300 * Math.sin((Math.PI * (i + 0.5)) / 28));
    const x = 140 + i * 40;
    bars.push(`<rect x="${x}" y="${560 - height / 2}" width="24" height="${height}" rx="12" fill="#f59e0b"/>`);
  }
  let nameSize = 150;
  const name = siteName.slice(0, 40);
  while (nameSize > 48 && textWidth(name, nameSize) > size - 200) nameSize -= 6;
  const nameX = (size - textWidth(name, nameSize)) / 2;
  const label = 'NEWS PODCAST';
  const labelX = (size - textWidth(label, 84, 8)) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="#0f172a"/>
  <rect x="60" y="60" width="${size - 120}" height="${size - 120}" rx="60" fill="none" stroke="#1e293b" stroke-width="8"/>
  ${bars.join('\n  ')}
  <path d="${textPath(name, nameX, 1010, nameSize)}" fill="#f8fafc"/>
  <path d="${textPath(label, labelX, 1160, 84, 8)}" fill="#f59e0b"/>
</svg>`;
  const png = svgToPng(svg);
  artwork = { siteName, png };
  return png;
}
