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
 * Refuses a PNG of more than MAX_PNG_PIXELS, or of less than a pixel either
 * way (resvg throws "Target size is zero", an internal error), by the width
 * and height the SVG declares, before resvg is asked for it: a usage error,
 * as another --scale cures it. Solve calls it before the search with the
 * board's picture, which no solution's exceeds, so that the search is not
 * spent on a picture that cannot be drawn.
 */
export function checkPngSize(svg: string, size: PngSize): void {
  const declared = (name: string) => pixels(new RegExp(`<svg[^>]*\\s${name}="([^"]+)"`).exec(svg)?.[1]);
  const [w, h] = [declared('width'), declared('height')];
  if (!(w > 0 && h > 0)) return;
  const zoom = size.width === undefined ? (size.scale ?? DEFAULT_PNG_SCALE) : size.width / w;
  if (w * zoom < 1 || h * zoom < 1)
    throw new UsageError(
      `${fieldName('png')}: the picture would be less than a pixel ${w * zoom < 1 ? 'wide' : 'high'} (${Math.round(w)} by ${Math.round(h)} pixels at 1x, zoomed ${zoom} times); a higher ${fieldName('scale')} draws it`,
    );
  const [pw, ph] = [Math.ceil(w * zoom), Math.ceil(h * zoom)];
  if (pw * ph > MAX_PNG_PIXELS)
    throw new UsageError(
      `${fieldName('png')}: the picture would be ${pw} by ${ph} pixels, more than ${MAX_PNG_PIXELS} (a lower ${fieldName('scale')}, or ${fieldName('svg')}, draws it)`,
    );
}

/** CSS pixels per unit of an SVG length, as resvg reads them (96 to the inch). */
const PIXELS_PER_UNIT: Readonly<Record<string, number>> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16 };

/** An SVG length in pixels: a Dobble page is "210mm" wide (Number() of it was NaN, and the page went unchecked); NaN for a unit not known here. */
function pixels(length: string | undefined): number {
  const m = /^\s*([\d.]+(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(length ?? '');
  return m ? Number(m[1]) * (PIXELS_PER_UNIT[m[2]!.toLowerCase()] ?? NaN) : NaN;
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
