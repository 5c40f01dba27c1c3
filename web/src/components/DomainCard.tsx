import { memo, useState } from 'react';
import type { DomainArticles } from '../api/types';
import { formatArticleAge } from '../lib/ages';
import { ArticleMarks } from './ArticleMarks';
import { cutTitle, domainDisplayName, safeHref } from '../lib/articles';

export const DomainCard = memo(function DomainCard({ entry, now }: { entry: DomainArticles; now: number }) {
  const [faviconFailed, setFaviconFailed] = useState(false);
  const name = domainDisplayName(entry.domain.url);
  return (
    <article className="card overflow-hidden" aria-label={name}>
      <header className="flex items-center gap-2 bg-black px-3 py-2 text-white">
        {!faviconFailed && (
          <img
            src={`/favicons/${encodeURIComponent(entry.domain.url)}`}
            alt=""
            width={16}
            height={16}
            loading="lazy"
            className="size-4 shrink-0"
            onError={() => setFaviconFailed(true)}
          />
        )}
        <h3 className="truncate text-sm font-semibold">{name}</h3>
      </header>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {entry.articles.map((article) => (
          <li key={article.id} className="px-3 py-2">
            <a href={safeHref(article.sourceUrl)} target="_blank" rel="noopener noreferrer" className="link text-sm" title={article.title} data-list-item>
              {cutTitle(article.title)}
            </a>
            <span className="block text-xs text-gray-600 dark:text-gray-400">
              {formatArticleAge(article.scrapedAt, now)}
              <ArticleMarks article={article} site={name} />
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
});
