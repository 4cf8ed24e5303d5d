import type { Cell } from '../geometry/cells.js';
import { renderPacking } from './grid.js';
import { spanOf } from '../core/extent.js';

/**
 * Pictures for The Genius Square: the board with its blockers and pieces
 * (text and SVG), and the histogram of solution counts over many rolls.
 */

export interface GeniusBoard {
  pieces: readonly { name: string }[];
  /** One display character per piece, in piece order. */
  symbols: readonly string[];
  blockers: readonly Cell[];
  title: string;
}

interface Solution {
  placements: readonly { piece: string; cells: readonly Cell[] }[];
}

const ROW_NAMES = 'ABCDEF';
const SIDE = 6;
const BLOCKER = '#';

/** The board as letters with the game's coordinates around it; blockers are '#'. */
export function renderGeniusText(solution: Solution, board: GeniusBoard, color: boolean): string {
  const fixed = board.blockers.map((cell) => ({ cell, symbol: BLOCKER }));
  // Every piece once: its one character.
  const symbols = board.symbols.map((s) => [s]);
  const rows = renderPacking(solution, board.pieces, symbols, color, fixed).split('\n');
  const columns = Array.from({ length: SIDE }, (_, x) => String(x + 1));
  if (!color) return [board.title, `  ${columns.join('')}`, ...rows.map((row, y) => `${ROW_NAMES[y]} ${row}`)].join('\n');
  // The outlined drawing has a border line between rows and 4 characters per column.
  const header = ('  ' + columns.map((c) => `  ${c} `).join('')).trimEnd();
  return [board.title, header, ...rows.map((row, r) => `${r % 2 ? ROW_NAMES[(r - 1) / 2] : ' '} ${row}`)].join('\n');
}

/** Piece colours close to the game's, in piece order (M1 D2 I3 L3 I4 O4 T4 S4 L4). */
const PIECE_COLORS = ['#2f6fd1', '#8b5a2b', '#f28c28', '#8e44ad', '#8a9499', '#2e9e4f', '#f2c21b', '#d93b30', '#22b8c9'];
const CELL = 40;
const MARGIN = 28;

