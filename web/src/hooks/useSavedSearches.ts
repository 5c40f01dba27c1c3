import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/public-keys';
import type { SavedSearchView } from '../api/types';

const STORAGE_KEY = 'savedSearches';

function readStored(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((query): query is string => typeof query === 'string').slice(0, 50) : [];
  } catch {
    return [];
  }
}

// One list for every component of the page (the save button and the list beside it), kept in step
// with localStorage and with other tabs.
let stored: string[] | null = null;
const NONE: string[] = [];
const listeners = new Set<() => void>();

function current(): string[] {
  stored ??= readStored();
  return stored;
}

function write(queries: string[]): void {
  stored = queries;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(queries));
  } catch {
    // Private mode or a full quota: the list lasts for this visit only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    stored = readStored();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The searches a reader saved in this browser (localStorage), newest first. */
export function useBrowserSearches() {
  const queries = useSyncExternalStore(subscribe, current, () => NONE);
  const save = useCallback((query: string) => write([query, ...current().filter((q) => q !== query)].slice(0, 50)), []);
  const remove = useCallback((query: string) => write(current().filter((q) => q !== query)), []);
  return { queries, save, remove };
}

/** The searches the administrator saved for the site. */
export function useSiteSearchesQuery() {
  return useQuery<SavedSearchView[]>({ queryKey: keys.search.saved() });
}

export function useSaveSiteSearchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: { name: string; query: string }) => callApi(endpoints.saveSearch, { body: search }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.search.saved() }),
  });
}

export function useRemoveSiteSearchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(endpoints.removeSavedSearch, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.search.saved() }),
  });
}
