import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../api/keys';
import type { LiveMessage } from '../api/types';
import { connectLiveChannel, liveChannelUrl, type LiveChannel } from '../lib/live-channel';

export const AUDIO_GENERATED_EVENT = 'audio-generated';

export interface AudioGeneratedDetail {
  audioUrl: string;
  generatedAt?: string;
}

type LiveListener = (message: LiveMessage) => void;

export interface LiveEvents {
  connected: boolean;
  /** Later screens (the console) add their own message handlers; returns the unsubscribe. */
  subscribe: (listener: LiveListener) => () => void;
  send: (message: unknown) => boolean;
}

export const LiveEventsContext = createContext<LiveEvents>({
  connected: false,
  subscribe: () => () => {},
  send: () => false,
});

export function useLiveStatus(): LiveEvents {
  return useContext(LiveEventsContext);
}

/**
 * The one /ws connection of the app, opened at the root: live messages become cache
 * invalidations (style §2 "Live events"), plus the 'audio-generated' window event for the player.
 */
export function useLiveEvents(): LiveEvents {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<LiveListener>());
  const channel = useRef<LiveChannel | null>(null);

  useEffect(() => {
    const live = connectLiveChannel({
      url: liveChannelUrl(window.location),
      onConnectedChange: setConnected,
      onMessage: (message) => {
        const live = message as LiveMessage;
        if (live.type === 'latest_news_audio' && typeof live.audioUrl === 'string') {
          const detail: AudioGeneratedDetail = { audioUrl: live.audioUrl, generatedAt: String(live.generatedAt ?? '') };
          window.dispatchEvent(new CustomEvent<AudioGeneratedDetail>(AUDIO_GENERATED_EVENT, { detail }));
          void queryClient.invalidateQueries({ queryKey: keys.latestAudio() });
        } else if (live.type === 'home_data_updated') {
          void queryClient.invalidateQueries({ queryKey: keys.homePage() });
          void queryClient.invalidateQueries({ queryKey: keys.recentArticles() });
        }
        for (const listener of listeners.current) listener(live);
      },
    });
    channel.current = live;
    return () => {
      channel.current = null;
      live.disconnect();
    };
  }, [queryClient]);

  return useMemo<LiveEvents>(
    () => ({
      connected,
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      send: (message) => channel.current?.send(message) ?? false,
    }),
    [connected],
  );
}
