import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, getFile, post } from '../api/client';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS, GENERATED_ARTICLES_POLL_MS } from '../api/timings';
import type { DeleteGeneratedArticlesResult, GeneratedArticle, GeneratorActionResult, QueueStatus, RegenerateImageResult } from '../api/types';

/** The newest 50 generated articles, every 10 s. */
export function useGeneratedArticlesQuery() {
  return useQuery<GeneratedArticle[]>({ queryKey: keys.generator.articles(), refetchInterval: GENERATED_ARTICLES_POLL_MS });
}

/** The generation queue, every 30 s; each queue_update message replaces it at once. */
export function useQueueStatusQuery(enabled = true) {
  return useQuery<QueueStatus>({ queryKey: keys.generator.queue(), refetchInterval: CONSOLE_POLL_MS, enabled });
}

/** Generator writes refresh the generator area and the status once they settle (not awaited). */
function useGeneratorWrite<Input, Result>(write: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.generator.all() });
      void queryClient.invalidateQueries({ queryKey: keys.status.all() });
    },
  });
}

export const useGeneratorControlMutation = () => useGeneratorWrite((action: 'run' | 'stop') => post<GeneratorActionResult>(`/api/generator/${action}`));
export const useClearArticlesMutation = () => useGeneratorWrite(() => del<DeleteGeneratedArticlesResult>('/api/generated-articles/all'));
// Sent with an empty JSON body.
export const useRegenerateImageMutation = () => useGeneratorWrite((id: number) => post<RegenerateImageResult>(`/api/articles/${id}/regenerate-image`, {}));
export const useGenerateFromTrendMutation = () =>
  useGeneratorWrite((trendTitle: string) => post<GeneratorActionResult>('/api/generator/generate-from-trend', { trendTitle }));
export const useRegenerateArticlesMutation = () => useGeneratorWrite(() => post<GeneratorActionResult>('/api/trends/regenerate-articles'));

/** An article as the server exports it (.txt or Word), with the file name it gives. */
export const downloadGeneratedArticle = (id: number, format: 'txt' | 'docx') => getFile(`/api/generated-articles/${id}/export?format=${format}`);
