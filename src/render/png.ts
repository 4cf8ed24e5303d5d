import { writeReplacing } from '../core/output.js';
import { UsageError, UserError, systemReason } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
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
  checkPngSize(svg, size);
  const { Resvg } = await loadOptional(() => import('@resvg/resvg-js'), ['@resvg/resvg-js'], `PNG output (${fieldName('png')})`);
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: size.width === undefined ? { mode: 'zoom', value: size.scale ?? DEFAULT_PNG_SCALE } : { mode: 'width', value: size.width },
    font: { loadSystemFonts: true },
  });
  return resvg.render().asPng();
}

/**
 * The most pixels a PNG may have: 400 MB as RGBA. Cells may lie anywhere
 * within ±MAX_COORDINATE, and a picture spans them all; past what resvg can
 * hold it panicked and aborted the process (exit 134, a Rust backtrace, the
 * answer never printed).
 */
export const MAX_PNG_PIXELS = 100_000_000;

/**
 * Refuses a PNG of more than MAX_PNG_PIXELS, by the width and height the SVG
 * declares, before resvg is asked for it: a usage error, as a lower --scale
 * cures it. Solve calls it before the search with the board's picture, which
 * no solution's exceeds, so that the search is not spent on a picture that
 * cannot be drawn.
 */
export function checkPngSize(svg: string, size: PngSize): void {
  const declared = (name: string) => Number(new RegExp(`<svg[^>]*\\s${name}="([^"]+)"`).exec(svg)?.[1]);
  const [w, h] = [declared('width'), declared('height')];
  if (!(w > 0 && h > 0)) return;
  const zoom = size.width === undefined ? (size.scale ?? DEFAULT_PNG_SCALE) : size.width / w;
  const [pw, ph] = [Math.ceil(w * zoom), Math.ceil(h * zoom)];
  if (pw * ph > MAX_PNG_PIXELS)
    throw new UsageError(
      `${fieldName('png')}: the picture would be ${pw} by ${ph} pixels, more than ${MAX_PNG_PIXELS} (a lower ${fieldName('scale')}, or ${fieldName('svg')}, draws it)`,
    );
}

/** Writes `svg` as SVG or PNG by the option that asked for it; failures name the option (as the caller spells it: fieldName) and the file. */
export async function writeDrawing(path: string, svg: string, format: 'svg' | 'png', scale?: number): Promise<void> {
  const bytes = format === 'png' ? await svgToPng(svg, { scale }) : svg;
  try {
    writeReplacing(path, [bytes]);
  } catch (e) {
    throw new UserError(`${fieldName(format)}: cannot write "${path}": ${systemReason(e)}`);
  }
}
