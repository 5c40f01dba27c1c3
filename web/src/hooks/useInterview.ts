import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import type { LastInterviewScript } from '../api/types';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { AUDIO_FAILED } from './usePodcast';

/** The notice when the administrator stops a refinement. */
export const REFINEMENT_STOPPED = 'Refinement Stopped';

/** Whether a failed refinement was stopped (its request aborted, or the server told to stop). */
const wasStopped = (error: unknown) => (error instanceof ApiError && error.aborted) || (error instanceof Error && error.message === REFINEMENT_STOPPED);

/** The last interview script (the refined one when it exists) and its audio. */
export function useLastInterviewScriptQuery() {
  return useQuery<LastInterviewScript>({ queryKey: keys.interview.lastScript() });
}

type InterviewStep = 'script' | 'refine' | 'audio';
/** Key of the interview's writes, so a tab opened again while one runs still shows it under way. */
export const INTERVIEW_WRITES = ['interview'] as const;
export const interviewWrite = (step: InterviewStep) => [...INTERVIEW_WRITES, step] as const;

/** A failure is told here, not by the screen: the tab may have been left (and unmounted) while the step ran. */
function useInterviewWrite<Input, Result>(
  step: InterviewStep,
  write: (input: Input) => Promise<Result>,
  apply: (current: LastInterviewScript, result: Result) => LastInterviewScript,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: interviewWrite(step),
    mutationFn: write,
    onSuccess: (result) => {
      queryClient.setQueryData<LastInterviewScript>(keys.interview.lastScript(), (current) => current && apply(current, result));
      void queryClient.invalidateQueries({ queryKey: keys.interview.all() });
    },
    onError: (error) => {
      if (step === 'refine' && wasStopped(error)) notifySuccess(REFINEMENT_STOPPED);
      else notifyFailure(error, failure);
    },
  });
}

export const useGenerateInterviewScriptMutation = () =>
  useInterviewWrite(
    'script',
    () => callApi(endpoints.interviewScript),
    // A new script clears any refined one, and its audio.
    (_current, result) => ({ scriptText: result.script, generatedAt: new Date().toISOString(), editedAt: null, refined: false, audioUrl: null }),
    'Failed to generate interview script',
  );

/**
 * Refines the stored script (the console saves its edit first); aborting `signal` stops it (the
 * server stops when the request goes away).
 */
export const useRefineInterviewScriptMutation = () =>
  useInterviewWrite(
    'refine',
    ({ signal }: { signal: AbortSignal }) => callApi(endpoints.refineInterview, { signal }),
    (_current, result) => ({ scriptText: result.script, generatedAt: new Date().toISOString(), editedAt: null, refined: true, audioUrl: null }),
    'Failed to refine interview script',
  );

/** Asks the server to stop every refinement under way (the abort alone may not reach it through a proxy). */
export const stopInterviewRefinement = () => callApi(endpoints.stopInterviewRefinement);

export const useGenerateInterviewAudioMutation = () =>
  useInterviewWrite(
    'audio',
    () => callApi(endpoints.interviewAudio),
    (current, result) => ({ ...current, audioUrl: result.audioUrl }),
    AUDIO_FAILED,
  );
