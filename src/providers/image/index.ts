// Chooses the image provider: Gemini when the console's
// image-generation API configuration has a key, else an OpenAI-compatible images API when an image
// model is configured (NEWSCTL_IMAGE_MODEL), else the offline cover.
import type { Config } from '../../config.js';
import { createGeminiImageProvider } from './gemini.js';
import { createOfflineImageProvider } from './offline.js';
import { createOpenAiImageProvider } from './openai.js';
import type { ImageProvider } from './types.js';

export { createOfflineImageProvider, textPath, textWidth } from './offline.js';
export type { GeneratedImage, ImageProvider } from './types.js';

export function imageProviderFor(config: Pick<Config, 'image' | 'gemini' | 'userAgent' | 'allowPrivateNetworks'>, googleApiKey: string): ImageProvider {
  if (googleApiKey.trim()) {
    return createGeminiImageProvider({ baseUrl: config.gemini.baseUrl, model: config.gemini.imageModel, apiKey: googleApiKey.trim() });
  }
  if (config.image.model) return createOpenAiImageProvider({ ...config.image, model: config.image.model }, config);
  return createOfflineImageProvider();
}
