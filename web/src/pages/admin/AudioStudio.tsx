// Pieces the Podcast, Interviews and Music tabs share: the script panel and its step buttons, a
// script box whose edits are saved on the server, the live segment progress of an audio render, the
// generation time, and the voice choices of the speaker tables.
import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { GenerateAudioResponse, LiveMessage } from '../../api/types';
import { AudioClip } from '../../components/AudioClip';
import { Field } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { ProgressBar } from '../../components/ProgressBar';
import { Spinner } from '../../components/Spinner';
import { useLiveMessages } from '../../hooks/useLiveEvents';
import type { ScriptDraft } from '../../hooks/useScriptEdits';
import { useSettingQuery } from '../../hooks/useSettings';
import { useSiteInfoQuery } from '../../hooks/useSiteInfoQuery';
import { dateInZone, formatClockTime } from '../../lib/clock';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';

/** Audio needs a script; refinement and enhancement need one too. */
export const NO_SCRIPT = 'No script available. Generate a script first.';

/** "Generated 2026-11-26, 5:12 AM CST" in the product's time zone ("Edited …" with `verb`). */
export function GeneratedAt({ iso, verb = 'Generated' }: { iso: string | null; verb?: 'Generated' | 'edited' }) {
  const site = useSiteInfoQuery();
  if (!iso) return null;
  const zone = site.data?.timeZone ?? 'America/Chicago';
  return (
    // One line on a phone: the date must not break at its hyphens.
    <span data-testid={verb === 'Generated' ? 'generated-at' : 'edited-at'} className="whitespace-nowrap">
      {verb} {dateInZone(new Date(iso), zone)}, {formatClockTime(iso, zone)}
    </span>
  );
}

