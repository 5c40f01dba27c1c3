// Wire copies, filed when an article is stored: another outlet's republished text is kept as a copy
// of the first one seen (lists show it once, "also published by"); a page whose canonical link names
// another publisher is that publisher's syndicated copy; an outlet's article found again at a new
// URL replaces its earlier version. The threshold is chosen in bench/copies.bench.ts.
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { copyCandidates, fileCopiesOf, lockCopyFiling, originalAtUrl, type CopyKind } from '../../../db/copies.js';
import { bodyBands, resemblance, shingleHashes, type Resemblance } from './fingerprint.js';

/**
 * The same text (bench/copies.bench.ts): the longer body holds this share of the shorter one's
 * shingles, and either they are mostly the same shingles (a copy with boilerplate or edits) or the
 * shorter is nearly all inside the longer (a copy cut short). Two stories built from the same stock
 * phrases share many shingles but never most of both texts.
 */
export const COPY_OVERLAP = 0.6;
const COPY_JACCARD = 0.45;
const CONTAINED = 0.85;

export function isCopy(similarity: Resemblance, overlap = COPY_OVERLAP): boolean {
  return similarity.overlap >= overlap && (similarity.jaccard >= COPY_JACCARD || similarity.overlap >= CONTAINED);
}
/** How far back a copy's original is looked for: wire copies follow within days. */
const WINDOW_DAYS = 7;
/** Candidates compared on their text, most bands shared first. */
const CANDIDATES = 12;
/** Text compared per candidate: copies differ at the start and end, not past this. */
const COMPARED_CHARACTERS = 60_000;

export interface BodyFingerprint {
  shingles: Set<number>;
  /** Stored with the article (body_bands); empty for a body too short to compare. */
  bands: number[];
}

export function fingerprint(text: string): BodyFingerprint {
  const shingles = shingleHashes(text.slice(0, COMPARED_CHARACTERS));
  return { shingles, bands: bodyBands(shingles) };
}

export interface StoredForCopies {
  id: number;
  domainName: string;
  canonicalUrl: string;
  sourceUrl: string;
  /** The page's canonical link when it names another publisher. */
  syndicatedFrom: string | null;
  publishedAt: Date | null;
  fingerprint: BodyFingerprint;
}

export interface CopyFiling {
  /** The original this article was filed under, if any. */
  copyOf: number | null;
  kind: CopyKind | null;
}

/**
 * Files a newly stored article among the copies of the last days (see the top of this file), one
 * filing at a time: crawls store articles side by side, and each filing must see the ones before it.
 */
export async function fileArticleCopies(ctx: Pick<AppContext, 'sql'>, article: StoredForCopies): Promise<CopyFiling> {
  return ctx.sql.begin(async (tx) => {
    await lockCopyFiling(tx);
    return fileLocked(tx, article);
  }) as Promise<CopyFiling>;
}

async function fileLocked(sql: Queryable, article: StoredForCopies): Promise<CopyFiling> {
  const filing: CopyFiling = { copyOf: null, kind: null };
  const since = new Date(Date.now() - WINDOW_DAYS * 86_400_000);
  const found = await copyCandidates(sql, {
    bands: article.fingerprint.bands,
    urls: [article.canonicalUrl, article.sourceUrl],
    since,
    excludeId: article.id,
    limit: CANDIDATES,
    maxCharacters: COMPARED_CHARACTERS,
  });
  // Copies stored before their original, that said whose they were.
  const declared = found.filter((candidate) => candidate.declared).map((candidate) => candidate.id);
  if (declared.length) await fileCopiesOf(sql, article.id, declared, 'syndication');
  const candidates = found.filter((candidate) => !candidate.declared);
  if (article.syndicatedFrom) {
    const original = await originalAtUrl(sql, article.syndicatedFrom, article.id);
    if (original && original.id !== article.id && original.domainName !== article.domainName) {
      await fileCopiesOf(sql, original.id, [article.id], 'syndication');
      return { copyOf: original.id, kind: 'syndication' };
    }
  }
  const matches = candidates.filter(
    (candidate) => (candidate.copyOf ?? candidate.id) !== article.id && isCopy(resemblance(article.fingerprint.shingles, shingleHashes(candidate.content))),
  );
  if (matches.length === 0) return filing;
  // Another outlet's text: a copy of the first one stored. That may be this one, when another
  // outlet's copy was stored while this was still being read.
  const others = matches.filter((match) => match.rootDomainName !== article.domainName);
  if (others.length) {
    const roots = [...new Set(others.map((match) => match.copyOf ?? match.id))];
    const original = Math.min(article.id, ...roots);
    if (original === article.id) {
      await fileCopiesOf(sql, article.id, roots, 'copy');
      return filing;
    }
    await fileCopiesOf(sql, original, [article.id], 'copy');
    return { copyOf: original, kind: 'copy' };
  }
  // The outlet's own versions of one article: the newest stands for them all, whichever the crawl
  // met first.
  const versions = new Map<number, number>([[article.id, (article.publishedAt ?? new Date()).getTime()]]);
  for (const match of matches) versions.set(match.copyOf ?? match.id, new Date(match.rootTime).getTime());
  const [newest] = [...versions].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
  const older = [...versions.keys()].filter((id) => id !== newest);
  await fileCopiesOf(sql, newest, older, 'update');
  return newest === article.id ? filing : { copyOf: newest, kind: 'update' };
}
