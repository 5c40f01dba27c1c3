import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import type { MusicTrack } from '../../api/types';
import { AudioClip } from '../../components/AudioClip';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Panel } from '../../components/Panel';
import { ProgressBar } from '../../components/ProgressBar';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import { useLiveMessages } from '../../hooks/useLiveEvents';
import { useScriptDraft } from '../../hooks/useScriptEdits';
import {
  musicWrite,
  useDeleteTrackMutation,
  useGenerateLyricsMutation,
  useGenerateMusicMutation,
  useLastLyricsQuery,
  useMusicTracksQuery,
} from '../../hooks/useMusic';
import { useSettingQuery } from '../../hooks/useSettings';
import { safeHref } from '../../lib/articles';
import { formatPlayerTime } from '../../lib/clock';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';
import { GeneratedAt, saveDrafts, ScriptBox, ScriptPanel, StepButton, useVoiceChoices } from './AudioStudio';

/** Music needs lyrics. */
const NO_LYRICS = 'Please generate lyrics first';

/** A track whose status is not complete is still being made (a failed one says so). */
const isComplete = (track: MusicTrack) => track.status === 'complete';

function trackTitle(track: MusicTrack): string {
  return track.title?.trim() || `Track ${track.id}`;
}

function Song() {
  const lyrics = useLastLyricsQuery();
  const config = useSettingQuery<{ promptText: string }>('music-generator-prompt');
  const writeLyrics = useGenerateLyricsMutation();
  const makeMusic = useGenerateMusicMutation();
  const draft = useScriptDraft('lyrics', lyrics.data?.lyricsText ?? '');
  // From the mutation cache, not this screen's own calls: lyrics started before the tab was left
  // are still being written when it is opened again.
  const pending = {
    lyrics: useIsMutating({ mutationKey: musicWrite('lyrics') }) > 0,
    music: useIsMutating({ mutationKey: musicWrite('music') }) > 0,
    save: useIsMutating({ mutationKey: musicWrite('save') }) > 0,
  };
  const busy = pending.lyrics || pending.music || pending.save;

  const generateLyrics = () =>
    // The outcome's toast comes from the mutation itself (useMusic), also once this tab was left.
    writeLyrics.mutate(undefined, { onSuccess: () => draft.reset() });
  const generateMusic = async () => {
    if (!draft.text.trim()) return notifyInvalid(NO_LYRICS);
    if (!(await saveDrafts(draft))) return;
    // The stored lyrics (as just saved) are sung: the request names only the configuration.
    makeMusic.mutate(config.data ? { musicConfig: config.data.promptText } : {});
  };

  return (
    <ScriptPanel
      title="Song"
      last={lyrics}
      lastLabel="Last lyrics"
      empty="Lyrics first, then the music."
      what="lyrics"
      actions={
        <>
          <StepButton primary label="Generate Lyrics" pendingLabel="Generating Lyrics..." pending={pending.lyrics} onClick={generateLyrics} disabled={busy} />
          <StepButton label="Generate Music" pendingLabel="Starting..." pending={pending.music} onClick={generateMusic} disabled={busy} />
        </>
      }
      testId="music-song"
    >
      <ScriptBox
        label="Lyrics"
        name="Lyrics"
        draft={draft}
        disabled={busy}
        hint="Generate Music sets these lyrics with the saved music configuration."
        testId="lyrics-text"
      />
    </ScriptPanel>
  );
}

/** What a track's render has done so far: its sung lines, or the music API call. */
type TrackProgress = { current: number; total: number } | { stage: string };

/** The music-track job's live progress (job_progress messages), by track. */
function useTrackProgress(): ReadonlyMap<number, TrackProgress> {
  const [progress, setProgress] = useState<ReadonlyMap<number, TrackProgress>>(new Map());
  useLiveMessages(['job_progress'], (message) => {
    if (message.job !== 'music-track' || !message.progress || typeof message.progress !== 'object') return;
    const { trackId, current, total, stage } = message.progress as Record<string, unknown>;
    if (typeof trackId !== 'number') return;
    const next: TrackProgress | null =
      typeof current === 'number' && typeof total === 'number' && total > 0 ? { current, total } : typeof stage === 'string' ? { stage } : null;
    if (next) setProgress((map) => new Map(map).set(trackId, next));
  });
  return progress;
}

function progressText(progress: TrackProgress): string {
  return 'stage' in progress ? 'Waiting for the music service' : `Line ${progress.current} of ${progress.total}`;
}

