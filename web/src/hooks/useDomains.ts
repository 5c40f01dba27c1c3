import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import { DOMAINS_POLL_MS } from '../api/timings';
import type { AvoidDomain, ConsoleDomain, DomainChanges, DomainStats, RelatedSites } from '../api/types';

export function useDomainsQuery() {
  return useQuery<ConsoleDomain[]>({ queryKey: keys.domains.list(), refetchInterval: DOMAINS_POLL_MS });
}

export function useDomainStatsQuery() {
  return useQuery<DomainStats>({ queryKey: keys.domains.stats(), refetchInterval: DOMAINS_POLL_MS });
}

export function useRelatedSitesQuery() {
  return useQuery<RelatedSites>({ queryKey: keys.domains.related() });
}

export function useAvoidDomainsQuery() {
  return useQuery<AvoidDomain[]>({ queryKey: keys.avoidDomains.list(), refetchInterval: DOMAINS_POLL_MS });
}

/**
 * Every domain write refreshes the domain area (list and counts) once it settles. The refetch is
 * not awaited: the caller's toast must not wait for it, nor be lost when the refetched list no
 * longer holds the row that asked (a removed domain).
 */
export function useDomainWrite<Input, Result>(write: (input: Input) => Promise<Result>, alsoAvoidList = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.domains.all() });
      if (alsoAvoidList) void queryClient.invalidateQueries({ queryKey: keys.avoidDomains.all() });
    },
  });
}

export const useAddDomainMutation = () => useDomainWrite((url: string) => callApi(endpoints.addDomain, { body: { url, status: 'active' } }));

export const useRemoveDomainMutation = () => useDomainWrite((id: number) => callApi(endpoints.removeDomain, { params: { id } }));

export const useUpdateDomainMutation = () =>
  useDomainWrite(({ id, changes }: { id: number; changes: DomainChanges }) => callApi(endpoints.updateDomain, { params: { id }, body: changes }), true);

export const useScrapeRelatedMutation = () => useDomainWrite(() => callApi(endpoints.scrapeRelated));

export const useImportDomainsMutation = () => useDomainWrite((domains: string[]) => callApi(endpoints.importDomains, { body: { domains } }), true);

export const exportDomains = (format: 'txt' | 'opml' = 'txt') => callApi(endpoints.exportDomains, { query: { format } });

function useAvoidWrite<Input, Result>(write: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.avoidDomains.all() });
      void queryClient.invalidateQueries({ queryKey: keys.domains.list() });
    },
  });
}

export const useAddAvoidDomainMutation = () => useAvoidWrite((input: { url: string; reason?: string }) => callApi(endpoints.addAvoidDomain, { body: input }));

export const useRemoveAvoidDomainMutation = () => useAvoidWrite((id: number) => callApi(endpoints.removeAvoidDomain, { params: { id } }));
