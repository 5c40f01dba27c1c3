// Which chat model a feature uses (its model-name setting, else NEWSCTL_LLM_MODEL), and how every
// call is recorded (llm_calls) and logged (the model component). The provider knows none of this.
import type { AppContext } from '../../context.js';
import { insertLlmCall } from '../../db/llm-calls.js';
import { reportProblem } from '../../diagnostics.js';
import { createOpenAiChatModel, isModelConfigured, type ChatModel, type LlmCallRecorder, type OpenAiChatModelOptions } from '../../providers/llm/index.js';
import { LOG_COMPONENTS, logEvent } from './logs/index.js';
import { getSetting } from './settings/index.js';

type Ctx = Pick<AppContext, 'config' | 'sql' | 'events'>;

/** Stores each call in llm_calls and logs it under the model component; never fails the caller. */
function callRecorder(ctx: Pick<AppContext, 'sql' | 'events'>): LlmCallRecorder {
  return {
    async record(call) {
      try {
        await insertLlmCall(ctx.sql, {
          feature: call.feature,
          provider: call.provider,
          model: call.model,
          ok: call.ok,
          promptTokens: call.usage.promptTokens,
          completionTokens: call.usage.completionTokens,
          totalTokens: call.usage.totalTokens,
          durationMs: call.durationMs,
          attempts: call.attempts,
          error: call.error,
        });
      } catch (error) {
        reportProblem(`recording a model call failed (${call.feature})`, error);
      }
    },
    log: (level, message) => logEvent(ctx, LOG_COMPONENTS.model, level, message),
  };
}

/**
 * The configured chat model, or null when none is configured. Cheap to build (the SDK client holds
 * no connection), so callers build one per piece of work instead of keeping one in a global.
 */
export function chatModelFor(ctx: Ctx, tuning: Pick<OpenAiChatModelOptions, 'backoffBaseMs' | 'maxRetryAfterMs' | 'sleep'> = {}): ChatModel | null {
  const llm = ctx.config.llm;
  if (!isModelConfigured(llm)) return null;
  return createOpenAiChatModel({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    defaultModel: llm.model,
    timeoutMs: llm.timeoutMs,
    maxRetries: llm.maxRetries,
    recorder: callRecorder(ctx),
    ...tuning,
  });
}

/** The model of a feature: its model-name setting ('trends-analyzer-model-name'…), empty = NEWSCTL_LLM_MODEL. */
export async function modelNameFor(ctx: Pick<AppContext, 'config' | 'sql'>, settingKey: string | null): Promise<string> {
  if (!settingKey) return ctx.config.llm.model;
  const setting = await getSetting<{ modelName?: string }>(ctx, settingKey);
  return setting.modelName?.trim() || ctx.config.llm.model;
}
