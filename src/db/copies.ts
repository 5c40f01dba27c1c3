// Wire copies (sql/029): candidates sharing a body band, the articles a page's canonical link names,
// and filing an article as a copy of another. Every copy points at its original directly (no
// chains), so a list shows an article when its copy_of is null.
import type { Queryable } from './client.js';

export type CopyKind = 'copy' | 'syndication' | 'update';

/** An outlet that republished an article: its name (the site's own, else its host without www.) and the copy's address. */
export interface Republisher {
  name: string;
  sourceUrl: string;
}

/** The wire copies of article `a` as JSON (null when none); lists show copies only here (`copy_of is null`). */
export const republishedBy = (sql: Queryable) =>
  sql`(select json_agg(json_build_object('name', coalesce(c.site_name, regexp_replace(regexp_replace(lower(c.domain_name), ':[0-9]+$', ''), '^www\.', '')),
                                         'sourceUrl', c.source_url) order by c.id)
       from articles c where c.copy_of = a.id and c.copy_kind <> 'update')`;

/** The headlines article `a`'s wire copies ran under (null when none): each republisher's own word on what the news is. */
export const copyHeadlines = (sql: Queryable) =>
  sql`(select array_agg(c.title order by c.id) from articles c where c.copy_of = a.id and c.copy_kind <> 'update')`;

export interface CopyCandidateRow {
  id: number;
  domainName: string;
  copyOf: number | null;
  /** The candidate's original's outlet (its own when it is one). */
  rootDomainName: string;
  /** When the candidate's original was published (else scraped). */
  rootTime: Date;
  content: string;
  sharedBands: number;
  /** It named one of `urls` as its original (a canonical link to another publisher). */
  declared: boolean;
}

/**
 * In one query: the articles that named one of `urls` as their original, and those scraped since
 * `since` sharing a band with `bands`, most bands shared first.
 */
export async function copyCandidates(
  sql: Queryable,
  options: { bands: readonly number[]; urls: readonly string[]; since: Date; excludeId: number; limit: number; maxCharacters: number },
): Promise<CopyCandidateRow[]> {
  const bands = [...options.bands];
  const urls = [...options.urls];
  return sql<CopyCandidateRow[]>`
    select a.id, a.domain_name, a.copy_of, coalesce(r.domain_name, a.domain_name) as root_domain_name,
           case when r.id is null then coalesce(a.published_at, a.scraped_at) else coalesce(r.published_at, r.scraped_at) end as root_time,
           left(a.content, ${options.maxCharacters}) as content,
           (select count(*)::int from unnest(a.body_bands) b where b = any(${bands}::int[])) as shared_bands,
           coalesce(a.syndicated_from = any(${urls}::text[]), false) as declared
    from articles a
    left join articles r on r.id = a.copy_of
    where a.id <> ${options.excludeId}
      and ((a.body_bands && ${bands}::int[] and a.scraped_at >= ${options.since}) or a.syndicated_from = any(${urls}::text[]))
    order by declared desc, shared_bands desc, a.id
    limit ${options.limit}`;
}

/**
 * Serialises copy filing across crawls and daemons for the rest of the transaction: two outlets'
 * copies stored at once would otherwise each be filed under the other, and neither listed.
 */
export async function lockCopyFiling(tx: Queryable): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended('newsctl:copy-filing', 0))`;
}

/** The original an article at `url` stands for: the article itself, or the one it is a copy of. */
export async function originalAtUrl(sql: Queryable, url: string, excludeId: number): Promise<{ id: number; domainName: string } | null> {
  const [row] = await sql<{ id: number; domainName: string }[]>`
    select coalesce(r.id, a.id) as id, coalesce(r.domain_name, a.domain_name) as domain_name
    from articles a left join articles r on r.id = a.copy_of
    where (a.canonical_url = ${url} or a.source_url = ${url}) and a.id <> ${excludeId}
    order by a.id limit 1`;
  return row ?? null;
}

/**
 * Files `ids` as copies of `originalId` (kind `kind`), and every article that was a copy of one of
 * them as a copy of `originalId` too, so no copy points at another copy; the original, if it was a
 * copy of one of them (a flip), is an original now. One statement.
 */
export async function fileCopiesOf(sql: Queryable, originalId: number, ids: readonly number[], kind: CopyKind): Promise<void> {
  const list = ids.filter((id) => id !== originalId);
  if (list.length === 0) return;
  await sql`
    update articles
    set copy_of = case when id = ${originalId} then null else ${originalId}::int end,
        copy_kind = case when id = ${originalId} then null when id = any(${list}::int[]) then ${kind} else copy_kind end
    where id = any(${list}::int[]) or copy_of = any(${list}::int[])`;
}