function TrackRow({ track, progress, onDelete }: { track: MusicTrack; progress?: TrackProgress; onDelete: (track: MusicTrack) => void }) {
  const title = trackTitle(track);
  const remove = (
    <button type="button" className="button-secondary button-small" onClick={() => onDelete(track)} aria-label={`Delete "${title}"`}>
      Delete
    </button>
  );
  const details = [track.durationSeconds ? formatPlayerTime(track.durationSeconds) : null, track.style || null, track.provider].filter(Boolean).join(' · ');
  const open = safeHref(track.audioUrl);
  return (
    <li className="space-y-2 px-3 py-3" data-testid={isComplete(track) ? 'completed-track' : 'pending-track'}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 className="min-w-0 flex-1 font-medium">{title}</h4>
        {isComplete(track) ? null : track.status === 'failed' ? (
          <Badge tone="red">Failed</Badge>
        ) : (
          <Badge tone="blue">
            <Spinner className="mr-1 size-3" />
            Generating
          </Badge>
        )}
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        <GeneratedAt iso={track.completedAt ?? track.generatedAt} />
        {details && ` · ${details}`}
      </p>
      {track.status === 'failed' && track.error && <p className="text-sm text-red-700 dark:text-red-400">{track.error}</p>}
      {!isComplete(track) && track.status !== 'failed' && progress && (
        <div className="max-w-xs space-y-1" data-testid="track-progress">
          {'current' in progress && <ProgressBar label={`Progress of "${title}"`} value={(progress.current / progress.total) * 100} />}
          <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400">{progressText(progress)}</p>
        </div>
      )}
      {isComplete(track) && track.audioUrl ? (
        <AudioClip
          src={track.audioUrl}
          title={title}
          actions={
            <>
              {open && (
                <a className="button-secondary button-small" href={open} target="_blank" rel="noreferrer" aria-label={`Open "${title}" in a new tab`}>
                  Open
                </a>
              )}
              {remove}
            </>
          }
        />
      ) : (
        track.status === 'failed' && <div>{remove}</div>
      )}
    </li>
  );
}

function TrackList({
  heading,
  tracks,
  empty,
  progress,
  onDelete,
  testId,
}: {
  heading: string;
  tracks: MusicTrack[];
  empty: string;
  progress: ReadonlyMap<number, TrackProgress>;
  onDelete: (track: MusicTrack) => void;
  testId: string;
}) {
  return (
    <section aria-label={heading} className="min-w-0" data-testid={testId}>
      <h3 className="mb-2 font-semibold">
        {heading} ({tracks.length})
      </h3>
      {tracks.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {tracks.map((track) => (
            <TrackRow key={track.id} track={track} progress={progress.get(track.id)} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Tracks() {
  const tracks = useMusicTracksQuery();
  const remove = useDeleteTrackMutation();
  const [deleting, setDeleting] = useState<MusicTrack | null>(null);
  const progress = useTrackProgress();
  const all = tracks.data ?? [];
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyFailure(error, 'Failed to delete track'),
    });
  };
  return (
    <Panel title="Generated Tracks" description="Refreshed every 5 seconds." testId="music-tracks">
      {tracks.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : tracks.isError && !tracks.data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the tracks.
        </p>
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <TrackList
            heading="In Progress"
            tracks={all.filter((track) => !isComplete(track))}
            empty="No tracks in progress."
            progress={progress}
            onDelete={setDeleting}
            testId="tracks-in-progress"
          />
          <TrackList
            heading="Completed"
            tracks={all.filter(isComplete)}
            empty="No completed tracks yet."
            progress={progress}
            onDelete={setDeleting}
            testId="tracks-completed"
          />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this track?"
        description={deleting ? `"${trackTitle(deleting)}" and its audio file will be deleted. This cannot be undone.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}

export function MusicTab() {
  const voices = useVoiceChoices();
  return (
    <div className="space-y-6">
      <Song />
      <Tracks />
      <Panel title="Music Settings" testId="music-config">
        <div className="space-y-6">
          <SettingsEditor settingKey="music-introduction-narration" title="Intro Narration" bare choices={voices} />
          <SettingsEditor
            settingKey="lyrics-generator-prompt"
            title="Lyrics Prompt and Model"
            bare
            hints={{ promptText: '{narration} is replaced by the intro narration and the top stories.' }}
          />
          <SettingsEditor settingKey="music-generator-prompt" title="Music Generator Configuration (JSON)" bare rows={10} />
        </div>
      </Panel>
    </div>
  );
}
