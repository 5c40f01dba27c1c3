// Every /api answer's schema, by its entry in the URL table (src/api/endpoints.ts). The server's
// routes take their response schema from here (src/server/route-schemas.ts): fastify serialises
// each answer from it, so a field the service keeps for itself (an audio asset's row id) never
// reaches the wire, and the wire types in src/api/*.ts are inferred from the same declarations. The
// map's type makes a new table entry without a schema, or a schema that disagrees with the entry's
// declared answer, a compile error. Only the server imports this module at run time; the web app
// and the client import the inferred types, so zod stays out of the site's JavaScript.
import { z } from 'zod';
import type { BinaryAnswer, endpoints, ResponseOf } from './endpoints.js';
import * as audio from './schemas/audio.js';
import * as domains from './schemas/domains.js';
import * as generator from './schemas/generator.js';
import * as operations from './schemas/operations.js';
import * as pub from './schemas/public.js';
import * as status from './schemas/status.js';
import * as subscriptions from './schemas/subscriptions.js';
import * as trends from './schemas/trends.js';

type Endpoints = typeof endpoints;

/** A schema for each JSON answer; null for an answer sent as a file or a stream. */
type AnswerSchemas = {
  [K in keyof Endpoints]: ResponseOf<Endpoints[K]> extends BinaryAnswer ? null : z.ZodType<ResponseOf<Endpoints[K]>>;
};

export const ANSWER_SCHEMAS: AnswerSchemas = {
  currentTime: pub.currentTime,
  siteInfo: pub.siteInfo,
  homePageData: pub.homePageData,
  recentArticlesByTopic: pub.recentArticlesByCategory,
  topTrendsByCategory: pub.topTrends,
  articlesByDomain: pub.articlesByDomain,
  latestNewsAudio: audio.latestNewsAudio,
  search: pub.searchResponse,
  savedSearches: z.array(pub.savedSearch),
  saveSearch: pub.savedSearch,
  removeSavedSearch: z.object({ message: z.string() }),

  login: operations.loginResult,
  logout: operations.okAnswer,
  authCheck: operations.authCheck,
  setAdmin: operations.adminAccountResult,
  tokens: operations.apiTokens,
  createToken: operations.createdApiToken,
  revokeToken: operations.okAnswer,

  health: pub.healthAnswer,
  refreshConnectionPool: pub.refreshConnectionPoolResult,
  diskStatus: operations.diskStatus,
  dbDump: null,
  status: status.statusResponse,
  jobs: z.array(operations.jobState),
  stopJob: operations.stopJobAnswer,
  logs: z.array(operations.logEntry),
  webhookDeliveries: z.array(operations.webhookDelivery),
  subscribe: subscriptions.subscribeAnswer,
  subscribers: subscriptions.subscriberList,
  removeSubscriber: z.object({ message: z.string() }),
  sendDigest: subscriptions.digestSendResult,
  pushPublicKey: z.object({ publicKey: z.string() }),
  pushSubscribe: z.object({ message: z.string() }),
  pushUnsubscribe: z.object({ message: z.string() }),
  settings: operations.settingsDescriptions,

  spiderStatus: status.spiderStatusFields,
  spiderControl: status.stopAnswer(status.spiderStatusFields),
  refetchStatus: status.refetchStatus,
  refetchControl: status.stopAnswer(status.refetchStatus),

  domains: z.array(domains.domainView),
  addDomain: domains.domainView,
  updateDomain: domains.domainView,
  domainRules: domains.domainRules,
  setDomainRules: domains.domainRules,
  previewDomainRules: domains.rulesPreview,
  reextractDomain: domains.reextractResult,
  removeDomain: domains.removedDomain,
  importDomains: domains.importResult,
  exportDomains: domains.domainExport,
  scrapeRelated: domains.relatedScrapeResult,
  relatedSites: domains.relatedSites,
  domainStats: domains.domainStats,
  avoidDomains: z.array(domains.avoidDomainView),
  addAvoidDomain: domains.avoidDomainView,
  removeAvoidDomain: domains.removedDomain,

  trends: z.array(trends.trend),
  trendsByTopic: z.array(trends.trend),
  trendStatistics: z.array(trends.trendTopicStatistics),
  clearTrends: trends.clearTrendsResult,
  recategorizeTrends: trends.recategorizeTrendsResult,
  setStoryTopic: trends.storyTopicResult,
  clearStoryTopic: trends.storyTopicResult,
  runAnalyzer: trends.analyzerControlResult,
  stopAnalyzer: trends.analyzerControlResult,
  foodStatus: status.foodRecategorizationStatus,
  startFood: status.foodRecategorizationStatus,
  stopFood: status.stopAnswer(status.foodRecategorizationStatus),

  runGenerator: generator.generatorActionResult,
  stopGenerator: generator.generatorActionResult,
  generatorQueue: generator.queueStatus,
  generateFromTrend: generator.generatorActionResult,
  regenerateArticles: generator.generatorActionResult,
  generatedArticles: z.array(generator.generatedArticle),
  clearGeneratedArticles: generator.deleteGeneratedArticlesResult,
  removeGeneratedArticle: generator.deleteGeneratedArticlesResult,
  exportGeneratedArticle: null,
  regenerateImage: generator.regenerateImageResult,
  socialContent: generator.socialContentResult,

  generateLatestNewsAudio: audio.generateLatestNewsAudioResponse,
  saveScript: audio.savedScript,
  lastPodcastScript: audio.lastConversationalScript,
  podcastScript: audio.generateScriptResponse,
  enhancePodcastScript: audio.enhanceScriptResponse,
  podcastAudio: audio.generateAudioResponse,
  lastInterviewScript: audio.lastInterviewScript,
  interviewScript: audio.interviewScriptResponse,
  refineInterview: audio.interviewScriptResponse,
  stopInterviewRefinement: operations.messageAnswer,
  interviewAudio: audio.generateAudioResponse,
  lastLyrics: audio.lastLyrics,
  lyrics: audio.generateLyricsResponse,
  music: audio.generateMusicResponse,
  musicTracks: z.array(audio.musicTrack),
  removeMusicTrack: operations.messageAnswer,
};

/** The related-sites scrape under the product's own name answers as the fixed route does. */
export const NAMED_SCRAPE_ANSWER = domains.relatedScrapeResult;

/** A schema as fastify's serialiser reads it (JSON Schema draft 7). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  // A field typed from elsewhere (z.custom) becomes an open schema, written as JSON.stringify would.
  const json = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
