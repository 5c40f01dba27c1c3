import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';

/** POST /api/generate-latest-news-audio: answers once the bulletin exists, with its address. */
export function useLatestNewsAudioMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.generateLatestNewsAudio),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.audio.all() }),
  });
}
