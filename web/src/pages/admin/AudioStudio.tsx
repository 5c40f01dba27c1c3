// Pieces the Podcast, Interviews and Music tabs share: a script box, the live segment progress of an
// audio render, the generation time, and the voice choices of the speaker tables.
import { useState, type ReactNode } from 'react';
import type { LiveMessage } from '../../api/types';
import { Field } from '../../components/Field';
import { ProgressBar } from '../../components/ProgressBar';
import { useLiveMessages } from '../../hooks/useLiveEvents';
import { useSettingQuery } from '../../hooks/useSettings';
import { useSiteInfoQuery } from '../../hooks/useSiteInfoQuery';
import { dateInZone, formatClockTime } from '../../lib/clock';

/** Spec 001 §5: audio needs a script; refinement and enhancement need one too. */
export const NO_SCRIPT = 'No script available. Generate a script first.';

/** "Generated 2026-11-26, 5:12 AM CST" in the product's time zone. */
export function GeneratedAt({ iso }: { iso: string | null }) {
  const site = useSiteInfoQuery();
  if (!iso) return null;
  const zone = site.data?.timeZone ?? 'America/Chicago';
  return (
    <span data-testid="generated-at">
      Generated {dateInZone(new Date(iso), zone)}, {formatClockTime(iso, zone)}
    </span>
  );
}

/** A script's text box: the administrator may edit it before the next step uses it. */
export function ScriptBox({ label, value, onChange, disabled, testId }: { label: ReactNode; value: string; onChange: (text: string) => void; disabled: boolean; testId?: string }) {
  return (
    <Field label={label} hint="Each line starts with a speaker label followed by a colon.">
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        rows={12}
        spellCheck={false}
        data-testid={testId}
        className="field w-full font-mono text-sm leading-relaxed"
      />
    </Field>
  );
}

export interface SegmentProgress {
  current: number;
  total: number;
}

/**
 * The segments of an audio render so far, from its live progress messages; `start` clears it
 * when a new render begins.
 */
export function useSegmentProgress(type: 'conversational-audio-progress' | 'interview-audio-progress'): [SegmentProgress | null, () => void] {
  const [progress, setProgress] = useState<SegmentProgress | null>(null);
  useLiveMessages([type], (message: LiveMessage) => {
    const current = Number(message.current);
    const total = Number(message.total);
    if (Number.isFinite(current) && Number.isFinite(total) && total > 0) setProgress({ current, total });
  });
  return [progress, () => setProgress(null)];
}

export function AudioRenderProgress({ label, progress }: { label: string; progress: SegmentProgress | null }) {
  return (
    <div className="max-w-md space-y-1" data-testid="audio-render-progress">
      <ProgressBar label={label} value={progress ? (progress.current / progress.total) * 100 : 0} />
      <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
        {progress ? `Segment ${progress.current} of ${progress.total}` : 'Preparing the voices...'}
      </p>
    </div>
  );
}

/** What the last action did, read out by screen readers ("Audio generated: 14 segments"). */
export function Outcome({ children }: { children: ReactNode }) {
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
