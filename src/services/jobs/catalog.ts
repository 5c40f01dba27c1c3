// Every background job of the product, and who follows their runs: the catalog the runtime hands to
// each context (`ctx.catalog`), so a daemon works (and takes over) every kind of run, whichever
// routes or commands it happened to load. A new job is added here; nothing registers itself.
import { INTERVIEW_AUDIO_JOB } from '../audio/interview.js';
import { LATEST_NEWS_AUDIO_JOB } from '../audio/latest-news.js';
import { PODCAST_AUDIO_JOB } from '../audio/podcast.js';
import { foodRecategorizationJob } from '../food-recategorization/index.js';
import { generateArticleJob, generatorJob } from '../generator/jobs.js';
import { MUSIC_TRACK_JOB } from '../music/index.js';
import { refetchJob } from '../spider/refetch.js';
import { spiderJob } from '../spider/controller.js';
import { statusPublisher } from '../status/index.js';
import { trendsAnalyzerJob } from '../trends/analyzer.js';
import { upkeepJob } from '../upkeep/index.js';
import { webhookDeliveryJob } from '../webhooks/index.js';
import { jobCatalog } from './registry.js';

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
