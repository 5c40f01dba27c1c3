import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import type { LastConversationalScript } from '../api/types';
import { notifyFailure } from '../lib/notify';

/** The last podcast script (the enhanced one when it exists) and its audio. */
export function useLastPodcastScriptQuery() {
  return useQuery<LastConversationalScript>({ queryKey: keys.podcast.lastScript() });
}

/** The fallback of a failed audio narration (podcast or interview). */
export const AUDIO_FAILED = 'Failed to generate audio narration';

type PodcastStep = 'script' | 'enhance' | 'audio';
/** Key of the podcast's writes, so a tab opened again while one runs still shows it under way. */
export const PODCAST_WRITES = ['podcast'] as const;
export const podcastWrite = (step: PodcastStep) => [...PODCAST_WRITES, step] as const;

/**
 * Podcast writes: each answer goes into the cached script at once (the screen shows it without a
 * round trip), then the script is read again so it matches what the server stored. A failure is
 * told here, not by the screen: the tab may have been left (and unmounted) while the step ran.
 */
function usePodcastWrite<Input, Result>(
  step: PodcastStep,
  write: (input: Input) => Promise<Result>,
  apply: (current: LastConversationalScript, result: Result, input: Input) => LastConversationalScript,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: podcastWrite(step),
    mutationFn: write,
    onSuccess: (result, input) => {
      queryClient.setQueryData<LastConversationalScript>(keys.podcast.lastScript(), (current) => current && apply(current, result, input));
      void queryClient.invalidateQueries({ queryKey: keys.podcast.all() });
    },
    onError: (error) => notifyFailure(error, failure),
  });
}

export const useGeneratePodcastScriptMutation = () =>
  usePodcastWrite(
    'script',
    () => callApi(endpoints.podcastScript),
    // A new script clears the enhanced one and the audio.
    (_current, result) => ({
      scriptText: result.script,
      generatedAt: new Date().toISOString(),
      editedAt: null,
      enhanced: false,
      originalScriptText: null,
      audioUrl: null,
    }),
    'Failed to generate script',
  );

// The console saves its edits first, then enhances and renders the stored scripts (no body).
export const useEnhancePodcastScriptMutation = () =>
  usePodcastWrite(
    'enhance',
    () => callApi(endpoints.enhancePodcastScript),
    (current, result) => ({
      scriptText: result.enhancedScript,
      generatedAt: new Date().toISOString(),
      editedAt: null,
      enhanced: true,
      originalScriptText: current.enhanced ? current.originalScriptText : current.scriptText,
      audioUrl: null,
    }),
    'Failed to enhance script',
  );

export const useGeneratePodcastAudioMutation = () =>
  usePodcastWrite(
    'audio',
    () => callApi(endpoints.podcastAudio),
    (current, result) => ({ ...current, audioUrl: result.audioUrl }),
    AUDIO_FAILED,
  );
