import { CurrentTime } from '../components/CurrentTime';
import { DigestSignup } from '../components/DigestSignup';
import { DomainGrid } from '../components/DomainGrid';
import { Masthead } from '../components/Masthead';
import { PodcastSlot } from '../components/PodcastSlot';
import { PushAlerts } from '../components/PushAlerts';
import { SearchBox } from '../components/SearchBox';
import { TrendsCard } from '../components/TrendsCard';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useHomePageInvalidation } from '../hooks/useHomePageQuery';
import { useSiteInfoQuery } from '../hooks/useSiteInfoQuery';

export function HomePage() {
  const site = useSiteInfoQuery();
  useDocumentTitle();
  useHomePageInvalidation();
  return (
    <main id="main" className="page space-y-5">
      <Masthead siteName={site.data?.siteName} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <SearchBox />
        </div>
        <CurrentTime />
      </div>
      <PodcastSlot />
      <TrendsCard />
      <DomainGrid />
      <DigestSignup />
      <PushAlerts />
    </main>
  );
}
