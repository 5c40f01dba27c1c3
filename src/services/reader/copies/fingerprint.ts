// A body's fingerprint for finding copies of it: word 5-shingles, a MinHash signature over them and
// its LSH bands (40 bands of 3 rows). Two texts whose shingle sets have a Jaccard similarity of 0.4
// share a band with probability 0.93 (0.5: 0.995), texts sharing a twentieth of their shingles
// with probability 0.005; candidates that share one are then compared exactly (`resemblance`).
// Hashes are 32-bit and deterministic, so bands stored by one daemon match those computed by another.

/** Words per shingle: long enough that shared phrases of a genre ("said in a statement") rarely match. */
const SHINGLE_WORDS = 5;
const BANDS = 40;
const ROWS = 3;
/** Texts with fewer shingles are too short to call copies (a caption, a teaser line). */
export const MIN_SHINGLES = 20;

/** The body's words, lower-cased, quotes and dashes folded so typography does not tell copies apart. */
function bodyWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKC')
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []
  );
}

/** FNV-1a of a string, as an unsigned 32-bit integer. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: a well-mixed 32-bit permutation. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => mix(0x9e3779b9 + i * 0x632be5ab));

/** The hashes of the body's distinct shingles. */
export function shingleHashes(text: string): Set<number> {
  const words = bodyWords(text);
  const hashes = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) hashes.add(fnv1a(words.slice(i, i + SHINGLE_WORDS).join(' ')));
  return hashes;
}

/**
 * The LSH band keys of a body (signed 32-bit, as PostgreSQL's integer[] holds them), or an empty
 * list when the body is too short to compare.
 */
export function bodyBands(shingles: ReadonlySet<number>): number[] {
  if (shingles.size < MIN_SHINGLES) return [];
  const signature = new Array<number>(SEEDS.length).fill(0xffffffff);
  for (const shingle of shingles) {
    for (let i = 0; i < SEEDS.length; i++) {
      const value = mix(shingle ^ SEEDS[i]!);
      if (value < signature[i]!) signature[i] = value;
    }
  }
  const bands: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let hash = mix(band + 1);
    for (let row = 0; row < ROWS; row++) hash = mix(hash ^ signature[band * ROWS + row]!);
    bands.push(hash | 0);
  }
  return bands;
}

export interface Resemblance {
  /** How much of the shorter text the longer one holds: 1 for a copy with boilerplate added or cut short. */
  overlap: number;
  /** Shared shingles over all shingles of both: high for the same text, low for texts that only share phrases. */
  jaccard: number;
}

/** How alike two bodies' shingle sets are; zeros when either is too short to compare. */
export function resemblance(a: ReadonlySet<number>, b: ReadonlySet<number>): Resemblance {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size < MIN_SHINGLES) return { overlap: 0, jaccard: 0 };
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared++;
  return { overlap: shared / small.size, jaccard: shared / (a.size + b.size - shared) };
}
