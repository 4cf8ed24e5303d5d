import { UserError } from '../core/errors.js';
import { seededRandom } from '../core/random.js';

/**
 * Printable SVG pages of round Dobble cards. As in the real game the symbols
 * on a card get random sizes and rotations, placed without overlap; a seeded
 * generator makes the same seed give the same SVG.
 */

/** A symbol's disk on the unit card (centre 0,0, radius 1); rotation in degrees. */
export interface SymbolPlacement {
  x: number;
  y: number;
  r: number;
  rotation: number;
}

/** Gap between a symbol and the card's rim, and between two symbols, in card radii. */
export const RIM_MARGIN = 0.06;
export const SYMBOL_GAP = 0.03;

// Random sequential placement jams near 55 % cover; start a little below and
// shrink until every symbol finds a place.
const START_FILL = 0.5;
const SHRINK = 0.93;
const TRIES_PER_SYMBOL = 300;

/**
 * Disks for `count` symbols on the unit card: relative sizes drawn in
 * [0.55, 1], scaled so that they cover about half the card, placed largest
 * first at random points where they touch neither the rim margin nor another
 * disk (plus the gap). When a disk finds no place, the whole card is redone
 * smaller.
 */
export function layoutCard(count: number, random: () => number): SymbolPlacement[] {
  const sizes = Array.from({ length: count }, () => 0.55 + 0.45 * random()).sort((a, b) => b - a);
  const sizeSquares = sizes.reduce((sum, s) => sum + s * s, 0);
  for (let fill = START_FILL; ; fill *= SHRINK) {
    const scale = Math.sqrt(fill / sizeSquares);
    const placed = placeAll(
      sizes.map((s) => s * scale),
      random,
    );
    if (placed) return placed;
  }
}

function placeAll(radii: readonly number[], random: () => number): SymbolPlacement[] | null {
  const placed: SymbolPlacement[] = [];
  for (const r of radii) {
    const reach = 1 - RIM_MARGIN - r;
    if (reach < 0) return null;
    let spot: SymbolPlacement | null = null;
    for (let attempt = 0; attempt < TRIES_PER_SYMBOL && !spot; attempt++) {
      // Uniform over the disk of admissible centres.
      const rho = reach * Math.sqrt(random());
      const theta = 2 * Math.PI * random();
      const candidate = { x: rho * Math.cos(theta), y: rho * Math.sin(theta), r, rotation: 360 * random() };
      if (placed.every((o) => Math.hypot(o.x - candidate.x, o.y - candidate.y) >= o.r + r + SYMBOL_GAP)) spot = candidate;
    }
    if (!spot) return null;
    placed.push(spot);
  }
  return placed;
}

export interface SheetOptions {
  seed?: number;
  /** Card diameter in millimetres (default 80). */
  cardDiameterMm?: number;
  /** Page size in millimetres (default A4 portrait, 210 × 297). */
  pageWidthMm?: number;
  pageHeightMm?: number;
  marginMm?: number;
  gapMm?: number;
}

const IMAGE = /\.(png|svg|jpe?g|gif|webp)$/i;
const PALETTE = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#393b79', '#637939', '#843c39'];

/** Where the cards go on a page: columns and rows of the grid. */
export function pageGrid(options: SheetOptions = {}): { columns: number; rows: number } {
  const { cardDiameterMm: d, pageWidthMm: w, pageHeightMm: h, marginMm: margin, gapMm: gap } = withDefaults(options);
  const fit = (length: number) => Math.floor((length - 2 * margin + gap) / (d + gap));
  const grid = { columns: fit(w), rows: fit(h) };
  if (grid.columns < 1 || grid.rows < 1) {
    throw new UserError(`card diameter ${d} mm does not fit on a ${w} × ${h} mm page with ${margin} mm margins`);
  }
  return grid;
}

function withDefaults(o: SheetOptions): Required<SheetOptions> {
  return {
    seed: o.seed ?? 1,
    cardDiameterMm: o.cardDiameterMm ?? 80,
    pageWidthMm: o.pageWidthMm ?? 210,
    pageHeightMm: o.pageHeightMm ?? 297,
    marginMm: o.marginMm ?? 10,
    gapMm: o.gapMm ?? 5,
  };
}

/** How many pages renderDobblePages draws for a deck of this many cards: known before the deck is, so its files can be named first. */
export function pageCount(cards: number, options: SheetOptions = {}): number {
  const { columns, rows } = pageGrid(options);
  return Math.ceil(cards / (columns * rows));
}

/**
 * The deck as SVG pages (one string each), cards in reading order on a grid.
 * Symbol names ending in an image extension become `<image href>`, others text.
 */
export function renderDobblePages(deck: readonly (readonly string[])[], options: SheetOptions = {}): string[] {
  return [...dobblePages(deck, options)];
}

/**
 * renderDobblePages a page at a time: a large deck's pages are written as
 * they are drawn, not all held until the last (cards of 200 symbols make
 * some 4000 pages and 1.6 GB of SVG, drawn for most of an hour).
 */
