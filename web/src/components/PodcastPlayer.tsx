import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { AUDIO_GENERATED_EVENT, type AudioGeneratedDetail } from '../hooks/useLiveEvents';
import { dateInZone, formatPlayerTime } from '../lib/clock';
import { Tip } from './Tip';
import { PodcastTranscript } from './PodcastTranscript';

const SEEK_STEP_SECONDS = 5;
/** HTMLMediaElement.HAVE_CURRENT_DATA: below it a seek has nothing to land on. */
const HAVE_CURRENT_DATA = 2;

type PlayerState = 'idle' | 'buffering' | 'playing' | 'paused' | 'ended';

const withoutQuery = (url: string): string => url.split(/[?#]/)[0] ?? url;

/** Keys typed into a field belong to the field, not the player. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Space already activates these natively; toggling as well would undo the click. Links are not
 * among them: Space only scrolls past a link, and one keeps the focus after opening a new tab.
 */
function activatesOnSpace(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, [role="button"], [role="tab"], summary') !== null;
}

// Shared with the placeholder, so the card's height is the same before and after it loads.
const PLAYER_HEADER = 'flex flex-col gap-x-3 sm:flex-row sm:items-baseline sm:justify-between';

/** The player's outline while the audio query is pending (no layout shift when it arrives). */
export function PodcastPlaceholder() {
  return (
    <div className="card p-4" aria-hidden="true">
      <div className={PLAYER_HEADER}>
        <p className="text-lg">&nbsp;</p>
        <p className="text-sm">&nbsp;</p>
      </div>
      <div className="mt-3 h-[4.75rem] sm:h-11" />
    </div>
  );
}

interface Props {
  audioUrl: string;
  generatedAt: string;
  siteName: string;
  timeZone: string;
}

export function PodcastPlayer({ audioUrl, generatedAt, siteName, timeZone }: Props) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [src, setSrc] = useState(audioUrl);
  const [state, setState] = useState<PlayerState>('idle');
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [hover, setHover] = useState<{ time: number; x: number } | null>(null);
  const [dragTime, setDragTime] = useState<number | null>(null);
  // What a screen reader is told when playback starts or stops: the button's new name is not read
  // out (Orca says nothing when a focused button's name changes), so a status line says it.
  const [announcement, setAnnouncement] = useState('');
  // Refs, not state: media events read them synchronously between renders.
  const wantsPlay = useRef(false);
  const seeking = useRef(false);
  const dragging = useRef(false);
  const firstSrc = useRef(true);

  // A polled address only counts as new when its path changes: the query string is a cache buster.
  useEffect(() => {
    setSrc((previous) => (withoutQuery(previous) === withoutQuery(audioUrl) ? previous : audioUrl));
  }, [audioUrl]);

  // A freshly generated file replaces the address, whatever the path.
  useEffect(() => {
    const onGenerated = (event: Event) => {
      const detail = (event as CustomEvent<AudioGeneratedDetail>).detail;
      if (detail && typeof detail.audioUrl === 'string' && detail.audioUrl !== '') setSrc(detail.audioUrl);
    };
    window.addEventListener(AUDIO_GENERATED_EVENT, onGenerated);
    return () => window.removeEventListener(AUDIO_GENERATED_EVENT, onGenerated);
  }, []);

  const reset = useCallback(() => {
    wantsPlay.current = false;
    seeking.current = false;
    setState('idle');
    setAnnouncement('');
    setCurrentTime(0);
    setDuration(0);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `src` is the trigger: a new episode reloads the player.
  useEffect(() => {
    if (firstSrc.current) {
      firstSrc.current = false;
      return;
    }
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    reset();
    audio.load();
  }, [src, reset]);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    wantsPlay.current = true;
    if (audio.ended) audio.currentTime = 0;
    setState(audio.readyState >= 3 ? 'playing' : 'buffering');
    audio.play().catch((error: unknown) => {
      // Autoplay refusal, a decode error or a pause() racing play(): log it and show a stopped player.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('Podcast playback failed', error);
      wantsPlay.current = false;
      setState('paused');
      setAnnouncement('Playback failed');
    });
  }, []);

  const pause = useCallback(() => {
    wantsPlay.current = false;
    audioRef.current?.pause();
    setState('paused');
  }, []);

  const toggle = useCallback(() => {
    if (wantsPlay.current) {
      pause();
      setAnnouncement('Paused');
    } else {
      play();
      setAnnouncement('Playing');
    }
  }, [pause, play]);

  /** Clamped to the file; ignored until the duration is known and data is loaded. */
  const seekTo = useCallback(
    (time: number) => {
      const audio = audioRef.current;
      if (!audio || !Number.isFinite(audio.duration) || audio.duration <= 0 || audio.readyState < HAVE_CURRENT_DATA) return;
      const target = Math.min(Math.max(time, 0), audio.duration);
      seeking.current = true;
      audio.currentTime = target;
      setCurrentTime(target);
      if (wantsPlay.current && audio.paused) play();
      else if (!wantsPlay.current) setState((current) => (current === 'ended' ? 'paused' : current));
    },
    [play],
  );

  /** A transcript line: playback from its start, whether or not the player was playing. */
  const playFrom = useCallback(
    (time: number) => {
      wantsPlay.current = true;
      seekTo(time);
      if (audioRef.current?.paused) play();
      setAnnouncement(`Playing from ${formatPlayerTime(time)}`);
    },
    [play, seekTo],
  );

  const seekBy = useCallback(
    (step: number) => {
      const audio = audioRef.current;
      if (audio) seekTo(audio.currentTime + step);
    },
    [seekTo],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        seekBy(event.key === 'ArrowLeft' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
      } else if (event.key === ' ' && !activatesOnSpace(event.target)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [seekBy, toggle]);

  const timeAt = (clientX: number): number => {
    const bar = barRef.current;
    if (!bar || duration <= 0) return 0;
    const box = bar.getBoundingClientRect();
    const fraction = Math.min(Math.max((clientX - box.left) / box.width, 0), 1);
    return fraction * duration;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (duration <= 0 || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = true;
    setDragTime(timeAt(event.clientX));
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    const time = timeAt(event.clientX);
    if (dragging.current) setDragTime(time);
    const box = event.currentTarget.getBoundingClientRect();
    setHover({ time, x: Math.min(Math.max(event.clientX - box.left, 0), box.width) });
  };
  const endDrag = (event: ReactPointerEvent<HTMLDivElement>, commit: boolean) => {
    if (!dragging.current) return;
    dragging.current = false;
    setDragTime(null);
    if (commit) seekTo(timeAt(event.clientX));
    if (event.pointerType !== 'mouse') setHover(null);
  };

  const shownTime = dragTime ?? currentTime;
  const progress = duration > 0 ? (shownTime / duration) * 100 : 0;
  const isPlaying = state === 'playing' || state === 'buffering';
  const date = (() => {
    const generated = new Date(generatedAt);
    return dateInZone(Number.isNaN(generated.getTime()) ? new Date() : generated, timeZone);
  })();

  return (
    <section aria-labelledby="podcast-heading" className="card p-4" data-player-state={state}>
      <div className={PLAYER_HEADER}>
        <h2 id="podcast-heading" className="text-lg font-semibold">
          {siteName} News Podcast
        </h2>
        {/* For the eye: a reader hears the changes from the status line below, not every buffering. */}
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {state === 'buffering' ? 'Buffering...' : state === 'ended' ? 'Finished' : `Edition of ${date}`}
        </p>
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript (WebVTT) is offered beside the player */}
      <audio
        ref={audioRef}
        src={src}
        preload="auto"
        onLoadedMetadata={(event) => {
          const value = event.currentTarget.duration;
          setDuration(Number.isFinite(value) ? value : 0);
        }}
        onDurationChange={(event) => {
          const value = event.currentTarget.duration;
          setDuration(Number.isFinite(value) ? value : 0);
        }}
        onTimeUpdate={(event) => {
          if (!dragging.current) setCurrentTime(event.currentTarget.currentTime);
        }}
        onWaiting={() => {
          if (wantsPlay.current) setState('buffering');
        }}
        onCanPlay={() => setState((current) => (current === 'buffering' && !wantsPlay.current ? 'paused' : current))}
        onPlaying={() => {
          if (wantsPlay.current) setState('playing');
        }}
        onSeeked={() => {
          seeking.current = false;
        }}
        onStalled={(event) => {
          if (wantsPlay.current && !seeking.current && event.currentTarget.paused) play();
        }}
        onSuspend={(event) => {
          if (wantsPlay.current && !seeking.current && event.currentTarget.paused) play();
        }}
        onEnded={() => {
          wantsPlay.current = false;
          setAnnouncement('Finished');
          setState('ended');
        }}
        onError={(event) => {
          console.error('Podcast audio failed to load or play', event.currentTarget.error);
          event.currentTarget.pause();
          reset();
        }}
      />
      {/* Phones give the progress bar a row of its own: beside the buttons and times it was 26 px wide at 320 px. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 sm:flex-nowrap">
        <Tip label={isPlaying ? 'Pause (Space)' : 'Play (Space)'}>
          <button
            type="button"
            onClick={toggle}
            aria-label={isPlaying ? 'Pause' : 'Play'}
            className="grid size-11 shrink-0 place-items-center rounded-full bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {state === 'buffering' ? (
              <span className="size-5 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" />
            ) : isPlaying ? (
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
                <rect x="6" y="5" width="4" height="14" rx="1" />
                <rect x="14" y="5" width="4" height="14" rx="1" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
                <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.5A1 1 0 0 0 8 5.5z" />
              </svg>
            )}
          </button>
        </Tip>
        {/* The seek slider says "0:10 of 3:20" to screen readers: the two times beside it are for the eye. */}
        <span className="w-12 shrink-0 text-right font-mono text-sm tabular-nums" data-testid="player-current-time" aria-hidden="true">
          {formatPlayerTime(shownTime)}
        </span>
        <div
          ref={barRef}
          role="slider"
          tabIndex={0}
          aria-label="Seek"
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(shownTime)}
          aria-valuetext={`${formatPlayerTime(shownTime)} of ${formatPlayerTime(duration)}`}
          data-testid="player-progress"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, true)}
          onPointerCancel={(event) => endDrag(event, false)}
          onPointerLeave={(event) => {
            if (!dragging.current && event.pointerType === 'mouse') setHover(null);
          }}
          className="relative order-last h-6 min-w-0 basis-full cursor-pointer touch-none rounded sm:order-none sm:flex-1 sm:basis-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700">
            <div className="h-full bg-blue-600 dark:bg-blue-500" style={{ width: `${progress}%` }} />
          </div>
          <div
            className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-blue-700 shadow dark:bg-blue-400"
            style={{ left: `${progress}%` }}
            aria-hidden="true"
          />
          {hover && (
            <span
              className="pointer-events-none absolute -top-7 -translate-x-1/2 rounded bg-gray-900 px-1.5 py-0.5 font-mono text-xs text-white dark:bg-gray-100 dark:text-gray-900"
              style={{ left: hover.x }}
              data-testid="player-hover-time"
              aria-hidden="true"
            >
              {formatPlayerTime(hover.time)}
            </span>
          )}
        </div>
        <span className="w-12 shrink-0 font-mono text-sm tabular-nums max-sm:ml-auto max-sm:text-right" data-testid="player-duration" aria-hidden="true">
          {formatPlayerTime(duration)}
        </span>
        <Tip label="Download MP3">
          {/* biome-ignore lint/a11y/useAnchorContent: its aria-label names it; the icon is hidden from readers */}
          <a
            href={src}
            download={`latest-news-${date}.mp3`}
            aria-label={`Download latest-news-${date}.mp3`}
            className="grid size-10 shrink-0 place-items-center rounded-full border border-gray-300 text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
            </svg>
          </a>
        </Tip>
      </div>
      <p className="sr-only" role="status" data-testid="player-announcement">
        {announcement}
      </p>
      <PodcastTranscript audioUrl={src} currentTime={currentTime} onSeek={playFrom} />
    </section>
  );
}
