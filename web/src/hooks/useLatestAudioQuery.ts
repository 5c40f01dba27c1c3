import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import { AUDIO_REFETCH_MS } from '../api/timings';
import type { LatestNewsAudio } from '../api/types';

export function useLatestAudioQuery() {
  const query = useQuery<LatestNewsAudio>({ queryKey: keys.audio.latest(), refetchInterval: AUDIO_REFETCH_MS });
  useEffect(() => {
    // Audio failures are logged only.
    if (query.error) console.error('Latest news audio could not be loaded', query.error);
  }, [query.error]);
  return query;
}
