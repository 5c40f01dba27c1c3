// Feature images: made by the chosen provider, stored under
// {mediaDir}/images with a fresh name each time (so caches never serve an old picture), served at
// /images/{file}.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../../../config.js';
import type { AppContext } from '../../../context.js';
import { createOfflineImageProvider, imageProviderFor, type GeneratedImage } from '../../../providers/image/index.js';
import type { Topic } from '../../../shared/topics.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';

const IMAGE_URL_PREFIX = '/images/';

import { imagesDir, writeFileWhole } from '../../platform/media.js';

const EXTENSIONS: Record<GeneratedImage['mimeType'], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function saveImage(config: Pick<Config, 'mediaDir'>, image: GeneratedImage, stem: string): string {
  const name = `${stem.replace(/[^a-z0-9-]/gi, '').slice(0, 60) || 'article'}-${randomBytes(6).toString('hex')}.${EXTENSIONS[image.mimeType]}`;
  writeFileWhole(join(imagesDir(config), name), image.data);
  return `${IMAGE_URL_PREFIX}${name}`;
}

/** The file name an image address stands for, or null when it is not one of ours (or not a valid address). */
function imageFileName(imageUrl: string | null): string | null {
  if (!imageUrl?.startsWith(IMAGE_URL_PREFIX)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(imageUrl.slice(IMAGE_URL_PREFIX.length).split('?')[0]!);
  } catch {
    // A malformed %-escape (a restored or hand-edited row): not a file we wrote.
    return null;
  }
  const name = basename(decoded);
  return name && !name.startsWith('.') ? name : null;
}

/** Removes a stored image by its public address; anything that is not one of ours is left alone. */
export function deleteImage(config: Pick<Config, 'mediaDir'>, imageUrl: string | null): void {
  const name = imageFileName(imageUrl);
  if (name) rmSync(join(imagesDir(config), name), { force: true });
}

export interface FeatureImageInput {
  title: string;
  excerpt: string;
  topic: Topic;
  sourceCount: number;
  signal?: AbortSignal;
}

function fillImagePrompt(template: string, input: Pick<FeatureImageInput, 'title' | 'excerpt'>): string {
  return template.replaceAll('{ARTICLE_TITLE}', input.title).replaceAll('{ARTICLE_EXCERPT}', input.excerpt);
}

/**
 * An image from the configured provider. `fallback`: when that provider fails, the offline cover is
 * used instead (and the failure logged as a warning) — what article generation wants; an explicit
 * regeneration asks for the failure instead.
 */
export async function makeFeatureImage(
  ctx: Pick<AppContext, 'config' | 'sql' | 'events'>,
  input: FeatureImageInput,
  options: { fallback: boolean },
): Promise<GeneratedImage> {
  const setting = await getSetting<{ apiKey: string; imagePrompt: string }>(ctx, 'google-api-config');
  const provider = imageProviderFor(ctx.config, setting.apiKey);
  const request = {
    prompt: fillImagePrompt(setting.imagePrompt, input),
    title: input.title,
    excerpt: input.excerpt,
    topic: input.topic,
    sourceCount: input.sourceCount,
    siteName: ctx.config.siteName,
    signal: input.signal,
  };
  try {
    return await provider.generate(request);
  } catch (error) {
    if (!options.fallback || provider.name === 'offline' || input.signal?.aborted) throw error;
    await logEvent(
      ctx,
      LOG_COMPONENTS.generator,
      'warning',
      `Feature image for "${input.title}": ${(error as Error).message}; using the offline cover instead`,
    );
    return createOfflineImageProvider().generate(request);
  }
}
