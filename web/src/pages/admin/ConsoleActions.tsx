import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { AUDIO_PROGRESS_RESET_MS } from '../../api/timings';
import { ProgressBar } from '../../components/ProgressBar';
import { Spinner } from '../../components/Spinner';
import { useQueueStatusQuery, useRegenerateArticlesMutation } from '../../hooks/useGenerator';
import { useLatestNewsAudioMutation } from '../../hooks/useLatestNewsAudioMutation';
import { AUDIO_GENERATED_EVENT, useLiveMessages, type AudioGeneratedDetail } from '../../hooks/useLiveEvents';
import { notifyFailure } from '../../lib/notify';
import {
  AUDIO_PROGRESS_STEPS,
  IDLE_REGENERATION,
  regenerationStarted,
  withRegenerationMessage,
  type GeneratorAction,
  type RegenerationState,
} from '../../lib/regeneration';
import { safeHref } from '../../lib/articles';

const isProgress = (value: unknown): value is { done: number; total: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { done?: unknown }).done === 'number' &&
  typeof (value as { total?: unknown }).total === 'number';

interface ConsoleActions {
  regeneration: RegenerationState;
  regenerate: () => void;
  regenerating: boolean;
  audio: { percent: number | null; message: string | null; audioUrl: string | null };
  generateAudio: () => void;
  generatingAudio: boolean;
}

const ConsoleActionsContext = createContext<ConsoleActions | null>(null);

function useConsoleActions(): ConsoleActions {
  const actions = useContext(ConsoleActionsContext);
  if (!actions) throw new Error('ConsoleActionsProvider is missing');
  return actions;
}

/**
 * The two actions above the tabs (regenerate articles, latest-news audio) keep their progress
 * here, so it survives switching tabs and shows wherever the actions appear.
 */