export function* dobblePages(deck: readonly (readonly string[])[], options: SheetOptions = {}): Generator<string, void, undefined> {
  const o = withDefaults(options);
  const { columns, rows } = pageGrid(o);
  const random = seededRandom(o.seed);
  const colors = symbolColors(deck);
  const perPage = columns * rows;
  const origin = gridOrigin(o, columns, rows);
  for (let first = 0; first < deck.length; first += perPage) {
    const cards = deck.slice(first, first + perPage).map((card, i) => {
      const radius = o.cardDiameterMm / 2;
      const cx = origin.x + radius + (i % columns) * (o.cardDiameterMm + o.gapMm);
      const cy = origin.y + radius + Math.floor(i / columns) * (o.cardDiameterMm + o.gapMm);
      return renderCard(card, layoutCard(card.length, random), cx, cy, radius, colors);
    });
    yield (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${o.pageWidthMm}mm" height="${o.pageHeightMm}mm" viewBox="0 0 ${o.pageWidthMm} ${o.pageHeightMm}">\n` +
      cards.join('') +
      '</svg>\n'
    );
  }
}

/**
 * The top-left corner of the grid of cards: the grid centred on the page, so
 * that the margins left and right (and top and bottom) are equal.
 */
export function gridOrigin(options: SheetOptions, columns: number, rows: number): { x: number; y: number } {
  const o = withDefaults(options);
  const span = (n: number) => n * o.cardDiameterMm + (n - 1) * o.gapMm;
  return { x: (o.pageWidthMm - span(columns)) / 2, y: (o.pageHeightMm - span(rows)) / 2 };
}

/** Length of a crop mark, and its distance from the corner it marks, in millimetres (they stay in the gap between cards). */
const MARK = { length: 3, offset: 1 };

/** Crop marks at the four corners of a card's square, pointing away from it, for a guillotine or a circle cutter's guide. */
function cropMarks(cx: number, cy: number, radius: number): string {
  const d: string[] = [];
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      const [x, y] = [cx + sx * radius, cy + sy * radius];
      const [near, far] = [MARK.offset, MARK.offset + MARK.length];
      d.push(`M${mm(x + sx * near)} ${mm(y)}H${mm(x + sx * far)}`, `M${mm(x)} ${mm(y + sy * near)}V${mm(y + sy * far)}`);
    }
  }
  return `<path d="${d.join('')}" stroke="#888" stroke-width="0.2" fill="none"/>`;
}

/**
 * Characters that, turned upside down, read as a character (6 and 9, d and
 * p, or themselves): a symbol made only of them cannot show which way is up.
 */
const TURNS_INTO_TEXT = new Set('01689bdpqnuosxzlHINOSXZMWmw');

/** Whether a text symbol needs an orientation cue: 6 or 9, d or p, 16 or 91 ... */
export const rotationAmbiguous = (name: string): boolean => [...name].every((ch) => TURNS_INTO_TEXT.has(ch));

/** One colour per symbol, the same on every card, by order of first appearance. */
function symbolColors(deck: readonly (readonly string[])[]): Map<string, string> {
  const colors = new Map<string, string>();
  for (const name of deck.flat()) if (!colors.has(name)) colors.set(name, PALETTE[colors.size % PALETTE.length]!);
  return colors;
}

function renderCard(
  card: readonly string[],
  layout: readonly SymbolPlacement[],
  cx: number,
  cy: number,
  radius: number,
  colors: Map<string, string>,
): string {
  const symbols = card.map((name, i) => {
    const p = layout[i]!;
    const r = p.r * radius;
    const at = `translate(${mm(cx + p.x * radius)} ${mm(cy + p.y * radius)}) rotate(${p.rotation.toFixed(1)})`;
    if (IMAGE.test(name)) {
      // The largest square inside the symbol's disk.
      const side = r * Math.SQRT2;
      return `  <image href="${escapeXml(name)}" x="${mm(-side / 2)}" y="${mm(-side / 2)}" width="${mm(side)}" height="${mm(side)}" transform="${at}"/>\n`;
    }
    // A box w × h fits the disk when its diagonal is at most 2r; an underlined symbol's box is taller.
    const widthEm = textWidthEm(name);
    const underline = rotationAmbiguous(name);
    const fontSize = (2 * r) / Math.hypot(widthEm, underline ? 1.3 : 1);
    const text = `<text transform="${at}" font-size="${mm(fontSize)}" font-family="sans-serif" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="${colors.get(name)}">${escapeXml(name)}</text>`;
    if (!underline) return `  ${text}\n`;
    // The underline turns with the symbol and marks its foot: the cue that tells 6 from 9.
    const half = (widthEm * fontSize) / 2;
    const cue = `<line x1="${mm(-half)}" y1="${mm(0.58 * fontSize)}" x2="${mm(half)}" y2="${mm(0.58 * fontSize)}" stroke="${colors.get(name)}" stroke-width="${mm(0.08 * fontSize)}" stroke-linecap="round" transform="${at}"/>`;
    return `  ${text}${cue}\n`;
  });
  // One line per card (its outline and crop marks) and one per symbol.
  return (
    `  <circle cx="${mm(cx)}" cy="${mm(cy)}" r="${mm(radius)}" fill="white" stroke="black" stroke-width="0.3"/>${cropMarks(cx, cy, radius)}\n` +
    symbols.join('')
  );
}

/**
 * Rough text width in em: 0.6 per Latin character, 1 for wide symbols
 * (emoji, CJK), 0 for joiners and variation selectors.
 */
function textWidthEm(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) continue;
    width += cp >= 0x2000 ? 1 : 0.6;
  }
  return width;
}

const mm = (x: number) => x.toFixed(2);

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
