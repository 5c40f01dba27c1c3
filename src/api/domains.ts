// Wire types of source domains and the avoid list.
export type {
  AvoidDomainView,
  DomainChanges,
  DomainView,
  ImportResult,
  NewDomainInput,
  RelatedScrapeResult,
  RelatedSite,
  RelatedSites,
} from '../services/domains/index.js';

/** DELETE /api/domains/:id and /api/avoid-domains/:id. */
export interface RemovedDomain {
  message: string;
  id: number;
}

/** GET /api/domains/export. */
export interface DomainExport {
  lines: string[];
  text: string;
}
