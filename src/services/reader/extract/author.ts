// Author names as the extractor returns them: "By Jane Doe and John Roe" → "Jane Doe, John Roe".

export const AUTHOR_PREFIX = /^(?:by|von|por|par|di|da|av|door|af|od|de|written by|posted by)[:\s]+/i;

const NAME_JOINERS = /\s+(?:and|und|og|och|en|et|y|e|i|és|ve|&)\s+/i;

/** "By Jane Doe and John Roe" → "Jane Doe, John Roe"; URLs and e-mail addresses are refused. */
export function cleanAuthor(raw: string): string | null {
  if (/^https?:\/\//i.test(raw) || /@\w+\.\w/.test(raw)) return null;
  const names: string[] = [];
  for (const part of raw.split(/\s*[,;]\s*|\s*\|\s*/)) {
    for (const piece of part.split(NAME_JOINERS)) {
      const name = piece.replace(AUTHOR_PREFIX, '').replace(/^@/, '').trim();
      if (name && name.length <= 80 && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    }
  }
  const joined = names.join(', ');
  return joined && joined.length <= 200 ? joined : null;
}

/** "https://site/authors/jane-doe/" → "Jane Doe", for pages that only link their author. */
export function authorFromUrl(raw: string): string | null {
  const match = /\/(?:authors?|autor(?:es)?|auteurs?|profile|journalist(?:s|en)?|redakteur|people|staff)\/([a-z][a-z0-9-]*[a-z])(?:\.html?)?\/?$/i.exec(raw);
  if (!match) return null;
  const words = match[1]!.split('-').filter((w) => !/^\d+$/.test(w));
  if (words.length < 2 || words.length > 4) return null;
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}
