// Images from Google's Gemini API (generateContent with an image model), used when the console's
// image-generation API configuration holds a key.
import { ImageProviderError, sniffImageType, type GeneratedImage, type ImageProvider, type ImageRequest } from './types.js';

const TIMEOUT_MS = 120_000;

interface GeminiPart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
  inline_data?: { mime_type?: string; data?: string };
}

interface GeminiResponse {
  candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  error?: { message?: string };
}

export function createGeminiImageProvider(options: { baseUrl: string; model: string; apiKey: string }): ImageProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(options.model)}:generateContent`;
  return {
    name: 'gemini',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(request.signal ? [request.signal] : [])];
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey },
          body: JSON.stringify({
            contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
            generationConfig: { responseModalities: ['TEXT', 'IMAGE'] },
          }),
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        throw new ImageProviderError(`Gemini ${options.model}: ${(error as Error).message}`, 'gemini');
      }
      const text = await response.text();
      let body: GeminiResponse = {};
      try {
        body = JSON.parse(text) as GeminiResponse;
      } catch {
        // reported below with the status
      }
      if (!response.ok) {
        throw new ImageProviderError(
          `Gemini ${options.model}: HTTP ${response.status}${body.error?.message ? `: ${body.error.message}` : ''}`.slice(0, 500),
          'gemini',
        );
      }
      if (body.promptFeedback?.blockReason)
        throw new ImageProviderError(`Gemini ${options.model}: prompt blocked (${body.promptFeedback.blockReason})`, 'gemini');
      const parts = body.candidates?.flatMap((candidate) => candidate.content?.parts ?? []) ?? [];
      const inline = parts.map((part) => part.inlineData?.data ?? part.inline_data?.data).find((data): data is string => Boolean(data));
      if (!inline) throw new ImageProviderError(`Gemini ${options.model}: the answer held no image`, 'gemini');
      const data = Buffer.from(inline, 'base64');
      const mimeType = sniffImageType(data);
      if (!mimeType) throw new ImageProviderError(`Gemini ${options.model}: the answer is not a PNG, JPEG or WebP image`, 'gemini');
      return { data, mimeType, provider: 'gemini', model: options.model };
    },
  };
}
