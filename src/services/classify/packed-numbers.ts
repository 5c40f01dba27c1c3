// How the model file stores its large number arrays: signed 16-bit integers in a unit chosen so the
// largest value fits, little-endian, base64 (a quarter of the size of decimal text, and exact to
// about 1/32000 of the largest value, far below what changes a prediction).

/** Headroom below the 16-bit limit. */
const INT16_LIMIT = 32000;

export interface PackedInt16 {
  /** base64 of the values in units of `unit`. */
  data: string;
  /** JSON writes the unit's double exactly. */
  unit: number;
}

export function packInt16(values: ArrayLike<number>): PackedInt16 {
  let largest = 0;
  for (let i = 0; i < values.length; i++) largest = Math.max(largest, Math.abs(values[i]!));
  const unit = Math.max(largest, 1e-9) / INT16_LIMIT;
  const bytes = Buffer.alloc(values.length * 2);
  for (let i = 0; i < values.length; i++) bytes.writeInt16LE(Math.round(values[i]! / unit), i * 2);
  return { data: bytes.toString('base64'), unit };
}

/** The values packed by packInt16; undefined when `data` does not hold `length` of them. */
export function unpackInt16(data: string, unit: number, length: number): Float64Array | undefined {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length !== length * 2) return undefined;
  return Float64Array.from({ length }, (_, i) => bytes.readInt16LE(i * 2) * unit);
}
