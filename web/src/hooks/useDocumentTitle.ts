import { useEffect } from 'react';
import { useSiteInfoQuery } from './useSiteInfoQuery';

/** '{page} – {siteName}', or the site name alone for the home page. */
export function useDocumentTitle(page?: string): void {
  const siteName = useSiteInfoQuery().data?.siteName;
  useEffect(() => {
    const site = siteName ?? 'News';
    document.title = page ? `${page} – ${site}` : site;
  }, [page, siteName]);
}
