// The part of opentype.js the offline cover uses (the package ships no types).
declare module 'opentype.js' {
  interface Path {
    toPathData(decimalPlaces?: number): string;
  }
  interface Glyph {
    index: number;
    advanceWidth: number | undefined;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    charToGlyph(char: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
  }
  function parse(buffer: ArrayBuffer): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
  export type { Font, Glyph, Path };
}