/** A step of a script panel ("Generate Script" / "Generating Script..."), with its spinner while under way. */
export function StepButton({
  label,
  pendingLabel,
  pending,
  onClick,
  disabled,
  primary = false,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  onClick: () => void;
  disabled: boolean;
  primary?: boolean;
}) {
  return (
    <button type="button" className={primary ? 'button-primary' : 'button-secondary'} onClick={onClick} disabled={disabled}>
      {pending && <Spinner className="mr-2 size-4" />}
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * The panel of a generated text (podcast script, interview script, lyrics): when it was written and
 * last edited, its steps, and its boxes once the last text has loaded.
 */
export function ScriptPanel({
  title,
  last,
  lastLabel = 'Last generated script',
  empty = 'No script generated yet.',
  what = 'script',
  actions,
  outcome = null,
  audio,
  testId,
  children,
}: {
  title: string;
  last: { isPending: boolean; isError: boolean; data?: { generatedAt: string | null; editedAt: string | null } };
  lastLabel?: string;
  empty?: string;
  /** What the panel holds, for its load failure ("Failed to load the last lyrics."). */
  what?: string;
  actions: ReactNode;
  /** What the last step did. */
  outcome?: string | null;
  /** The audio made from the script: its render's progress while under way, then its player. */
  audio?: { title: string; pending: boolean; progress: SegmentProgress | null; audioUrl: string | null; testId: string };
  testId: string;
  children: ReactNode;
}) {
  const generatedAt = last.data?.generatedAt;
  const editedAt = last.data?.editedAt;
  return (
    <Panel
      title={title}
      description={
        generatedAt ? (
          <>
            {lastLabel} · <GeneratedAt iso={generatedAt} />
            {editedAt && (
              <>
                {' · '}
                <GeneratedAt iso={editedAt} verb="edited" />
              </>
            )}
          </>
        ) : (
          empty
        )
      }
      actions={actions}
      testId={testId}
    >
      {last.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : last.isError && !last.data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the last {what}.
        </p>
      ) : (
        <div className="space-y-4">
          {children}
          {audio?.pending && <AudioRenderProgress label={`${audio.title} progress`} progress={audio.progress} />}
          {outcome && <Outcome>{outcome}</Outcome>}
          {audio?.audioUrl && !audio.pending && <AudioClip src={audio.audioUrl} title={audio.title} testId={audio.testId} />}
        </div>
      )}
    </Panel>
  );
}

/** Stores the drafts' edits before a step uses them; false (and a toast) when a save failed. */
export async function saveDrafts(...drafts: ScriptDraft[]): Promise<boolean> {
  try {
    for (const draft of drafts) await draft.save();
    return true;
  } catch (error) {
    notifyFailure(error, 'Failed to save the script');
    return false;
  }
}

/**
 * A generated text's box: the administrator edits it and saves the edit on the server (the next
 * step saves it too), so a reload shows it and the render speaks it. `name` names it in the Save
 * button and the toast ("Podcast script saved successfully").
 */
export function ScriptBox({
  label,
  name,
  draft,
  disabled,
  hint = 'Each line starts with a speaker label followed by a colon.',
  testId,
}: {
  label: ReactNode;
  name: string;
  draft: ScriptDraft;
  disabled: boolean;
  hint?: string;
  testId?: string;
}) {
  const save = () =>
    draft.save().then(
      () => notifySuccess(`${name} saved successfully`),
      (error) => notifyFailure(error, 'Failed to save the script'),
    );
  return (
    <div className="min-w-0 space-y-2">
      <Field label={label} hint={hint}>
        <textarea
          value={draft.text}
          onChange={(event) => draft.edit(event.target.value)}
          disabled={disabled}
          rows={12}
          spellCheck={false}
          data-testid={testId}
          className="field w-full font-mono text-sm leading-relaxed"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          className="button-secondary button-small"
          onClick={save}
          disabled={!draft.dirty || disabled}
          aria-label={`Save ${name.toLowerCase()}`}
        >
          {draft.saving && <Spinner className="mr-2 size-4" />}
          {draft.saving ? 'Saving...' : 'Save'}
        </button>
        {draft.dirty && (
          <>
            <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
              You have unsaved changes
            </p>
            <button type="button" className="link text-sm" onClick={draft.reset} disabled={disabled}>
              Discard changes
            </button>
          </>
        )}
      </div>
    </div>
  );
}

interface SegmentProgress {
  current: number;
  total: number;
}

/**
 * The segments of an audio render so far, from its live progress messages; `start` clears it
 * when a new render begins.
 */
function useSegmentProgress(type: 'conversational-audio-progress' | 'interview-audio-progress'): [SegmentProgress | null, () => void] {
  const [progress, setProgress] = useState<SegmentProgress | null>(null);
  useLiveMessages([type], (message: LiveMessage) => {
    const current = Number(message.current);
    const total = Number(message.total);
    if (Number.isFinite(current) && Number.isFinite(total) && total > 0) setProgress({ current, total });
  });
  return [progress, () => setProgress(null)];
}

/**
 * The Generate Audio step of a script panel: saves the drafts' edits, then renders the stored
 * script (the spoken draft must not be empty), following the render's live segment progress and
 * reporting "Audio generated: N segments." through `report`.
 */
export function useAudioRender(
  type: 'conversational-audio-progress' | 'interview-audio-progress',
  render: UseMutationResult<GenerateAudioResponse, Error, unknown>,
  report: (outcome: string | null) => void,
) {
  const [progress, resetProgress] = useSegmentProgress(type);
  const run = async (spoken: ScriptDraft, drafts: ScriptDraft[]) => {
    if (!spoken.text.trim()) return notifyInvalid(NO_SCRIPT);
    report(null);
    if (!(await saveDrafts(...drafts))) return;
    resetProgress();
    // A failure ("Failed to generate audio narration") is told by the mutation itself, also once the tab was left.
    render.mutate(undefined, { onSuccess: (result) => report(`Audio generated: ${result.segmentCount} segments.`) });
  };
  return { progress, run };
}

function AudioRenderProgress({ label, progress }: { label: string; progress: SegmentProgress | null }) {
  return (
    <div className="max-w-md space-y-1" data-testid="audio-render-progress">
      <ProgressBar label={label} value={progress ? (progress.current / progress.total) * 100 : 0} />
      <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
        {!progress
          ? 'Preparing the voices...'
          : progress.current < progress.total
            ? `Segment ${progress.current} of ${progress.total}`
            : // Every line is spoken; joining them and the two loudness passes still take a while.
              `All ${progress.total} segments spoken; mixing and levelling the audio...`}
      </p>
    </div>
  );
}

/** What the last action did, read out by screen readers ("Audio generated: 14 segments"). */
function Outcome({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-gray-700 dark:text-gray-300" data-testid="audio-outcome">
      {children}
    </p>
  );
}

/** The voice table's names, offered for the speaker tables' voice column and the narration voice. */
export function useVoiceChoices(): Readonly<Record<string, readonly string[]>> | undefined {
  const voices = useSettingQuery<{ voices: { name: string }[] }>('voice-table');
  const names = voices.data?.voices.map((voice) => voice.name);
  return names ? { voice: names } : undefined;
}
