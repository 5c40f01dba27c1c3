// Every background job of the product, and who follows their runs: the catalog the composition root
// (./app-context.ts) hands to each context (`ctx.catalog`), so a daemon works (and takes over) every
// kind of run, whichever routes or commands it happened to load, and no service folder imports every
// other one. A new job is added here; nothing registers itself.
import { INTERVIEW_AUDIO_JOB } from './services/audio/interview.js';
import { LATEST_NEWS_AUDIO_JOB } from './services/audio/latest-news.js';
import { PODCAST_AUDIO_JOB } from './services/audio/podcast.js';
import { foodRecategorizationJob } from './services/food-recategorization/index.js';
import { generateArticleJob, generatorJob } from './services/generator/jobs.js';
import { MUSIC_TRACK_JOB } from './services/music/index.js';
import { refetchJob } from './services/spider/refetch.js';
import { spiderJob } from './services/spider/controller.js';
import { statusPublisher } from './services/status/index.js';
import { trendsAnalyzerJob } from './services/trends/analyzer.js';
import { upkeepJob } from './services/upkeep/index.js';
import { webhookDeliveryJob } from './services/webhooks/index.js';
import { jobCatalog } from './services/jobs/index.js';

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
    upkeepJob,
  ],
  // status_update follows every run's changes.
  [statusPublisher],
);
