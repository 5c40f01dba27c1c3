// The daemon's response shapes, under the names the web app uses. The shapes themselves are the wire
// contract in src/api/, which the server and the CLI import too: nothing here is declared twice.
import type { AvoidDomainView, DomainView, HomePageData, StatusResponse } from '../../../src/api/index.js';
import type { Topic } from '../../../src/shared/topics.js';

export { TOPIC_NAMES, TOPICS, type Topic } from '../../../src/shared/topics.js';

export type {
  RulesPreview,
  JobState,
  AuthCheck,
  CurrentTime,
  DomainChanges,
  EditableScriptKind,
  FoodRecategorizationStatus,
  GenerateAudioResponse,
  GeneratedArticle,
  HomePageData,
  LastConversationalScript,
  LastInterviewScript,
  LastLyrics,
  LatestNewsAudio,
  LogEntry,
  MusicTrack,
  PromptText as ImplicationsPrompt,
  QueueStatus,
  RefetchStatus,
  RelatedSites,
  SavedSearchView,
  SearchResponse,
  SettingDescription,
  SettingFieldDescription,
  SettingsDescriptions,
  SiteInfo,
  SocialContentRequest,
  SpiderState,
  Trend,
  TrendTopicStatistics,
} from '../../../src/api/index.js';

export type DomainArticles = HomePageData['articlesByDomain'][number];
export type TopTrend = HomePageData['topTrends'][Topic][number];
export type ArticlesByTopic = HomePageData['recentArticlesByCategory'];

/** GET /api/status, also pushed whole as status_update. */
export type ConsoleStatus = StatusResponse;
export type ConsoleDomain = DomainView;
export type DomainStatus = DomainView['status'];
export type AvoidDomain = AvoidDomainView;
/** Articles spidered per domain name. */
export type DomainStats = Record<string, number>;

export type SettingValue = Record<string, unknown>;

/**
 * A message of the live channel (/ws) as it arrives: its type and fields, not yet checked. The
 * server's typed union is LiveMessage in src/api/live.ts.
 */
export interface LiveMessage {
  type: string;
  [field: string]: unknown;
}
