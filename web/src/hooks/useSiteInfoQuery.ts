import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import { RECENT_ARTICLES_RETRIES, retryDelay } from '../api/timings';
import type { SiteInfo } from '../api/types';

/**
 * Site name, assistant address and time zone: settings of the daemon, read once per visit. Our
 * addition (the product's placeholders), retried like the recent articles: without it the run times,
 * the clock, the player and both assistant hand-offs stay blank or dead for the whole visit.
 */
export function useSiteInfoQuery() {
  return useQuery<SiteInfo>({ queryKey: keys.site.info(), retry: RECENT_ARTICLES_RETRIES, retryDelay });
}
