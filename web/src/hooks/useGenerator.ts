import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, callApi, endpoints, getFile } from '../api/client';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS, GENERATED_ARTICLES_POLL_MS } from '../api/timings';
import type { GeneratedArticle, QueueStatus } from '../api/types';

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

export const useGeneratorControlMutation = () =>
  useGeneratorWrite((action: 'run' | 'stop') => callApi(action === 'run' ? endpoints.runGenerator : endpoints.stopGenerator));
export const useClearArticlesMutation = () => useGeneratorWrite(() => callApi(endpoints.clearGeneratedArticles));
// Sent with an empty JSON body.
export const useRegenerateImageMutation = () => useGeneratorWrite((id: number) => callApi(endpoints.regenerateImage, { params: { id } }));
export const useGenerateFromTrendMutation = () => useGeneratorWrite((trendTitle: string) => callApi(endpoints.generateFromTrend, { body: { trendTitle } }));
export const useRegenerateArticlesMutation = () => useGeneratorWrite(() => callApi(endpoints.regenerateArticles));

/** An article as the server exports it (.txt or Word), with the file name it gives. */
export const downloadGeneratedArticle = (id: number, format: 'txt' | 'docx') => getFile(apiPath(endpoints.exportGeneratedArticle, { id }, { format }));
