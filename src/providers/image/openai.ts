// Images from an OpenAI-compatible /images/generations endpoint (OpenAI, or any server speaking
// it). The answer may carry the image inline (b64_json) or as a URL, which is fetched once.
import { createOutboundClient, describeOutboundFailure, type OutboundSettings } from '../../net/index.js';
import { openAiConnection } from '../openai-client.js';
import type { ProviderEndpoint } from '../../config.js';
import { ImageProviderError, sniffImageType, type GeneratedImage, type ImageProvider, type ImageRequest } from './types.js';

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

/**
 * `outbound`: the image URL an answer names is a remote party's choice, so it is fetched through the
 * guarded client (no private addresses, a size cap, a time limit).
 */
export function createOpenAiImageProvider(endpoint: ProviderEndpoint & { model: string }, outbound: OutboundSettings): ImageProvider {
  const connect = openAiConnection({ baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, timeoutMs: TIMEOUT_MS, maxRetries: 1 });
  return {
    name: 'openai',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const { client, sdk } = await connect();
      let response: Awaited<ReturnType<typeof client.images.generate>>;
      try {
        response = await client.images.generate({ model: endpoint.model, prompt: request.prompt, n: 1, size: '1024x1024' }, { signal: request.signal });
      } catch (error) {
        const detail = error instanceof sdk.APIError ? `HTTP ${error.status ?? '?'}: ${error.message}` : (error as Error).message;
        throw new ImageProviderError(`image model ${endpoint.model}: ${detail}`.slice(0, 500), 'openai');
      }
      const image = response.data?.[0];
      let data: Buffer | null = null;
      if (image?.b64_json) data = Buffer.from(image.b64_json, 'base64');
      else if (image?.url && /^https?:\/\//.test(image.url)) {
        const downloader = createOutboundClient(outbound, { maxBodyBytes: MAX_IMAGE_BYTES, totalTimeoutMs: TIMEOUT_MS });
        try {
          data = (await downloader.fetch(image.url, { accept: ['image/*'], ...(request.signal ? { signal: request.signal } : {}) })).body;
        } catch (error) {
          throw new ImageProviderError(`image model ${endpoint.model}: the image URL: ${describeOutboundFailure(error, image.url)}`, 'openai');
        } finally {
          downloader.close();
        }
      }
      if (!data) throw new ImageProviderError(`image model ${endpoint.model}: the answer held no image`, 'openai');
      const mimeType = sniffImageType(data);
      if (!mimeType) throw new ImageProviderError(`image model ${endpoint.model}: the answer is not a PNG, JPEG or WebP image`, 'openai');
      return { data, mimeType, provider: 'openai', model: endpoint.model };
    },
  };
}
