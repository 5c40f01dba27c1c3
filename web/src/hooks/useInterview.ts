import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../api/client';
import * as keys from '../api/keys';
import type { GenerateAudioResponse, InterviewScriptResponse, LastInterviewScript } from '../api/types';

/** The last interview script (the refined one when it exists) and its audio. */
export function useLastInterviewScriptQuery() {
  return useQuery<LastInterviewScript>({ queryKey: keys.interview.lastScript() });
}

type InterviewStep = 'script' | 'refine' | 'audio';
/** Key of the interview's writes, so a tab opened again while one runs still shows it under way. */
export const INTERVIEW_WRITES = ['interview'] as const;
export const interviewWrite = (step: InterviewStep) => [...INTERVIEW_WRITES, step] as const;

function useInterviewWrite<Input, Result>(step: InterviewStep, write: (input: Input) => Promise<Result>, apply: (current: LastInterviewScript, result: Result) => LastInterviewScript) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: interviewWrite(step),
    mutationFn: write,
    onSuccess: (result) => {
      queryClient.setQueryData<LastInterviewScript>(keys.interview.lastScript(), (current) => current && apply(current, result));
      void queryClient.invalidateQueries({ queryKey: keys.interview.all() });
    },
  });
}

export const useGenerateInterviewScriptMutation = () =>
  useInterviewWrite(
    'script',
    () => post<InterviewScriptResponse>('/api/generate-interview-script'),
    // A new script clears any refined one, and its audio (spec 001 §4).
    (_current, result) => ({ scriptText: result.script, generatedAt: new Date().toISOString(), editedAt: null, refined: false, audioUrl: null }),
  );

/**
 * Refines the stored script (the console saves its edit first); aborting `signal` stops it (the
 * server stops when the request goes away).
 */
export const useRefineInterviewScriptMutation = () =>
  useInterviewWrite(
    'refine',
    ({ signal }: { signal: AbortSignal }) => post<InterviewScriptResponse>('/api/refine-interview-script', undefined, { signal }),
    (_current, result) => ({ scriptText: result.script, generatedAt: new Date().toISOString(), editedAt: null, refined: true, audioUrl: null }),
  );

/** Asks the server to stop every refinement under way (the abort alone may not reach it through a proxy). */
export const stopInterviewRefinement = () => post<{ message: string }>('/api/refine-interview-script/stop');

export const useGenerateInterviewAudioMutation = () =>
  useInterviewWrite(
    'audio',
    () => post<GenerateAudioResponse>('/api/generate-interview-audio'),
    (current, result) => ({ ...current, audioUrl: result.audioUrl }),
  );
