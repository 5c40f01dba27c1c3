// Relative ages.

/** '1 minute ago' under 2 minutes, then minutes under an hour, then whole hours (also past 24). */
export function formatArticleAge(scrapedAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(scrapedAt)) / 60_000);
  // Clock skew can make a fresh article look a little in the future; it still reads as just in.
  if (!(minutes >= 2)) return '1 minute ago';
  if (minutes < 60) return `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
}

export function formatCrawlAge(daysSinceCrawl: number): string {
  if (daysSinceCrawl <= 0) return 'Crawled today';
  if (daysSinceCrawl === 1) return 'Crawled yesterday';
  return `Crawled ${daysSinceCrawl} days ago`;
}
