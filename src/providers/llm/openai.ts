// Chat completions against any OpenAI-compatible server (OpenAI, Mistral, Ollama, vLLM…) through the
// openai SDK. The SDK's own retries are off: this module retries itself so that every attempt is
// counted and logged, the wait honours Retry-After but never beyond a cap, and a stop (AbortSignal)
// also cuts a back-off wait short.
import type OpenAI from 'openai';
import type { APIError } from 'openai';
import { openAiConnection, type OpenAiConnection } from '../openai-client.js';
import type { z } from 'zod';
import { LlmError, isLlmError, type ChatMessage, type ChatModel, type ChatRequest, type ChatResult, type ChatUsage, type LlmCallRecorder } from './types.js';
import { counted } from '../../shared/words.js';

export interface OpenAiChatModelOptions {
  /** e.g. http://localhost:11434/v1; null = api.openai.com. */
  baseUrl: string | null;
  /** null for servers that need none (Ollama). */
  apiKey: string | null;
  defaultModel: string;
  /** Per HTTP attempt. */
  timeoutMs: number;
  /** Retries after the first attempt, on 408/429/5xx, timeouts and connection failures. */
  maxRetries: number;
  recorder: LlmCallRecorder;
  /** First back-off wait when the server gives no Retry-After; doubles per retry (default 500 ms). */
  backoffBaseMs?: number;
  /** A Retry-After longer than this fails the call at once instead of stalling a job (default 60 s). */
  maxRetryAfterMs?: number;
  /** How to wait between attempts (tests record the waits). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const MAX_BACKOFF_MS = 8_000;
const DEFAULT_BACKOFF_BASE_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
const ERROR_TEXT_MAX = 500;

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('aborted', 'The model call was stopped'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmError('aborted', 'The model call was stopped'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Milliseconds the server asked us to wait (retry-after-ms, or Retry-After in seconds or as a date), or null. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const exact = headers?.get('retry-after-ms');
  if (exact && Number.isFinite(Number(exact))) return Math.max(0, Number(exact));
  const raw = headers?.get('retry-after')?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The JSON value in a reply: tolerates a Markdown code fence and prose around one object or array. */
export function extractJson(text: string): unknown {
  let body = text.trim();
  const fence = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?\s*```$/.exec(body);
  if (fence) body = fence[1]!.trim();
  try {
    return JSON.parse(body);
  } catch (error) {
    const start = body.search(/[{[]/);
    const end = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
    if (start >= 0 && end > start && (start > 0 || end < body.length - 1)) return JSON.parse(body.slice(start, end + 1));
    throw error;
  }
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

function parseReply<T>(text: string, schema: z.ZodType<T>): Parsed<T> {
  let json: unknown;
  try {
    json = extractJson(text);
  } catch (error) {
    return { ok: false, problem: `not valid JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.length ? issue.path.join('.') : 'the reply'}: ${issue.message}`);
  return { ok: false, problem: `the JSON does not match the expected shape (${issues.join('; ')})` };
}

// OpenAI's JSON mode refuses a conversation that never mentions JSON; an administrator's own prompt may not.
function withJsonHint(messages: ChatMessage[]): ChatMessage[] {
  if (messages.some((message) => /json/i.test(message.content))) return messages;
  return [{ role: 'system', content: 'Answer with a single JSON object and nothing else.' }, ...messages];
}

function repairMessage(problem: string): ChatMessage {
  return {
    role: 'user',
    content: `Your previous reply could not be used: ${problem}. Reply again with only the corrected JSON object, no other text.`,
  };
}

function addUsage(total: ChatUsage, usage: OpenAI.CompletionUsage | undefined): void {
  if (!usage) return;
  total.promptTokens = (total.promptTokens ?? 0) + (usage.prompt_tokens ?? 0);
  total.completionTokens = (total.completionTokens ?? 0) + (usage.completion_tokens ?? 0);
  total.totalTokens = (total.totalTokens ?? 0) + (usage.total_tokens ?? 0);
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function describeHttp(error: APIError): string {
  const detail = error.message.replace(/^\d{3}\s*/, '').slice(0, ERROR_TEXT_MAX);
  return `HTTP ${error.status}${detail ? `: ${detail}` : ''}`;
}

/** Maps anything an attempt threw to an LlmError (attempt count filled in by the caller); `sdk` tells its own errors apart. */
function classify(error: unknown, attempts: number, sdk?: OpenAiConnection['sdk']): LlmError {
  if (isLlmError(error)) return error;
  if (sdk) {
    if (error instanceof sdk.APIUserAbortError) return new LlmError('aborted', 'The model call was stopped', { attempts, cause: error });
    if (error instanceof sdk.APIConnectionTimeoutError) return new LlmError('timeout', 'The model did not answer in time', { attempts, cause: error });
    if (error instanceof sdk.APIConnectionError) {
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return new LlmError('connection', `Cannot reach the model server${cause}`, { attempts, cause: error });
    }
    if (error instanceof sdk.APIError && typeof error.status === 'number') {
      return new LlmError(error.status === 429 ? 'rate_limited' : 'http', describeHttp(error), { status: error.status, attempts, cause: error });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LlmError('http', `Unreadable answer from the model server: ${message.slice(0, ERROR_TEXT_MAX)}`, { attempts, cause: error });
}

function providerName(baseUrl: string | null): string {
  if (!baseUrl) return 'openai';
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'openai-compatible';
  }
}

export function createOpenAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  const connect = openAiConnection({ baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs: options.timeoutMs, maxRetries: 0 });
  const provider = providerName(options.baseUrl);
  const recorder = options.recorder;
  const sleep = options.sleep ?? abortableSleep;
  const backoffBase = options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  const maxRetryAfter = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;

  interface CallState {
    feature: string;
    model: string;
    attempts: number;
    usage: ChatUsage;
  }

  /** One request with its retries; returns the reply text. */
  async function send(state: CallState, request: ChatRequest, messages: ChatMessage[], json: boolean): Promise<string> {
    const { client, sdk } = await connect();
    for (let retry = 0; ; retry++) {
      if (request.signal?.aborted) throw new LlmError('aborted', 'The model call was stopped', { attempts: state.attempts });
      state.attempts++;
      // A signal of its own per attempt: the SDK never removes the listener it adds to the signal it
      // is given, so a job's one long-lived signal would collect one per call.
      const attempt = new AbortController();
      const forwardAbort = () => attempt.abort();
      request.signal?.addEventListener('abort', forwardAbort, { once: true });
      try {
        const completion = await client.chat.completions.create(
          {
            model: state.model,
            messages,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
            ...(json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { signal: attempt.signal, timeout: options.timeoutMs, maxRetries: 0 },
        );
        addUsage(state.usage, completion.usage);
        const text = completion.choices?.[0]?.message?.content;
        if (typeof text !== 'string') throw new LlmError('http', 'The model server answered without a message', { attempts: state.attempts });
        return text;
      } catch (thrown) {
        const error = classify(thrown, state.attempts, sdk);
        const status = thrown instanceof sdk.APIError && typeof thrown.status === 'number' ? thrown.status : null;
        const retryable = error.failure === 'timeout' || error.failure === 'connection' || (status !== null && retryableStatus(status));
        if (!retryable || retry >= options.maxRetries) throw error;
        const asked = thrown instanceof sdk.APIError ? retryAfterMs(thrown.headers) : null;
        if (asked !== null && asked > maxRetryAfter) {
          throw new LlmError(error.failure, `${error.message} (the server asks to wait ${seconds(asked)}, longer than ${seconds(maxRetryAfter)})`, {
            status,
            attempts: state.attempts,
            cause: thrown,
          });
        }
        const backoff = Math.min(backoffBase * 2 ** retry, MAX_BACKOFF_MS) * (1 - Math.random() * 0.25);
        const wait = asked ?? backoff;
        await recorder.log(
          'warning',
          `${state.feature} · ${state.model}: ${error.message}; retrying in ${seconds(wait)} (attempt ${state.attempts + 1} of ${options.maxRetries + 1})`,
        );
        await sleep(wait, request.signal);
      } finally {
        request.signal?.removeEventListener('abort', forwardAbort);
      }
    }
  }

  async function complete<T>(request: ChatRequest & { schema?: z.ZodType<T> }): Promise<ChatResult<T | undefined>> {
    const started = performance.now();
    const state: CallState = {
      feature: request.feature,
      model: request.model?.trim() || options.defaultModel,
      attempts: 0,
      usage: { promptTokens: null, completionTokens: null, totalTokens: null },
    };
    const finish = async (ok: boolean, error: LlmError | null) => {
      const durationMs = Math.round(performance.now() - started);
      await recorder.record({
        feature: state.feature,
        provider,
        model: state.model,
        ok,
        usage: state.usage,
        durationMs,
        attempts: state.attempts,
        error: error ? error.message.slice(0, ERROR_TEXT_MAX) : null,
      });
      // Successful calls are in llm_calls; the activity log keeps what an operator must look at.
      const tries = counted(state.attempts, 'attempt');
      if (!ok)
        await recorder.log(error?.failure === 'aborted' ? 'info' : 'error', `${state.feature} · ${state.model}: failed after ${tries}: ${error?.message}`);
    };

    try {
      const schema = request.schema;
      let messages = schema ? withJsonHint(request.messages) : request.messages;
      let text = await send(state, request, messages, Boolean(schema));
      let value: T | undefined;
      if (schema) {
        let parsed = parseReply(text, schema);
        if (!parsed.ok) {
          await recorder.log('warning', `${state.feature} · ${state.model}: reply rejected, ${parsed.problem}; asking once for a repair`);
          messages = [...messages, { role: 'assistant', content: text }, repairMessage(parsed.problem)];
          text = await send(state, request, messages, true);
          parsed = parseReply(text, schema);
          if (!parsed.ok)
            throw new LlmError('invalid_output', `The model's reply was unusable after a repair attempt: ${parsed.problem}`, { attempts: state.attempts });
        }
        value = parsed.value;
      }
      await finish(true, null);
      return { text, value, usage: state.usage, model: state.model, attempts: state.attempts };
    } catch (thrown) {
      const error = classify(thrown, state.attempts);
      await finish(false, error);
      throw new LlmError(error.failure, error.message, { status: error.status, attempts: state.attempts, cause: error.cause ?? thrown });
    }
  }

  return {
    provider,
    defaultModel: options.defaultModel,
    complete: complete as ChatModel['complete'],
  };
}
