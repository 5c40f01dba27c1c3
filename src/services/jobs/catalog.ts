// Every background job of the product. Importing this module declares them all, so a daemon works
// (and takes over) every kind of run, whichever routes or commands it happened to load. A new job's
// module is added here.
import '../food-recategorization/index.js';
import '../generator/jobs.js';
import '../trends/analyzer.js';
import '../audio/interview.js';
import '../audio/latest-news.js';
import '../audio/podcast.js';
import '../music/index.js';
import '../spider/index.js';
import '../webhooks/index.js';
