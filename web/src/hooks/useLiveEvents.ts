import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
  /**
   * Whether the server treats this connection as an administrator's (its welcome says so); the
   * server decides when the connection opens, so a login or logout calls `reconnect`.
   */
  isAdmin: boolean | undefined;
  reconnect: () => void;
  /** Later screens (the console) add their own message handlers; returns the unsubscribe. */
  subscribe: (listener: LiveListener) => () => void;
  send: (message: unknown) => boolean;
}

export const LiveEventsContext = createContext<LiveEvents>({
  connected: false,
  isAdmin: undefined,
  reconnect: () => {},
  subscribe: () => () => {},
  send: () => false,
});

export function useLiveStatus(): LiveEvents {
  return useContext(LiveEventsContext);
}

/**
 * The one /ws connection of the app, opened at the root: live messages update the cache through
 * the table in api/live-updates.ts, plus the 'audio-generated' window
 * event for the player; screens subscribe for the progress messages of work they started.
 */
export function useLiveEvents(): LiveEvents {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<LiveListener>());
  const channel = useRef<LiveChannel | null>(null);
  // Bumped to open a new connection (see `reconnect`).
  const [generation, setGeneration] = useState(0);
  const [isAdmin, setIsAdmin] = useState<boolean | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the trigger: a new generation connects again.
  useEffect(() => {
    let updates: Promise<typeof import('../api/live-updates')> | null = null;
    const live = connectLiveChannel({
      url: liveChannelUrl(window.location),
      onConnectedChange: setConnected,
      onMessage: (message) => {
        const live = message as LiveMessage;
        if (live.type === 'welcome') setIsAdmin(live.isAdmin === true);
        if (live.type === 'latest_news_audio' && typeof live.audioUrl === 'string') {
          const detail: AudioGeneratedDetail = { audioUrl: live.audioUrl, generatedAt: String(live.generatedAt ?? '') };
          window.dispatchEvent(new CustomEvent<AudioGeneratedDetail>(AUDIO_GENERATED_EVENT, { detail }));
        }
        if (live.type !== 'welcome') {
          // The table is loaded with the first message that needs it, so public visitors do not
          // download the console's part of it with the page; one promise keeps messages in order.
          updates ??= import('../api/live-updates');
          void updates.then(({ applyLiveMessage }) => applyLiveMessage(queryClient, live));
        }
        for (const listener of listeners.current) listener(live);
      },
    });
    channel.current = live;
    return () => {
      channel.current = null;
      setIsAdmin(undefined);
      live.disconnect();
    };
  }, [queryClient, generation]);

  return useMemo<LiveEvents>(
    () => ({
      connected,
      isAdmin,
      reconnect: () => setGeneration((value) => value + 1),
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      send: (message) => channel.current?.send(message) ?? false,
    }),
    [connected, isAdmin],
  );
}

/** Calls `onMessage` for every live message of the given types while the component is mounted. */
export function useLiveMessages(types: readonly string[], onMessage: (message: LiveMessage) => void): void {
  const { subscribe } = useLiveStatus();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const wanted = types.join('\n');
  useEffect(() => {
    const accepted = new Set(wanted.split('\n'));
    return subscribe((message) => {
      if (accepted.has(message.type)) handler.current(message);
    });
  }, [subscribe, wanted]);
}
