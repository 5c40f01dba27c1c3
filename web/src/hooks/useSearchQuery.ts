import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import type { SearchResponse } from '../api/types';

/** Runs on page load for a non-empty term. */
export function useSearchQuery(term: string) {
  return useQuery<SearchResponse>({ queryKey: keys.search.results(term), enabled: term !== '' });
}
