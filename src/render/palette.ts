import type { Cell } from '../geometry/cells.js';

/**
 * The colours of packing pictures, and which piece gets which.
 *
 * Fourteen hand-picked fills, light enough for black labels, every two at
 * least 26 apart in CIELAB (ΔE76; about 2.3 is a just-noticeable difference),
 * checked by test/render.test.ts. Pieces that touch get different colours by
 * greedy graph colouring, so a picture never shows two neighbours as one blob.
 */
export const PALETTE: readonly string[] = [
  '#e8534f', // red
  '#4a90d9', // blue
  '#5cb85c', // green
  '#f5c242', // yellow
  '#9b6cd1', // purple
  '#3cc4c4', // cyan
  '#f08c3a', // orange
  '#f49ac6', // pink
  '#b6e35f', // lime
  '#a67c52', // brown
  '#9aa6b2', // slate
  '#1f8a70', // teal
  '#d9c2f2', // lavender
  '#ffe4b8', // peach
];

/** Colour number `i`: the palette, then (for huge neighbourhoods only) hues a golden angle apart. */
export function paletteColour(i: number): string {
  return PALETTE[i] ?? hslToHex((i * 137.508) % 360, 0.55, 0.62);
}

export function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return toHex(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const toHex = (v: number) =>
  Math.round(Math.max(0, Math.min(255, v)))
    .toString(16)
    .padStart(2, '0');

export const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** The colour mixed towards black (factor < 1) or white (factor > 1); for cube faces and copies. */
export function shade(hex: string, factor: number): string {
  const rgb = rgbOf(hex).map((c) => (factor <= 1 ? c * factor : c + (255 - c) * (factor - 1)));
  return `#${rgb.map(toHex).join('')}`;
}

/** One placed piece of a packing drawing. */
export interface PlacedPiece {
  piece: string;
  cells: readonly Cell[];
}

/** What a drawing needs to know about each placed piece: its label and its colour number. */
export interface PieceLook {
  /** The piece name, with a, b, c ... appended when the piece has copies. */
  label: string;
  /** Index of the piece in the puzzle's piece list (-1 when unknown). */
  piece: number;
  /** Which copy of its piece this is, 0 for the first in reading order. */
  copy: number;
  copies: number;
  /** Index into paletteColour; touching pieces never share one. */
  colour: number;
}

const key = (c: Cell) => `${c[0]},${c[1]},${c[2]}`;
const STEPS: readonly Cell[] = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/** The cells sharing a face with a cell of the square or cube grid. */
const faceNeighbours = (c: Cell): Cell[] => STEPS.map((d) => [c[0] + d[0], c[1] + d[1], c[2] + d[2]]);

/** For each placed piece, the indices of the placed pieces it shares a face (an edge, in 2D; on other grids, what `neighbours` says) with. */
export function touching(placements: readonly PlacedPiece[], neighbours: (c: Cell) => readonly Cell[] = faceNeighbours): Set<number>[] {
  const owner = new Map<string, number>();
  placements.forEach((pl, i) => pl.cells.forEach((c) => owner.set(key(c), i)));
  return placements.map((pl, i) => {
    const near = new Set<number>();
    for (const c of pl.cells) {
      for (const n of neighbours(c)) {
        const j = owner.get(key(n));
        if (j !== undefined && j !== i) near.add(j);
      }
    }
    return near;
  });
}

/** Reading order of a cell set: its first cell by level, row, column. */
const before = (a: Cell, b: Cell) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0];
const firstCell = (cells: readonly Cell[]): Cell => [...cells].sort(before)[0]!;

/**
 * Labels and colours for the placed pieces. Each placed piece (copies
 * counted apart) prefers the colour of its place in the piece list, so a
 * piece keeps its colour from one solution to the next as far as it can and
 * copies get colours of their own; when a neighbour already has that colour it
 * takes the first colour no neighbour has (greedy colouring: never more than
 * one colour above the largest number of neighbours).
 */
export function pieceLooks(
  placements: readonly PlacedPiece[],
  pieces: readonly { name: string }[],
  neighbours?: (c: Cell) => readonly Cell[],
): PieceLook[] {
  const pieceOf = placements.map((pl) => pieces.findIndex((p) => p.name === pl.piece));
  const { copyOf, copies } = copyNumbers(placements);
  const near = touching(placements, neighbours);
  const colour = new Array<number>(placements.length).fill(-1);
  // Pieces in list order, copies in reading order: the same input always gets the same picture.
  const order = placements.map((_, i) => i).sort((a, b) => pieceOf[a]! - pieceOf[b]! || copyOf[a]! - copyOf[b]!);
  order.forEach((i, rank) => {
    const taken = new Set([...near[i]!].map((j) => colour[j]));
    const home = rank % PALETTE.length;
    let c = home;
    if (taken.has(c)) for (c = 0; taken.has(c); c++);
    colour[i] = c;
  });
  return placements.map((pl, i) => {
    const n = copies.get(pl.piece)!;
    return { label: n > 1 ? `${pl.piece}${copyLetter(copyOf[i]!)}` : pl.piece, piece: pieceOf[i]!, copy: copyOf[i]!, copies: n, colour: colour[i]! };
  });
}

/**
 * Which copy of its piece each placed piece is (0 for the first by reading
 * order of the copies' first cells), and how many copies each piece has: the
 * one numbering of copies that labels (L4a, L4b) and text characters share.
 */
export function copyNumbers(placements: readonly PlacedPiece[]): { copyOf: number[]; copies: Map<string, number> } {
  const groups = new Map<string, number[]>();
  placements.forEach((pl, i) => {
    const group = groups.get(pl.piece);
    if (group) group.push(i);
    else groups.set(pl.piece, [i]);
  });
  const copyOf = new Array<number>(placements.length).fill(0);
  // Each first cell found once, not once a comparison: a placement list may name 250,000 copies.
  const first = placements.map((pl) => firstCell(pl.cells));
  for (const group of groups.values()) {
    group.sort((a, b) => before(first[a]!, first[b]!));
    group.forEach((p, c) => (copyOf[p] = c));
  }
  return { copyOf, copies: new Map([...groups].map(([name, group]) => [name, group.length])) };
}

/** The characters a text picture draws each piece with, in piece order: one per copy, so that two copies never look like one piece. */
export type PieceSymbols = readonly (readonly string[])[];

/** The character each placed piece is drawn with: copy c of piece i is symbols[i][c] ("?" for an unknown piece or past the list). */
export function placedSymbols(placements: readonly PlacedPiece[], pieces: readonly { name: string }[], symbols: PieceSymbols): string[] {
  const { copyOf } = copyNumbers(placements);
  return placements.map((pl, i) => symbols[pieces.findIndex((p) => p.name === pl.piece)]?.[copyOf[i]!] ?? '?');
}

/** a, b, ..., z, aa, ab, ... */
function copyLetter(n: number): string {
  const letter = String.fromCharCode(97 + (n % 26));
  return n < 26 ? letter : copyLetter(Math.floor(n / 26) - 1) + letter;
}

/** Where a piece's one label goes: its cell nearest the piece's centre (reading order breaks ties). */
export function labelCell(cells: readonly Cell[]): Cell {
  const centre = [0, 1, 2].map((a) => cells.reduce((s, c) => s + c[a]!, 0) / cells.length);
  const distance = (c: Cell) => (c[0] - centre[0]!) ** 2 + (c[1] - centre[1]!) ** 2 + (c[2] - centre[2]!) ** 2;
  return [...cells].sort((a, b) => distance(a) - distance(b) || before(a, b))[0]!;
}
