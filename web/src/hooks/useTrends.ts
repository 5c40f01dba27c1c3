import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS, FOOD_STATUS_POLL_MS } from '../api/timings';
import type { FoodRecategorizationStatus, Topic, Trend, TrendTopicStatistics } from '../api/types';

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

export const useAnalyzerControlMutation = () =>
  useTrendsWrite((action: 'run' | 'stop') => callApi(action === 'run' ? endpoints.runAnalyzer : endpoints.stopAnalyzer));
export const useClearTrendsMutation = () => useTrendsWrite(() => callApi(endpoints.clearTrends));
export const useRecategorizeTrendsMutation = () => useTrendsWrite(() => callApi(endpoints.recategorizeTrends));
/** Files a story under a topic (kept across analyses); null gives it back to the analyzer. */
export const useStoryTopicMutation = () =>
  useTrendsWrite(({ id, topic }: { id: number; topic: Topic | null }) =>
    topic ? callApi(endpoints.setStoryTopic, { params: { id }, body: { topic } }) : callApi(endpoints.clearStoryTopic, { params: { id } }),
  );

export function useFoodRecategorizationQuery() {
  return useQuery<FoodRecategorizationStatus>({ queryKey: keys.trends.foodStatus(), refetchInterval: FOOD_STATUS_POLL_MS });
}

export function useFoodRecategorizationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // These two are sent with an empty JSON body.
    mutationFn: (action: 'start' | 'stop'): Promise<FoodRecategorizationStatus> => callApi(action === 'start' ? endpoints.startFood : endpoints.stopFood),
    onSuccess: (status) => queryClient.setQueryData(keys.trends.foodStatus(), status),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.trends.foodStatus() }),
  });
}
