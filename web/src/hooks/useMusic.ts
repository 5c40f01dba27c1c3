import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import { MUSIC_TRACKS_POLL_MS } from '../api/timings';
import type { LastLyrics, MusicTrack } from '../api/types';
import { notifyFailure, notifySuccess } from '../lib/notify';

/** In-progress and completed tracks, every 5 s. */
export function useMusicTracksQuery() {
  return useQuery<MusicTrack[]>({ queryKey: keys.music.tracks(), refetchInterval: MUSIC_TRACKS_POLL_MS });
}

export function useLastLyricsQuery() {
  return useQuery<LastLyrics>({ queryKey: keys.music.lastLyrics() });
}

/**
 * Keys of the song's steps, so the Music tab opened again while one is under way (lyrics from a
 * model take a while) shows it so and keeps its buttons disabled; the lyrics' own Save is
 * [...music.all(), 'save', 'lyrics'] (useScriptDraft).
 */
export const musicWrite = (step: 'lyrics' | 'music' | 'save') => [...keys.music.all(), step] as const;

export function useGenerateLyricsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: musicWrite('lyrics'),
    mutationFn: () => callApi(endpoints.lyrics),
    // Told here, not by the screen: the tab may have been left (and unmounted) meanwhile.
    onSuccess: (result) => {
      queryClient.setQueryData<LastLyrics>(keys.music.lastLyrics(), { lyricsText: result.lyrics, generatedAt: new Date().toISOString(), editedAt: null });
      notifySuccess(result.message);
    },
    onError: (error) => notifyFailure(error, 'Failed to generate lyrics'),
  });
}

/** Music writes refresh the track list at once rather than at the next 5 s poll. */
function useTrackWrite<Input, Result>(write: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.music.tracks() }) });
}

/** Music generation tells its start ("Music generation started") or failure itself, as lyrics do. */
export function useGenerateMusicMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: musicWrite('music'),
    mutationFn: (request: { lyrics?: string; musicConfig?: string }) => callApi(endpoints.music, { body: request }),
    onSuccess: (result) => notifySuccess(result.message),
    onError: (error) => notifyFailure(error, 'Failed to generate music'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.music.tracks() }),
  });
}

export const useDeleteTrackMutation = () => useTrackWrite((id: number) => callApi(endpoints.removeMusicTrack, { params: { id } }));
