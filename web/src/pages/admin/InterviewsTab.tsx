import { useRef, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { AudioClip } from '../../components/AudioClip';
import { Badge } from '../../components/Badge';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import {
  INTERVIEW_WRITES,
  interviewWrite,
  stopInterviewRefinement,
  useGenerateInterviewAudioMutation,
  useGenerateInterviewScriptMutation,
  useLastInterviewScriptQuery,
  useRefineInterviewScriptMutation,
} from '../../hooks/useInterview';
import { useLiveMessages } from '../../hooks/useLiveEvents';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';
import { AudioRenderProgress, GeneratedAt, NO_SCRIPT, Outcome, ScriptBox, useSegmentProgress, useVoiceChoices } from './AudioStudio';

/** Spec 001 §4: the notice when the administrator stops a refinement. */
export const REFINEMENT_STOPPED = 'Refinement Stopped';

type Writing = { step: 'script' | 'refine'; tokens: number; done: boolean };

/** Live token counts of the script being written or refined (spec 001 §7 token messages). */
function useTokenProgress(running: Writing['step'] | null): [Writing | null, (step: Writing['step'] | null) => void] {
  const [writing, setWriting] = useState<Writing | null>(null);
  // A step started before the tab was opened again is followed from its next message.
  const under = useRef(running);
  under.current = running;
  useLiveMessages(['interview_token_progress', 'interview_token_complete', 'interview_refine_token_progress', 'interview_refine_token_complete'], (message) => {
    const tokens = Number(message.tokens);
    if (!Number.isFinite(tokens)) return;
    const step = message.type.startsWith('interview_refine') ? 'refine' : 'script';
    const done = message.type.endsWith('_complete');
    setWriting((current) => ((current && current.step === step && !current.done) || (!current && under.current === step) ? { step, tokens, done } : current));
  });
  return [writing, (step) => setWriting(step ? { step, tokens: 0, done: false } : null)];
}

function tokenText(writing: Writing): string {
  const count = writing.tokens.toLocaleString('en-US');
  if (writing.step === 'script') return writing.done ? `Script written: ${count} tokens` : `Writing the script: ${count} tokens`;
  return writing.done ? `Script refined: ${count} tokens` : `Refining the script: ${count} tokens`;
}

/** Spec 001 §2/§4 Interviews: script (clears any refined one) → refined (can be stopped) → audio. */
function InterviewScript() {
  const last = useLastInterviewScriptQuery();
  const generate = useGenerateInterviewScriptMutation();
  const refine = useRefineInterviewScriptMutation();
  const audio = useGenerateInterviewAudioMutation();
  const [progress, resetProgress] = useSegmentProgress('interview-audio-progress');
  const [edited, setEdited] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Leaving the tab does not stop a refinement: its result still reaches the cached script.
  const refinement = useRef<AbortController | null>(null);

  const stored = last.data;
  const script = edited ?? stored?.scriptText ?? '';
  // From the mutation cache: a call started before the tab was left still shows when it is opened again.
  const busy = useIsMutating({ mutationKey: INTERVIEW_WRITES }) > 0;
  const pending = {
    script: useIsMutating({ mutationKey: interviewWrite('script') }) > 0,
    refine: useIsMutating({ mutationKey: interviewWrite('refine') }) > 0,
    audio: useIsMutating({ mutationKey: interviewWrite('audio') }) > 0,
  };
  const [writing, startWriting] = useTokenProgress(pending.script ? 'script' : pending.refine ? 'refine' : null);

  const generateScript = () => {
    setOutcome(null);
    startWriting('script');
    generate.mutate(undefined, {
      onSuccess: (result) => {
        setEdited(undefined);
        setOutcome(`Script generated (${result.writer === 'model' ? 'model' : 'offline writer'}): ${result.totalTokens.toLocaleString('en-US')} tokens.`);
      },
      onError: (error) => {
        startWriting(null);
        notifyFailure(error, 'Failed to generate interview script');
      },
    });
  };
  const refineScript = () => {
    if (!script.trim()) return notifyInvalid(NO_SCRIPT);
    setOutcome(null);
    startWriting('refine');
    const controller = new AbortController();
    refinement.current = controller;
    refine.mutate(
      { interview: script, signal: controller.signal },
      {
        onSuccess: (result) => {
          setEdited(undefined);
          setOutcome(`Script refined: ${result.totalTokens.toLocaleString('en-US')} tokens.`);
        },
        onError: (error) => {
          startWriting(null);
          const stopped = controller.signal.aborted || (error instanceof ApiError && error.aborted) || (error instanceof Error && error.message === REFINEMENT_STOPPED);
          if (stopped) notifySuccess(REFINEMENT_STOPPED);
          else notifyFailure(error, 'Failed to refine interview script');
        },
        onSettled: () => {
          if (refinement.current === controller) refinement.current = null;
        },
      },
    );
  };
  const stopRefinement = () => {
    if (refinement.current) {
      refinement.current.abort();
      // The server stops when the request goes away; telling it as well covers a proxy that keeps it open.
      void stopInterviewRefinement().catch(() => undefined);
      return;
    }
    // Started before the tab was left: only the server can stop it now.
    stopInterviewRefinement().then(
      (answer) => notifySuccess(answer.message),
      (error) => notifyFailure(error, 'Failed to stop the refinement'),
    );
  };
  const generateAudio = () => {
    if (!script.trim()) return notifyInvalid(NO_SCRIPT);
    setOutcome(null);
    resetProgress();
    audio.mutate(script, {
      onSuccess: (result) => setOutcome(`Audio generated: ${result.segmentCount} segments.`),
      onError: (error) => notifyFailure(error, 'Failed to generate audio narration'),
    });
  };

  return (
    <Panel
      title="Interview Script"
      description={
        stored?.generatedAt ? (
          <>
            Last generated script · <GeneratedAt iso={stored.generatedAt} />
          </>
        ) : (
          'No script generated yet.'
        )
      }
      actions={
        <>
          <button type="button" className="button-primary" onClick={generateScript} disabled={busy}>
            {pending.script && <Spinner className="mr-2 size-4" />}
            {pending.script ? 'Generating Script...' : 'Generate Script'}
          </button>
          {pending.refine ? (
            <button type="button" className="button-danger" onClick={stopRefinement}>
              <Spinner className="mr-2 size-4" />
              Stop Refinement
            </button>
          ) : (
            <button type="button" className="button-secondary" onClick={refineScript} disabled={busy}>
              Refine Script
            </button>
          )}
          <button type="button" className="button-secondary" onClick={generateAudio} disabled={busy}>
            {pending.audio && <Spinner className="mr-2 size-4" />}
            {pending.audio ? 'Generating Audio...' : 'Generate Audio'}
          </button>
        </>
      }
      testId="interview-script"
    >
      {last.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : last.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the last script.
        </p>
      ) : (
        <div className="space-y-4">
          <SettingsEditor settingKey="interview-topic" title="Interview Topic" bare rows={2} hints={{ topic: 'Generate Script writes an interview on the saved topic.' }} />
          <ScriptBox
            label={
              <>
                Script{stored?.refined && edited === undefined && <Badge tone="blue" className="ml-2">Refined</Badge>}
              </>
            }
            value={script} onChange={setEdited} disabled={busy} testId="interview-text" />
          {writing && (
            <p role="status" aria-live="polite" className="text-sm font-medium tabular-nums" data-testid="token-progress">
              {!writing.done && <Spinner className="mr-2 inline size-4 align-[-2px]" />}
              {tokenText(writing)}
            </p>
          )}
          {pending.audio && <AudioRenderProgress label="Interview audio progress" progress={progress} />}
          {outcome && <Outcome>{outcome}</Outcome>}
          {stored?.audioUrl && !pending.audio && <AudioClip src={stored.audioUrl} title="Interview audio" testId="interview-audio" />}
        </div>
      )}
    </Panel>
  );
}

export function InterviewsTab() {
  const voices = useVoiceChoices();
  return (
    <div className="space-y-6">
      <InterviewScript />
      <Panel title="Interview Speakers" description="The host speaks first; each speaker's voice comes from the voice table." testId="interview-speakers">
        <SettingsEditor settingKey="interview-speakers" title="Speaker / Voice Table" choices={voices} bare />
      </Panel>
      <Panel title="Interview Prompts and Model" testId="interview-config">
        <div className="space-y-6">
          <SettingsEditor settingKey="interview-system-prompt" title="Interview System Prompt" bare />
          <SettingsEditor settingKey="interview-user-prompt" title="Interview User Prompt" bare hints={{ promptText: '{topic} is replaced by the interview topic.' }} />
          <SettingsEditor settingKey="interview-refinement-prompt" title="Interview Refinement Prompt" bare hints={{ promptText: '{interview} is replaced by the script.' }} />
          <SettingsEditor settingKey="interview-model-name" title="Interview Model Name" bare />
        </div>
      </Panel>
    </div>
  );
}
