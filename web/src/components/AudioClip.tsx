import { useRef, useState, type ReactNode } from 'react';
import { getFile } from '../api/client';
import { safeHref } from '../lib/articles';
import { saveFile } from '../lib/downloads';
import { notifyInvalid } from '../lib/notify';
import { Spinner } from './Spinner';

/** The file name of an audio address ("/audio/podcast-2026-11-26.mp3?v=…" → "podcast-2026-11-26.mp3"). */
function audioFileName(url: string, fallback: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  let name = '';
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  return /^[\w.-]+\.mp3$/.test(name) ? name : `${fallback.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'audio'}.mp3`;
}

/**
 * A console audio result: the browser's player, a Play/Pause button that names what it plays, and
 * the mp3 download. `actions` adds buttons.
 */
export function AudioClip({ src, title, actions, testId }: { src: string; title: string; actions?: ReactNode; testId?: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  // Said to screen readers as playback starts or stops, from either player: the button's new name is not read out.
  const [announcement, setAnnouncement] = useState('');
  const [downloading, setDownloading] = useState(false);
  const href = safeHref(src);
  if (!href) return null;

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const download = () => {
    setDownloading(true);
    getFile(href)
      .then(({ blob, fileName }) => saveFile(fileName ?? audioFileName(href, title), blob, 'audio/mpeg'))
      .catch(() => notifyInvalid('Failed to download the audio file.'))
      .finally(() => setDownloading(false));
  };

  return (
    <div className="space-y-2" data-testid={testId}>
      {/* biome-ignore lint/a11y/useMediaCaption: the script this audio speaks is shown above it */}
      <audio
        ref={audio}
        src={href}
        controls
        preload="metadata"
        aria-label={title}
        className="w-full"
        onPlay={() => {
          setPlaying(true);
          setAnnouncement(`Playing ${title}`);
        }}
        onPause={(event) => {
          setPlaying(false);
          if (!event.currentTarget.ended) setAnnouncement(`Paused ${title}`);
        }}
        onEnded={() => {
          setPlaying(false);
          setAnnouncement(`Finished ${title}`);
        }}
      />
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="button-secondary button-small" onClick={toggle} aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button-secondary button-small" onClick={download} disabled={downloading} aria-label={`Download ${title} as MP3`}>
          {downloading && <Spinner className="mr-1.5 size-3.5" />}
          Download MP3
        </button>
        {actions}
      </div>
    </div>
  );
}