export function ConsoleActionsProvider({ children }: { children: ReactNode }) {
  const [regeneration, setRegeneration] = useState<RegenerationState>(IDLE_REGENERATION);
  const [audio, setAudio] = useState<ConsoleActions['audio']>({ percent: null, message: null, audioUrl: null });
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useLiveMessages(['generator_action'], (message) => {
    if (typeof message.action !== 'string') return;
    const action: GeneratorAction = {
      action: message.action,
      ...(isProgress(message.progress) ? { progress: message.progress } : {}),
      ...(message.complete === true ? { complete: true } : {}),
    };
    setRegeneration((state) => (state.running ? withRegenerationMessage(state, action) : state));
  });
  useLiveMessages(['audioGenerationStatus'], (message) => {
    if (typeof message.message === 'string') setAudio((state) => (state.percent === null ? state : { ...state, message: message.message as string }));
  });

  const regenerateMutation = useRegenerateArticlesMutation();
  // The run also ends when the queue (its 30-s poll or a queue_update) no longer holds its items:
  // a "complete" line sent while the live channel was down must not leave the button disabled.
  const acceptedAt = useRef(0);
  const queue = useQueueStatusQuery(regeneration.running);
  useEffect(() => {
    if (!regeneration.running || acceptedAt.current === 0 || !queue.data) return;
    if (queue.dataUpdatedAt > acceptedAt.current && queue.data.regenerating === false) setRegeneration((state) => ({ ...state, running: false }));
  }, [regeneration.running, queue.data, queue.dataUpdatedAt]);
  const regenerate = () => {
    acceptedAt.current = 0;
    setRegeneration(regenerationStarted());
    regenerateMutation.mutate(undefined, {
      onSuccess: () => {
        acceptedAt.current = Date.now();
      },
      onError: (error) => {
        setRegeneration((state) => ({ ...state, running: false }));
        notifyFailure(error, 'Failed to regenerate trends and articles');
      },
    });
  };

  const clearTimers = () => {
    for (const timer of timers.current.splice(0)) clearTimeout(timer);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `clearTimers` only reads a ref; the cleanup runs once, at unmount.
  useEffect(() => clearTimers, []);

  const audioMutation = useLatestNewsAudioMutation();
  const generateAudio = () => {
    clearTimers();
    setAudio({ percent: 0, message: null, audioUrl: null });
    for (const step of AUDIO_PROGRESS_STEPS) {
      timers.current.push(
        setTimeout(() => setAudio((state) => (state.percent === null ? state : { ...state, percent: Math.max(state.percent, step.percent) })), step.afterMs),
      );
    }
    audioMutation.mutate(undefined, {
      onSuccess: (result) => {
        clearTimers();
        setAudio({ percent: 100, message: null, audioUrl: result.audioUrl });
        window.dispatchEvent(new CustomEvent<AudioGeneratedDetail>(AUDIO_GENERATED_EVENT, { detail: { audioUrl: result.audioUrl } }));
        timers.current.push(setTimeout(() => setAudio((state) => ({ ...state, percent: null })), AUDIO_PROGRESS_RESET_MS));
      },
      onError: (error) => {
        clearTimers();
        setAudio({ percent: null, message: null, audioUrl: null });
        notifyFailure(error, 'Failed to generate audio narration');
      },
    });
  };

  const value: ConsoleActions = {
    regeneration,
    regenerate,
    regenerating: regeneration.running || regenerateMutation.isPending,
    audio,
    generateAudio,
    generatingAudio: audioMutation.isPending,
  };
  return <ConsoleActionsContext.Provider value={value}>{children}</ConsoleActionsContext.Provider>;
}

/** Progress and the newest messages of a trend-article regeneration. */
export function RegenerationProgress() {
  const { regeneration } = useConsoleActions();
  if (!regeneration.running && regeneration.messages.length === 0) return null;
  return (
    <div className="space-y-2 rounded-lg border border-gray-200 p-3 dark:border-gray-800" data-testid="regeneration-progress">
      <p className="text-sm font-medium">
        {regeneration.running ? 'Regenerating articles' : 'Regeneration finished'}
        {regeneration.total > 0 && ` (${regeneration.done}/${regeneration.total})`}
      </p>
      {regeneration.total > 0 && <ProgressBar label="Article regeneration progress" value={(regeneration.done / regeneration.total) * 100} />}
      <ol aria-live="polite" className="max-h-40 space-y-0.5 overflow-y-auto font-mono text-xs text-gray-700 dark:text-gray-300">
        {regeneration.messages.map((message, index) => (
          <li key={`${regeneration.messages.length - index}`}>{message}</li>
        ))}
      </ol>
    </div>
  );
}

export function RegenerateArticlesButton() {
  const { regenerate, regenerating } = useConsoleActions();
  return (
    <button type="button" className="button-secondary" disabled={regenerating} onClick={regenerate}>
      {regenerating && <Spinner className="mr-2 size-4" />}
      {regenerating ? 'Regenerating Articles...' : 'Regenerate Articles for Trends'}
    </button>
  );
}

function LatestNewsAudio() {
  const { audio, generateAudio, generatingAudio } = useConsoleActions();
  const href = safeHref(audio.audioUrl);
  return (
    <div className="flex min-w-[min(100%,16rem)] flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="button-secondary" disabled={generatingAudio} onClick={generateAudio}>
          {generatingAudio && <Spinner className="mr-2 size-4" />}
          {generatingAudio ? 'Generating Audio...' : 'Generate Latest News Audio'}
        </button>
        {href && !generatingAudio && (
          <a className="link text-sm" href={href} target="_blank" rel="noreferrer">
            Open the new bulletin
          </a>
        )}
      </div>
      {audio.percent !== null && (
        <div className="max-w-md space-y-1">
          <ProgressBar label="Latest news audio progress" value={audio.percent} />
          <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400" data-testid="audio-progress-text">
            {audio.percent}%{audio.message ? ` · ${audio.message}` : ''}
          </p>
        </div>
      )}
    </div>
  );
}

/** The bar above the tabs. */
export function ConsoleActionsBar() {
  return (
    <div className="card space-y-3 p-4" data-testid="console-actions">
      <div className="flex flex-wrap items-start gap-3">
        <RegenerateArticlesButton />
        <LatestNewsAudio />
      </div>
      <RegenerationProgress />
    </div>
  );
}
