// Word 4-gram sets for comparing two texts (does the JSON-LD articleBody vouch for this block?).

export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export function shingleSet(tokens: readonly string[], size = 4): Set<string> {
  const set = new Set<string>();
  if (tokens.length > 0 && tokens.length < size) set.add(tokens.join(' '));
  for (let i = 0; i + size <= tokens.length; i++) set.add(tokens.slice(i, i + size).join(' '));
  return set;
}

/** Share of `tokens`' shingles found in `reference` (1 for an empty text). */
export function coveredShare(tokens: readonly string[], reference: ReadonlySet<string>): number {
  const own = shingleSet(tokens);
  if (own.size === 0) return 1;
  let found = 0;
  for (const shingle of own) if (reference.has(shingle)) found++;
  return found / own.size;
}
