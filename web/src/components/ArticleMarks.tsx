/**
 * What a listed article's line adds when there is something to say: the site showed only its start
 * (a paywall's teaser), and the outlets that republished its text word for word.
 */
export function ArticleMarks({ article, site }: { article: { alsoPublishedBy?: readonly string[]; teaser?: boolean }; site: string }) {
  return (
    <>
      {article.teaser && (
        <span className="block font-medium text-amber-800 dark:text-amber-300" data-testid="teaser-mark">
          Preview — subscribers only at {site}
        </span>
      )}
      {article.alsoPublishedBy?.length ? <span data-testid="also-published-by"> · also published by {article.alsoPublishedBy.join(', ')}</span> : null}
    </>
  );
}
