import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

// At most one toast at a time, so a new one replaces the one showing.
let current: ToastMessage | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: ToastMessage | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function toast(message: Omit<ToastMessage, 'id'>): void {
  lastId += 1;
  publish({ ...message, id: lastId });
}

export function dismissToast(id: number): void {
  if (current?.id === id) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
