import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import type { SiteInfo } from '../api/types';

/** Site name, assistant address and time zone: settings of the daemon, read once per visit. */
export function useSiteInfoQuery() {
  return useQuery<SiteInfo>({ queryKey: keys.site.info() });
}
