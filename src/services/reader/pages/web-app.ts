// What makes the site an installable app: its web app manifest (named after the site) and its icon
// as PNG in the sizes install prompts ask for, drawn from the same mark as the favicon.
import { svgToPng } from '../../../providers/image/svg-png.js';
import type { Config } from '../../../config.js';

/** The site's mark: the favicon's "N" on the masthead's colours (web/public/app-icon.svg is the same drawing). */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#111827"/><path d="M9 23V9h3l8 9.5V9h3v14h-3l-8-9.5V23z" fill="#fbbf24"/></svg>';

export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

const icons = new Map<AppIconSize, Buffer>();

export function appIconPng(size: AppIconSize): Buffer {
  let png = icons.get(size);
  if (!png) {
    png = svgToPng(ICON_SVG, { mode: 'width', value: size });
    icons.set(size, png);
  }
  return png;
}

export function webAppManifest(config: Pick<Config, 'siteName'>): Record<string, unknown> {
  return {
    name: config.siteName,
    short_name: config.siteName.slice(0, 12),
    description: 'The latest news from many sources, grouped by source and topic, with trends and a daily podcast.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f9fafb',
    theme_color: '#111827',
    icons: [
      ...APP_ICON_SIZES.map((size) => ({ src: `/app-icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      { src: '/app-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
