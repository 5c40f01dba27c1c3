// An article's lead as the trends analysis reads it: the first characters of its text, else of its
// excerpt. The twin of the SQL `left(coalesce(nullif(content, ''), excerpt, ''), n)` (`leadOf` in
// db/article-topics.ts), which counts characters (code points), not UTF-16 units, so a reading made
// when the article is stored is made from the very text the analysis would read.
export function articleLead(content: string, excerpt: string | null, characters: number): string {
  const text = content !== '' ? content : (excerpt ?? '');
  let units = 0;
  for (let n = 0; n < characters && units < text.length; n++) units += text.codePointAt(units)! > 0xffff ? 2 : 1;
  return text.slice(0, units);
}
