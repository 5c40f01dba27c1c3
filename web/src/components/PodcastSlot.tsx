import { useLatestAudioQuery } from '../hooks/useLatestAudioQuery';
import { useSiteInfoQuery } from '../hooks/useSiteInfoQuery';
import { PodcastPlaceholder, PodcastPlayer } from './PodcastPlayer';

/** The player only when audio exists; its height is held while the first answer is awaited. */
export function PodcastSlot() {
  const audio = useLatestAudioQuery();
  const site = useSiteInfoQuery();
  if (audio.isPending || (audio.data?.exists && site.isPending)) {
    return <PodcastPlaceholder />;
  }
  if (!audio.data?.exists || !site.data) return null;
  return <PodcastPlayer audioUrl={audio.data.audioUrl} generatedAt={audio.data.generatedAt} siteName={site.data.siteName} timeZone={site.data.timeZone} />;
}