/** The board as SVG: coloured pieces with their outlines, blockers as white pegs, labels A–F and 1–6. */
export function renderGeniusSvg(solution: Solution, board: GeniusBoard): string {
  const owner = new Map<string, number>();
  const key = (x: number, y: number) => `${x},${y}`;
  for (const pl of solution.placements) {
    const piece = board.pieces.findIndex((p) => p.name === pl.piece);
    for (const c of pl.cells) owner.set(key(c[0], c[1]), piece);
  }
  const px = (n: number) => MARGIN + n * CELL;
  const size = 2 * MARGIN + SIDE * CELL;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + MARGIN}" viewBox="0 0 ${size} ${size + MARGIN}" font-family="sans-serif">`,
    `<rect x="0" y="0" width="${size}" height="${size + MARGIN}" fill="white"/>`,
    `<text x="${size / 2}" y="${size + MARGIN / 2}" font-size="13" text-anchor="middle">${escapeXml(board.title)}</text>`,
    `<rect x="${px(0)}" y="${px(0)}" width="${SIDE * CELL}" height="${SIDE * CELL}" fill="#e9dcc3"/>`,
  ];
  for (let i = 0; i < SIDE; i++) {
    parts.push(`<text x="${px(i) + CELL / 2}" y="${MARGIN - 8}" font-size="14" text-anchor="middle">${i + 1}</text>`);
    parts.push(`<text x="${MARGIN - 10}" y="${px(i) + CELL / 2 + 5}" font-size="14" text-anchor="middle">${ROW_NAMES[i]}</text>`);
  }
  for (const [k, piece] of owner) {
    const [x, y] = k.split(',').map(Number) as [number, number];
    parts.push(`<rect x="${px(x)}" y="${px(y)}" width="${CELL}" height="${CELL}" fill="${PIECE_COLORS[piece % PIECE_COLORS.length]}"/>`);
  }
  for (const [x, y] of board.blockers) {
    parts.push(`<circle cx="${px(x) + CELL / 2}" cy="${px(y) + CELL / 2}" r="${CELL * 0.32}" fill="white" stroke="#555" stroke-width="1.5"/>`);
  }
  // Thin grid lines everywhere, thick lines where two pieces (or a piece and the edge) meet.
  const edge = (x1: number, y1: number, x2: number, y2: number, thick: boolean) =>
    `<line x1="${px(x1)}" y1="${px(y1)}" x2="${px(x2)}" y2="${px(y2)}" stroke="#222" stroke-width="${thick ? 3 : 0.5}" stroke-linecap="round"/>`;
  const differ = (a: string, b: string) => owner.get(a) !== owner.get(b) || owner.get(a) === undefined;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x <= SIDE; x++) parts.push(edge(x, y, x, y + 1, differ(key(x - 1, y), key(x, y))));
  }
  for (let x = 0; x < SIDE; x++) {
    for (let y = 0; y <= SIDE; y++) parts.push(edge(x, y, x + 1, y, differ(key(x, y - 1), key(x, y))));
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

export interface HistogramOptions {
  title: string;
  /** What is counted on the x axis (e.g. "solutions per roll"). */
  xLabel: string;
  /** What the bars count (e.g. "rolls"). */
  yLabel: string;
  bins?: number;
}

const WIDTH = 720;
const HEIGHT = 420;
const PAD = { left: 70, right: 20, top: 40, bottom: 60 };

/**
 * A histogram of positive values on a logarithmic x axis (bins of equal
 * width in log scale), where counts spanning decades stay readable. Values
 * of zero are reported in the subtitle rather than drawn.
 */
export function renderHistogramSvg(values: readonly number[], options: HistogramOptions): string {
  const positive = values.filter((v) => v > 0);
  const zeros = values.length - positive.length;
  const bins = options.bins ?? 48;
  const { min, max } = spanOf(positive);
  const lo = Math.log10(positive.length ? min : 1);
  // A range of at least one decade, and the largest value inside the last bin.
  const hi = Math.max(lo + 1, Math.log10(Math.max(max, 1))) + 1e-9;
  const heights = new Array<number>(bins).fill(0);
  for (const v of positive) heights[Math.min(bins - 1, Math.floor(((Math.log10(v) - lo) / (hi - lo)) * bins))]!++;
  const top = heights.reduce((m, n) => Math.max(m, n), 1);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const xOf = (v: number) => PAD.left + ((Math.log10(v) - lo) / (hi - lo)) * plotW;
  const yOf = (n: number) => PAD.top + plotH - (n / top) * plotH;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="18" font-size="15" text-anchor="middle">${escapeXml(options.title)}</text>`,
    `<text x="${WIDTH / 2}" y="34" text-anchor="middle" fill="#555">${positive.length} values${zeros ? `, ${zeros} zeros not drawn` : ''}; logarithmic x axis</text>`,
  ];
  heights.forEach((n, i) => {
    if (n === 0) return;
    const x = PAD.left + (i / bins) * plotW;
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${yOf(n).toFixed(1)}" width="${(plotW / bins - 1).toFixed(1)}" height="${(plotH - (yOf(n) - PAD.top)).toFixed(1)}" fill="#3b75af"/>`,
    );
  });
  const axisY = PAD.top + plotH;
  parts.push(`<line x1="${PAD.left}" y1="${axisY}" x2="${WIDTH - PAD.right}" y2="${axisY}" stroke="black"/>`);
  parts.push(`<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${axisY}" stroke="black"/>`);
  for (const v of logTicks(10 ** lo, 10 ** hi)) {
    const x = xOf(v).toFixed(1);
    parts.push(`<line x1="${x}" y1="${axisY}" x2="${x}" y2="${axisY + 5}" stroke="black"/>`);
    parts.push(`<text x="${x}" y="${axisY + 18}" text-anchor="middle">${v}</text>`);
  }
  for (const n of linearTicks(top)) {
    const y = yOf(n).toFixed(1);
    parts.push(`<line x1="${PAD.left - 5}" y1="${y}" x2="${PAD.left}" y2="${y}" stroke="black"/>`);
    parts.push(`<text x="${PAD.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${n}</text>`);
  }
  parts.push(`<text x="${PAD.left + plotW / 2}" y="${HEIGHT - 15}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`);
  parts.push(`<text transform="translate(18 ${PAD.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(options.yLabel)}</text>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/** 1, 2, 5 times powers of ten within [lo, hi]. */
function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let p = 10 ** Math.floor(Math.log10(lo)); p <= hi; p *= 10) {
    for (const m of [1, 2, 5]) if (m * p >= lo && m * p <= hi) ticks.push(m * p);
  }
  return ticks;
}

/** About five round whole-number ticks from 0 to top. */
function linearTicks(top: number): number[] {
  const raw = Math.max(1, top / 5);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
