// The offline feature image: a 1200×630 cover (the Open Graph size) in the topic's colour with the
// title, the topic and the number of sources. Text is drawn as glyph outlines from the font shipped
// in assets/fonts (Inter, SIL OFL), so the result never depends on the machine's fonts, and
// measured with the same outlines, so a wrapped line always fits. resvg renders the SVG to PNG.
import { readFileSync } from 'node:fs';
import { svgToPng } from './svg-png.js';
import opentype, { type Font } from 'opentype.js';
import { packagePath } from '../../paths.js';
import type { Topic } from '../../shared/topics.js';
import type { GeneratedImage, ImageProvider, ImageRequest } from './types.js';

const COVER_WIDTH = 1200;
const COVER_HEIGHT = 630;
const MARGIN = 72;

/** Background and accent per topic: dark enough for white text (contrast ≥ 7:1 against white). */
const TOPIC_COLOURS: Record<Topic, { background: string; accent: string; label: string }> = {
  health: { background: '#0f5c55', accent: '#5eead4', label: 'HEALTH' },
  food: { background: '#7c2d12', accent: '#fdba74', label: 'FOOD' },
  finance: { background: '#1e3a8a', accent: '#93c5fd', label: 'FINANCE' },
  usa: { background: '#7f1d1d', accent: '#fca5a5', label: 'USA' },
  international: { background: '#3b0764', accent: '#d8b4fe', label: 'INTERNATIONAL' },
  tech: { background: '#111827', accent: '#67e8f9', label: 'TECH' },
  energy: { background: '#713f12', accent: '#fde047', label: 'ENERGY' },
  science: { background: '#134e4a', accent: '#a7f3d0', label: 'SCIENCE' },
};

let font: Font | null = null;

function coverFont(): Font {
  if (!font) {
    const bytes = readFileSync(packagePath('assets', 'fonts', 'Inter-Bold.ttf'));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }
  return font;
}

function glyphsOf(f: Font, text: string) {
  // Characters the font lacks are drawn as "?" rather than as empty boxes.
  return [...text].map((char) => {
    const glyph = f.charToGlyph(char);
    return glyph.index === 0 && char.trim() ? f.charToGlyph('?') : glyph;
  });
}

export function textWidth(text: string, size: number, letterSpacing = 0): number {
  const f = coverFont();
  const scale = size / f.unitsPerEm;
  const glyphs = glyphsOf(f, text);
  let width = 0;
  glyphs.forEach((glyph, i) => {
    width += (glyph.advanceWidth ?? 0) * scale + letterSpacing;
    if (i > 0) width += f.getKerningValue(glyphs[i - 1]!, glyph) * scale;
  });
  return width - (glyphs.length ? letterSpacing : 0);
}

export function textPath(text: string, x: number, baseline: number, size: number, letterSpacing = 0): string {
  const f = coverFont();
  const scale = size / f.unitsPerEm;
  const glyphs = glyphsOf(f, text);
  let cursor = x;
  const parts: string[] = [];
  glyphs.forEach((glyph, i) => {
    if (i > 0) cursor += f.getKerningValue(glyphs[i - 1]!, glyph) * scale;
    parts.push(glyph.getPath(cursor, baseline, size).toPathData(1));
    cursor += (glyph.advanceWidth ?? 0) * scale + letterSpacing;
  });
  return parts.join('');
}

/** Greedy word wrap into at most `maxLines` lines of `width`; the last line ends in "…" when cut. */
function wrapTitle(title: string, size: number, width: number, maxLines: number): { lines: string[]; cut: boolean } {
  const words = title.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size) <= width || !line) {
      line = candidate;
      used++;
      continue;
    }
    lines.push(line);
    if (lines.length === maxLines) break;
    line = word;
    used++;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const cut = used < words.length || (lines.length > 0 && textWidth(lines.at(-1)!, size) > width);
  if (cut) {
    let last = lines.at(-1) ?? '';
    while (last && textWidth(`${last}…`, size) > width) last = last.split(' ').slice(0, -1).join(' ') || last.slice(0, -1);
    lines[lines.length - 1] = `${last}…`;
  }
  return { lines, cut };
}

/** The cover as SVG (glyph outlines only, no text elements). */
function coverSvg(request: Pick<ImageRequest, 'title' | 'topic' | 'sourceCount' | 'siteName'>): string {
  const colours = TOPIC_COLOURS[request.topic];
  const width = COVER_WIDTH - 2 * MARGIN;
  // The largest size at which the title fits in four lines.
  let size = 68;
  let wrapped = wrapTitle(request.title, size, width, 4);
  while (size > 40 && wrapped.cut) {
    size -= 4;
    wrapped = wrapTitle(request.title, size, width, 4);
  }
  const lineHeight = Math.round(size * 1.18);
  const blockHeight = lineHeight * wrapped.lines.length;
  const top = Math.max(200, Math.round((COVER_HEIGHT - blockHeight) / 2 + size * 0.35));
  const titlePaths = wrapped.lines.map((line, i) => textPath(line, MARGIN, top + i * lineHeight, size)).join('');
  const label = textPath(colours.label, MARGIN, MARGIN + 28, 26, 3);
  const labelWidth = textWidth(colours.label, 26, 3);
  const sources = request.sourceCount === 1 ? 'Compiled from 1 source' : `Compiled from ${request.sourceCount} sources`;
  const footer = textPath(sources, MARGIN, COVER_HEIGHT - MARGIN, 28);
  const site = request.siteName.slice(0, 40);
  const siteWidth = textWidth(site, 28);
  const sitePath = textPath(site, COVER_WIDTH - MARGIN - siteWidth, COVER_HEIGHT - MARGIN, 28);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.background}"/><stop offset="1" stop-color="#0b0b0f"/></linearGradient></defs>
<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>
<circle cx="${COVER_WIDTH - 40}" cy="40" r="260" fill="${colours.accent}" fill-opacity="0.10"/>
<rect x="${MARGIN}" y="${MARGIN + 44}" width="${Math.round(labelWidth)}" height="6" fill="${colours.accent}"/>
<path d="${label}" fill="${colours.accent}"/>
<path d="${titlePaths}" fill="#ffffff"/>
<rect x="${MARGIN}" y="${COVER_HEIGHT - MARGIN - 60}" width="${COVER_WIDTH - 2 * MARGIN}" height="2" fill="#ffffff" fill-opacity="0.25"/>
<path d="${footer}" fill="#ffffff" fill-opacity="0.85"/>
<path d="${sitePath}" fill="${colours.accent}"/>
</svg>`;
}

export function renderCover(request: Pick<ImageRequest, 'title' | 'topic' | 'sourceCount' | 'siteName'>): Buffer {
  return svgToPng(coverSvg(request));
}

export function createOfflineImageProvider(): ImageProvider {
  return {
    name: 'offline',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      return { data: renderCover(request), mimeType: 'image/png', provider: 'offline', model: null };
    },
  };
}
