import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as keys from '../api/public-keys';
import { formatPlayerTime } from '../lib/clock';

interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** `/audio/latest-news-2026-11-28-ab12.mp3?v=3` → `latest-news-2026-11-28-ab12`. */
function episodeStem(audioUrl: string): string {
  return (audioUrl.split('?')[0] ?? '').replace(/^.*\//, '').replace(/\.mp3$/, '');
}

/**
 * The episode as text, for readers who cannot (or would rather not) listen: shown on request,
 * the line being spoken marked, and a click on a line plays from there.
 */
export function PodcastTranscript({ audioUrl, currentTime, onSeek }: { audioUrl: string; currentTime: number; onSeek: (seconds: number) => void }) {
  const [open, setOpen] = useState(false);
  const stem = episodeStem(audioUrl);
  const transcript = useQuery<{ cues: Cue[] }>({ queryKey: keys.audio.transcript(stem), enabled: open && stem !== '' });
  return (
    <div className="mt-3">
      <button type="button" className="link text-sm" aria-expanded={open} aria-controls="podcast-transcript" onClick={() => setOpen((value) => !value)}>
        {open ? 'Hide transcript' : 'Show transcript'}
      </button>
      {open && (
        <div
          id="podcast-transcript"
          className="mt-2 max-h-72 overflow-y-auto rounded border border-gray-200 p-2 text-sm dark:border-gray-800"
          data-testid="podcast-transcript"
        >
          {transcript.isPending ? (
            <p role="status">Loading the transcript...</p>
          ) : transcript.isError ? (
            <p>No transcript for this edition.</p>
          ) : (
            <ol className="space-y-1">
              {transcript.data.cues.map((cue) => {
                const current = currentTime >= cue.start && currentTime < cue.end;
                return (
                  <li key={cue.start}>
                    <button
                      type="button"
                      onClick={() => onSeek(cue.start)}
                      // Read out as what it does; its text alone ran the time into the words ("0:10A storm…").
                      aria-label={`Play from ${formatPlayerTime(cue.start)}: ${cue.text}`}
                      aria-current={current ? 'true' : undefined}
                      className={`w-full rounded px-1 text-left hover:bg-gray-100 dark:hover:bg-gray-800 ${current ? 'bg-blue-50 dark:bg-blue-950' : ''}`}
                    >
                      <span className="mr-2 font-mono text-xs text-gray-600 tabular-nums dark:text-gray-400">{formatPlayerTime(cue.start)}</span>
                      {cue.text}
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
