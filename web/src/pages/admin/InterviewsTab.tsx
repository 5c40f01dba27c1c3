import { useRef, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Badge } from '../../components/Badge';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import {
  INTERVIEW_WRITES,
  interviewWrite,
  REFINEMENT_STOPPED,
  stopInterviewRefinement,
  useGenerateInterviewAudioMutation,
  useGenerateInterviewScriptMutation,
  useLastInterviewScriptQuery,
  useRefineInterviewScriptMutation,
} from '../../hooks/useInterview';
import { useLiveMessages } from '../../hooks/useLiveEvents';
import { useScriptDraft } from '../../hooks/useScriptEdits';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';
import { NO_SCRIPT, saveDrafts, ScriptBox, ScriptPanel, StepButton, useAudioRender, useVoiceChoices } from './AudioStudio';

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

/**
 * Spec 001 §2/§4 Interviews: script (clears any refined one) → refined (can be stopped) → audio.
 * Edits are saved on the server (by Save, or by the step that uses them).
 */
function InterviewScript() {
  const last = useLastInterviewScriptQuery();
  const generate = useGenerateInterviewScriptMutation();
  const refine = useRefineInterviewScriptMutation();
  const audio = useGenerateInterviewAudioMutation();
  const [outcome, setOutcome] = useState<string | null>(null);
  const render = useAudioRender('interview-audio-progress', audio, setOutcome);
  // Leaving the tab does not stop a refinement: its result still reaches the cached script.
  const refinement = useRef<AbortController | null>(null);

  const stored = last.data;
  const script = useScriptDraft(stored?.refined ? 'interview-refined' : 'interview', stored?.scriptText ?? '');
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
        script.reset();
        setOutcome(`Script generated (${result.writer === 'model' ? 'model' : 'offline writer'}): ${result.totalTokens.toLocaleString('en-US')} tokens.`);
      },
      // The failure is told by the mutation itself (useInterview), also once this tab was left.
      onError: () => startWriting(null),
    });
  };
  const refineScript = async () => {
    if (!script.text.trim()) return notifyInvalid(NO_SCRIPT);
    setOutcome(null);
    if (!(await saveDrafts(script))) return;
    startWriting('refine');
    const controller = new AbortController();
    refinement.current = controller;
    refine.mutate(
      { signal: controller.signal },
      {
        onSuccess: (result) => {
          script.reset();
          setOutcome(`Script refined: ${result.totalTokens.toLocaleString('en-US')} tokens.`);
        },
        // "Refinement Stopped", or the failure, is told by the mutation itself (useInterview).
        onError: () => startWriting(null),
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
    // Started before the tab was left: only the server can stop it now. The stopped call itself
    // then says "Refinement Stopped" (useInterview); only "No refinement is running" is told here.
    stopInterviewRefinement().then(
      (answer) => {
        if (answer.message !== REFINEMENT_STOPPED) notifySuccess(answer.message);
      },
      (error) => notifyFailure(error, 'Failed to stop the refinement'),
    );
  };

  return (
    <ScriptPanel
      title="Interview Script"
      last={last}
      actions={
        <>
          <StepButton primary label="Generate Script" pendingLabel="Generating Script..." pending={pending.script} onClick={generateScript} disabled={busy} />
          {pending.refine ? (
            <button type="button" className="button-danger" onClick={stopRefinement}>
              <Spinner className="mr-2 size-4" />
              Stop Refinement
            </button>
          ) : (
            <StepButton label="Refine Script" pendingLabel="Refine Script" pending={false} onClick={refineScript} disabled={busy} />
          )}
          <StepButton label="Generate Audio" pendingLabel="Generating Audio..." pending={pending.audio} onClick={() => render.run(script, [script])} disabled={busy} />
        </>
      }
      outcome={outcome}
      audio={{ title: 'Interview audio', pending: pending.audio, progress: render.progress, audioUrl: stored?.audioUrl ?? null, testId: 'interview-audio' }}
      testId="interview-script"
    >
      <SettingsEditor settingKey="interview-topic" title="Interview Topic" bare rows={2} hints={{ topic: 'Generate Script writes an interview on the saved topic.' }} />
      <ScriptBox
        label={
          <>
            Script{stored?.refined && !script.dirty && <Badge tone="blue" className="ml-2">Refined</Badge>}
          </>
        }
        name="Interview script"
        draft={script}
        disabled={busy}
        testId="interview-text"
      />
      {writing && (
        <p role="status" aria-live="polite" className="text-sm font-medium tabular-nums" data-testid="token-progress">
          {!writing.done && <Spinner className="mr-2 inline size-4 align-[-2px]" />}
          {tokenText(writing)}
        </p>
      )}
    </ScriptPanel>
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
