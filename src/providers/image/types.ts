// The feature-image interface: a prompt (and what the offline cover draws) in, image bytes out.
import type { Topic } from '../../shared/topics.js';

export interface ImageRequest {
  /** The image prompt with {ARTICLE_TITLE} and {ARTICLE_EXCERPT} filled. */
  prompt: string;
  title: string;
  excerpt: string;
  topic: Topic;
  sourceCount: number;
  siteName: string;
  signal?: AbortSignal;
}

export interface GeneratedImage {
  data: Buffer;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  provider: 'gemini' | 'openai' | 'offline';
  model: string | null;
}

export interface ImageProvider {
  readonly name: GeneratedImage['provider'];
  generate(request: ImageRequest): Promise<GeneratedImage>;
}

export class ImageProviderError extends Error {
  constructor(
    message: string,
    readonly provider: GeneratedImage['provider'],
  ) {
    super(message);
    this.name = 'ImageProviderError';
  }
}

/** The image type of some bytes, from their signature; null when they are not an image we serve. */
export function sniffImageType(data: Buffer): GeneratedImage['mimeType'] | null {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}
