// How the model file stores its large number arrays (written by scripts/training/model-encoding.ts):
// signed 16-bit integers in a unit chosen so the largest value fits, little-endian, base64 (a quarter of the size of decimal text, and exact to
// about 1/32000 of the largest value, far below what changes a prediction).

/** The values packed in 16 bits (scripts/training/model-encoding.ts); undefined when `data` does not hold `length` of them. */
export function unpackInt16(data: string, unit: number, length: number): Float64Array | undefined {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length !== length * 2) return undefined;
  // A plain loop over the bytes: a million values through readInt16LE and a callback were most of
  // the model's load time.
  const values = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const word = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
    values[i] = (word >= 0x8000 ? word - 0x10000 : word) * unit;
  }
  return values;
}

/** Unsigned 16-bit little-endian values of `bytes`, times `unit`. */
export function unpackUint16(bytes: Uint8Array, unit: number): Float64Array {
  const values = new Float64Array(bytes.length >> 1);
  for (let i = 0; i < values.length; i++) values[i] = (bytes[2 * i]! | (bytes[2 * i + 1]! << 8)) * unit;
  return values;
}

/** Looks a word up in a model's word list: its position, as a Map from each word would give it. */
export interface WordIndex {
  readonly size: number;
  get(word: string): number | undefined;
  has(word: string): boolean;
  /** The words in position order (training writes the file from them). */
  keys(): Iterable<string>;
}

/** FNV-1a over `text[start, end)`, its high bits folded in (the table takes the low ones). */
function hashRange(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash ^ (hash >>> 15);
}

/**
 * The position of each line of `text` (one word or feature per line, as the model file keeps its
 * lists), looked up without a string or a Map entry per line: an open-addressing table of line
 * numbers over the text itself. Splitting the lists and filling Maps of their 180,000 entries was
 * most of the model's load. A line that appears twice is found at its last position, as a Map
 * filled in order would give it.
 */
export function lineIndex(text: string): WordIndex {
  let count = text.length === 0 ? 0 : 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  // Line k is text[starts[k], starts[k + 1] - 1).
  const starts = new Int32Array(count + 1);
  for (let k = 1, i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  starts[count] = text.length + 1;
  let capacity = 16;
  while (capacity < count * 2) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(-1);
  const sameLines = (a: number, b: number) => {
    const length = starts[a + 1]! - starts[a]!;
    if (length !== starts[b + 1]! - starts[b]!) return false;
    for (let i = 0; i < length - 1; i++) if (text.charCodeAt(starts[a]! + i) !== text.charCodeAt(starts[b]! + i)) return false;
    return true;
  };
  for (let k = 0; k < count; k++) {
    let slot = hashRange(text, starts[k]!, starts[k + 1]! - 1) & mask;
    while (slots[slot] !== -1 && !sameLines(slots[slot]!, k)) slot = (slot + 1) & mask;
    slots[slot] = k;
  }
  const get = (word: string): number | undefined => {
    for (let slot = hashRange(word, 0, word.length) & mask; ; slot = (slot + 1) & mask) {
      const line = slots[slot]!;
      if (line === -1) return undefined;
      const start = starts[line]!;
      if (starts[line + 1]! - 1 - start === word.length && text.startsWith(word, start)) return line;
    }
  };
  return { size: count, get, has: (word) => get(word) !== undefined, keys: () => (count === 0 ? [] : text.split('\n')) };
}
