import { writeReplacing } from '../core/output.js';
import { UserError } from '../core/errors.js';
import { loadOptional } from '../core/optional.js';

/**
 * PNG pixels per SVG unit unless --scale says otherwise: at 1x the 8x8
 * board is 308 px wide, too small for a slide.
 */
export const DEFAULT_PNG_SCALE = 2;

/** The size of a PNG: `scale` times the SVG's own size, or `width` pixels wide. */
export type PngSize = { scale?: number; width?: number };

/**
 * An SVG drawing as PNG, rasterised in-process by resvg (no browser), which
 * is loaded only here: the package leaves it to those who draw PNGs.
 * The background is white so that the picture reads the same on dark pages.
 */
export async function svgToPng(svg: string, size: PngSize = {}): Promise<Buffer> {
  const { Resvg } = await loadOptional(() => import('@resvg/resvg-js'), ['@resvg/resvg-js'], 'PNG output (--png)');
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: size.width === undefined ? { mode: 'zoom', value: size.scale ?? DEFAULT_PNG_SCALE } : { mode: 'width', value: size.width },
    font: { loadSystemFonts: true },
  });
  return resvg.render().asPng();
}

/** Writes `svg` as SVG or PNG by the option that asked for it; failures name the option and the file. */
export async function writeDrawing(path: string, svg: string, format: 'svg' | 'png', scale?: number): Promise<void> {
  const bytes = format === 'png' ? await svgToPng(svg, { scale }) : svg;
  try {
    writeReplacing(path, [bytes]);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(`--${format}: cannot write "${path}": ${code ?? (e as Error).message}`);
  }
}
