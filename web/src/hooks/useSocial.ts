import { useSyncExternalStore } from 'react';
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import { SOCIAL_HOME_POLL_MS } from '../api/timings';
import type { HomePageData, SocialContentRequest } from '../api/types';
import { notifyFailure } from '../lib/notify';

/** The home page's data as the Social tab reads it: refreshed every 10 minutes. */
export function useSocialHomeQuery() {
  return useQuery<HomePageData>({ queryKey: keys.home.page(), refetchInterval: SOCIAL_HOME_POLL_MS });
}

/** A written post and what it is about (the trend's or the story's title). */
export interface SocialPost {
  text: string;
  about: string;
}

// The last post lives outside the tab: leaving a console tab unmounts it, and a post written (by a
// model, perhaps at a cost) while another tab was open must still be there when it is opened again.
let lastPost: SocialPost | null = null;
const listeners = new Set<() => void>();
function setLastPost(next: SocialPost): void {
  lastPost = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last post written in this page (null before the first). */
export function useLastSocialPost(): SocialPost | null {
  return useSyncExternalStore(
    subscribe,
    () => lastPost,
    () => null,
  );
}

const SOCIAL_WRITE = ['social', 'post'] as const;
type SocialWrite = SocialContentRequest & { about: string };

/**
 * Writes a post; the answer becomes the last post, and a failure is told, even when the tab was
 * left meanwhile (a call's own callbacks die with the tab).
 */
export function useGenerateSocialMutation() {
  return useMutation({
    mutationKey: SOCIAL_WRITE,
    mutationFn: ({ about: _about, ...request }: SocialWrite) => callApi(endpoints.socialContent, { body: request }),
    onSuccess: (result, { about }) => setLastPost({ text: result.content, about }),
    onError: (error) => notifyFailure(error, 'Failed to generate social content'),
  });
}

/** The requests of the posts being written now (also those started before the tab was left). */
export function usePendingSocialWrites(): SocialWrite[] {
  return useMutationState({ filters: { mutationKey: SOCIAL_WRITE, status: 'pending' }, select: (mutation) => mutation.state.variables as SocialWrite });
}
