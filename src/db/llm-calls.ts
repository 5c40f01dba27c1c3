import type { Queryable } from './client.js';

export interface LlmCallInsert {
  feature: string;
  provider: string;
  model: string;
  ok: boolean;
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
  durationMs: number;
  attempts: number;
  error: string | null;
}

export async function insertLlmCall(sql: Queryable, call: LlmCallInsert): Promise<void> {
  await sql`
    insert into llm_calls (feature, provider, model, ok, prompt_tokens, completion_tokens, total_tokens, duration_ms, attempts, error)
    values (${call.feature}, ${call.provider}, ${call.model}, ${call.ok}, ${call.promptTokens}, ${call.completionTokens},
            ${call.totalTokens}, ${call.durationMs}, ${call.attempts}, ${call.error})`;
}

/** Every model call ever made (the status object's mistralQueriesCount). */
export async function countLlmCalls(sql: Queryable): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from llm_calls`;
  return row!.count;
}
