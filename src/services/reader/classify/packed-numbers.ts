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

/** A map from each item to its position (a loop: `new Map(items.map(…))` builds a pair per item first). */
export function indexOf(items: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < items.length; i++) index.set(items[i]!, i);
  return index;
}
