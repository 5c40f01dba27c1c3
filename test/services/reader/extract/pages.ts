// Builds small article pages for the extractor tests. The text is invented here; no page or text
// of the extraction data set is copied into the repository.

const SENTENCES = [
  'The harbour council met on Tuesday to discuss the new ferry timetable for the winter months.',
  'Residents of the northern district asked for an earlier morning crossing to reach the market.',
  'The operator said two extra boats would be leased from a neighbouring port until spring.',
  'Fares will stay the same, although a weekly pass is planned for commuters and students.',
  'Engineers also inspected the pier, which was damaged by a storm in the autumn.',
  'Repairs are expected to finish before the first tourists arrive in the summer season.',
];

/** `count` distinct paragraphs of plain prose, each long enough to look like article text. */
export function paragraphs(count: number, prefix = 'Story'): string[] {
  return Array.from({ length: count }, (_, i) => {
    const a = SENTENCES[i % SENTENCES.length]!;
    const b = SENTENCES[(i + 2) % SENTENCES.length]!;
    return `${prefix} paragraph ${i + 1}: ${a} ${b}`;
  });
}

export interface PageParts {
  head?: string;
  beforeArticle?: string;
  articleStart?: string;
  paragraphs?: string[];
  articleEnd?: string;
  afterArticle?: string;
  htmlAttributes?: string;
}

export function page(parts: PageParts = {}): string {
  const body = (parts.paragraphs ?? paragraphs(6)).map((text) => `<p>${text}</p>`).join('\n');
  return `<!doctype html>
<html ${parts.htmlAttributes ?? 'lang="en"'}>
<head><meta charset="utf-8"><title>Ferry timetable changes | Harbour Gazette</title>${parts.head ?? ''}</head>
<body>
${parts.beforeArticle ?? ''}
<main><article>
<h1>Ferry timetable changes for the winter</h1>
${parts.articleStart ?? ''}
${body}
${parts.articleEnd ?? ''}
</article></main>
${parts.afterArticle ?? ''}
</body>
</html>`;
}
