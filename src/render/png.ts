import { writeReplacing } from '../core/output.js';
import { Resvg } from '@resvg/resvg-js';
import { UserError } from '../core/errors.js';

/**
 * An SVG drawing as PNG, rasterised in-process by resvg (no browser).
 * `width` is the PNG width in pixels; the default keeps the SVG's own size.
 * The background is white so that the picture reads the same on dark pages.
 */
export function svgToPng(svg: string, width?: number): Buffer {
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
    font: { loadSystemFonts: true },
  });
  return resvg.render().asPng();
}

/** Writes `svg` as SVG or PNG by the option that asked for it; failures name the option and the file. */
export function writeDrawing(path: string, svg: string, format: 'svg' | 'png'): void {
  try {
    writeReplacing(path, [format === 'png' ? svgToPng(svg) : svg]);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(`--${format}: cannot write "${path}": ${code ?? (e as Error).message}`);
  }
}
