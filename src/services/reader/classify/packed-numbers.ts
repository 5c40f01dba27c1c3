// How the model file stores its large number arrays (written by scripts/training/model-encoding.ts):
// signed 16-bit integers in a unit chosen so the largest value fits, little-endian, base64 (a quarter of the size of decimal text, and exact to
// about 1/32000 of the largest value, far below what changes a prediction).

/** The values packed in 16 bits (scripts/training/model-encoding.ts); undefined when `data` does not hold `length` of them. */
export function unpackInt16(data: string, unit: number, length: number): Float64Array | undefined {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length !== length * 2) return undefined;
  return Float64Array.from({ length }, (_, i) => bytes.readInt16LE(i * 2) * unit);
}
