// SVG drawn to PNG by resvg. Its native module loads with the first drawing: most processes draw
// nothing. Text is drawn as paths by the callers, so no system font is ever looked up.
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { onFirstUse } from '../../load-on-use.js';

const resvg = onFirstUse<typeof import('@resvg/resvg-js')>('@resvg/resvg-js');

export function svgToPng(svg: string, fitTo: ResvgRenderOptions['fitTo'] = { mode: 'original' }): Buffer {
  const { Resvg } = resvg();
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false }, fitTo }).render().asPng());
}
