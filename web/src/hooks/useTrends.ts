import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, post, put } from '../api/client';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS, FOOD_STATUS_POLL_MS } from '../api/timings';
import type { FoodRecategorizationStatus, RecategorizeResult, StoryTopicResult, Topic, Trend, TrendTopicStatistics } from '../api/types';

export function useTrendsQuery(topic: Topic | 'all') {
  return useQuery<Trend[]>({ queryKey: keys.trends.list(topic), refetchInterval: CONSOLE_POLL_MS });
}

export function useTrendStatisticsQuery() {
  return useQuery<TrendTopicStatistics[]>({ queryKey: keys.trends.statistics(), refetchInterval: CONSOLE_POLL_MS });
}

/** Writes that change trends refresh the trends area and the status (and the public data they feed). */
function useTrendsWrite<Input, Result>(write: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.status.all() });
      void queryClient.invalidateQueries({ queryKey: keys.trends.all() });
      void queryClient.invalidateQueries({ queryKey: keys.home.all() });
    },
  });
}

export const useAnalyzerControlMutation = () => useTrendsWrite((action: 'run' | 'stop') => post<unknown>(`/api/trends-analyzer/${action}`));
export const useClearTrendsMutation = () => useTrendsWrite(() => del<unknown>('/api/trends'));
export const useRecategorizeTrendsMutation = () => useTrendsWrite(() => post<RecategorizeResult>('/api/trends/recategorize'));
/** Files a story under a topic (kept across analyses); null gives it back to the analyzer. */
export const useStoryTopicMutation = () =>
  useTrendsWrite(({ id, topic }: { id: number; topic: Topic | null }) =>
    topic ? put<StoryTopicResult>(`/api/trends/${id}/topic`, { topic }) : del<StoryTopicResult>(`/api/trends/${id}/topic`),
  );

export function useFoodRecategorizationQuery() {
  return useQuery<FoodRecategorizationStatus>({ queryKey: keys.trends.foodStatus(), refetchInterval: FOOD_STATUS_POLL_MS });
}

export function useFoodRecategorizationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // These two are sent with an empty JSON body.
    mutationFn: (action: 'start' | 'stop') => post<FoodRecategorizationStatus>(`/api/food-recategorization/${action}`, {}),
    onSuccess: (status) => queryClient.setQueryData(keys.trends.foodStatus(), status),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.trends.foodStatus() }),
  });
}
