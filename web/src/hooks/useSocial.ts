import { useMutation, useQuery } from '@tanstack/react-query';
import { post } from '../api/client';
import * as keys from '../api/keys';
import { SOCIAL_HOME_POLL_MS } from '../api/timings';
import type { HomePageData, SocialContentRequest, SocialContentResult } from '../api/types';

/** The home page's data as the Social tab reads it: refreshed every 10 minutes (spec 001 §9). */
export function useSocialHomeQuery() {
  return useQuery<HomePageData>({ queryKey: keys.home.page(), refetchInterval: SOCIAL_HOME_POLL_MS });
}

export function useGenerateSocialMutation() {
  return useMutation({ mutationFn: (request: SocialContentRequest) => post<SocialContentResult>('/api/generate-social-content', request) });
}
