// Every background job of the product, and who follows their runs: the catalog the composition root
// (./app-context.ts) hands to each context (`ctx.catalog`), so a daemon works (and takes over) every
// kind of run, whichever routes or commands it happened to load, and no service folder imports every
// other one. A new job is added here; nothing registers itself.
import { INTERVIEW_AUDIO_JOB } from './services/newsroom/audio/interview.js';
import { LATEST_NEWS_AUDIO_JOB } from './services/newsroom/audio/latest-news.js';
import { PODCAST_AUDIO_JOB } from './services/newsroom/audio/podcast.js';
import { foodRecategorizationJob } from './services/reader/food-recategorization/index.js';
import { generateArticleJob, generatorJob } from './services/newsroom/generator/jobs.js';
import { MUSIC_TRACK_JOB } from './services/newsroom/music/index.js';
import { refetchJob } from './services/reader/spider/refetch.js';
import { spiderJob } from './services/reader/spider/controller.js';
import { statusPublisher } from './status.js';
import { trendsAnalyzerJob } from './services/reader/trends/analyzer.js';
import { pruneAudio } from './services/newsroom/audio/maintenance.js';
import { pruneAuthState } from './services/platform/auth/index.js';
import { pruneStoredLiveMessages } from './services/platform/event-bridge.js';
import { pruneJobHistory } from './services/platform/jobs/index.js';
import { pruneLogs } from './services/platform/logs/index.js';
import { pruneArticles } from './services/platform/retention/index.js';
import { reclaimSpace } from './services/platform/retention/space.js';
import { upkeepJob, type UpkeepStep } from './services/platform/upkeep/index.js';
import { maintainRecentSearchSet } from './services/reader/search/index.js';
import { webhookDeliveryJob } from './services/platform/webhooks/index.js';
import { jobCatalog } from './services/platform/jobs/index.js';
import { storyAlertJob } from './services/reader/alerts/stories.js';
import { emailDigestJob } from './services/reader/digests/digest.js';
import { digestConfirmationJob, pruneSubscriptions } from './services/reader/digests/subscriptions.js';

/** What the hourly upkeep keeps in bounds, in order. */
export const UPKEEP_STEPS: readonly UpkeepStep[] = [
  ['auth state', pruneAuthState],
  ['system log', pruneLogs],
  ['job history', (ctx) => pruneJobHistory(ctx)],
  ['live messages', (ctx) => pruneStoredLiveMessages(ctx)],
  ['articles', pruneArticles],
  ['digest subscriptions', pruneSubscriptions],
  ['audio', pruneAudio],
  ['recent search set', maintainRecentSearchSet],
  // Last: the space the steps above freed, reusable; the embedded database's log recycled.
  ['disk space', reclaimSpace],
];

export const PRODUCT_JOBS = jobCatalog(
  [
    spiderJob,
    refetchJob,
    trendsAnalyzerJob,
    foodRecategorizationJob,
    generatorJob,
    generateArticleJob,
    LATEST_NEWS_AUDIO_JOB.job,
    PODCAST_AUDIO_JOB.job,
    INTERVIEW_AUDIO_JOB.job,
    MUSIC_TRACK_JOB,
    webhookDeliveryJob,
    emailDigestJob,
    digestConfirmationJob,
    storyAlertJob,
    upkeepJob(UPKEEP_STEPS),
  ],
  // status_update follows every run's changes.
  [statusPublisher],
);
