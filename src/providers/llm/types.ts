// The one chat-completion interface every AI feature uses. Features never see the SDK: they send
// messages (and a zod schema when they want JSON) and get text, the validated value and usage back.
import type { z } from 'zod';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  /** Which feature calls ('trends-analyzer', 'article-classifier'…): recorded and logged with the call. */
  feature: string;
  /** The model for this call; omitted = the provider's default model. */
  model?: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface JsonChatRequest<T> extends ChatRequest {
  /** JSON mode: the reply must parse and match this schema (one repair attempt otherwise). */
  schema: z.ZodType<T>;
}

export interface ChatUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
}

export interface ChatResult<T = undefined> {
  /** The reply text of the accepted answer. */
  text: string;
  /** The validated value (JSON mode), else undefined. */
  value: T;
  /** Summed over every HTTP attempt of the call, repair included. */
  usage: ChatUsage;
  model: string;
  /** HTTP requests made for this one logical call (retries and the repair included). */
  attempts: number;
}

export interface ChatModel {
  /** What the call records name as the provider (e.g. "openai" or the base URL's host). */
  readonly provider: string;
  readonly defaultModel: string;
  complete<T>(request: JsonChatRequest<T>): Promise<ChatResult<T>>;
  complete(request: ChatRequest): Promise<ChatResult>;
}

export type LlmFailure =
  /** The server answered with an error status that retrying did not cure (or that is not retryable). */
  | 'http'
  /** 429 after every retry, or a Retry-After longer than we are willing to wait. */
  | 'rate_limited'
  | 'timeout'
  | 'connection'
  /** The reply was not valid JSON for the schema, even after the repair attempt. */
  | 'invalid_output'
  | 'aborted';

export class LlmError extends Error {
  readonly failure: LlmFailure;
  readonly status: number | null;
  readonly attempts: number;

  constructor(failure: LlmFailure, message: string, options: { status?: number | null; attempts?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LlmError';
    this.failure = failure;
    this.status = options.status ?? null;
    this.attempts = options.attempts ?? 0;
  }

  /** True when the fault is the provider's (down, refusing, rate-limited), not this one request's. */
  get providerDown(): boolean {
    return this.failure !== 'invalid_output' && this.failure !== 'aborted';
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}

/** What a provider records of each logical call (stored in llm_calls, logged under the model component). */
export interface LlmCallRecord {
  feature: string;
  provider: string;
  model: string;
  ok: boolean;
  usage: ChatUsage;
  durationMs: number;
  attempts: number;
  error: string | null;
}

export interface LlmCallRecorder {
  record(call: LlmCallRecord): Promise<void>;
  log(level: 'error' | 'warning' | 'info' | 'debug', message: string): Promise<void>;
}
