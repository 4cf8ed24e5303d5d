/**
 * An independent polyform counter for the catalogue's tests: it shares no code
 * with src/ or the encoders. Every grid is embedded in an integer lattice
 * (squares and cubes as they are; triangles by 3x their centroids, segments by
 * 2x their midpoints, in units u = 0° and v = 60° on the hexagonal grids), so
 * that rotations and reflections are integer matrices and a placement is any
 * image of a piece whose cells all land on board cells. Sticks on the square
 * and triangular grids get Polyform Puzzler's no-crossing items; a small
 * dancing-links search counts exact covers.
 */
import type { CataloguePuzzle, Coord, Grid, PieceSpec, Restriction } from '../../encoders/catalogue/types.js';

type Vec = number[];
type Mat = number[][];

const mul = (m: Mat, v: Vec): Vec => m.map((row) => row.reduce((s, a, j) => s + a * v[j]!, 0));
const compose = (a: Mat, b: Mat): Mat => a.map((row) => b[0]!.map((_, j) => row.reduce((s, x, k) => s + x * b[k]![j]!, 0)));
const det = (m: Mat): number =>
  m.length === 2 ? m[0]![0]! * m[1]![1]! - m[0]![1]! * m[1]![0]! : m[0]!.reduce((s, a, j) => s + (j % 2 ? -1 : 1) * a * det(minor(m, j)), 0);
const minor = (m: Mat, j: number): Mat => m.slice(1).map((row) => row.filter((_, k) => k !== j));
const key = (v: Vec) => v.join(',');
const identity = (n: number): Mat => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Number(i === j)));

/** The closure of some generators: a finite group of matrices, identity first. */
function closure(gens: Mat[]): Mat[] {
  const out = [identity(gens[0]!.length)];
  const seen = new Set(out.map((m) => key(m.flat())));
  for (let i = 0; i < out.length; i++)
    for (const g of gens) {
      const m = compose(g, out[i]!);
      if (seen.has(key(m.flat()))) continue;
      seen.add(key(m.flat()));
      out.push(m);
    }
  return out;
}

/** A cell as lattice points: the point itself (squares, hexagons, cubes), a triangle's corners, a segment's ends. */
type Cell = Vec[];

interface Lattice {
  embed(c: Coord): Cell;
  group: Mat[];
  /** Puzzler's rotation step and mirror, for its aspect restrictions. */
  turn: Mat;
  mirror: Mat;
  steps: number;
}

const HEX_TURN = [
  [0, -1],
  [1, 1],
];
const TWIG_DIRS = [
  [1, 0],
  [-1, 1],
  [0, -1],
];
const TRIG_DIRS = [
  [1, 0],
  [0, 1],
  [-1, 1],
];
const plus = (p: Vec, q: readonly number[]) => p.map((v, i) => v + q[i]!);

/** A plane grid: Puzzler's turn and mirror generate its point group. */
const planar = (turn: Mat, steps: number, mirror: Mat, embed: Lattice['embed']): Lattice => ({
  turn,
  steps,
  mirror,
  embed,
  group: closure([turn, mirror]),
});

const SQUARE_TURN = [
  [0, -1],
  [1, 0],
];
/** Mirrors of Puzzler's flip0: about the x axis (squares), the vertical (square edges, triangles), the 60° line (hexagons, triangle edges). */
const X_MIRROR = [
  [1, 0],
  [0, -1],
];
const Y_MIRROR = [
  [-1, 0],
  [0, 1],
];
const TRIANGLE_MIRROR = [
  [-1, -1],
  [0, 1],
];
const SIXTY_MIRROR = [
  [-1, 0],
  [1, 1],
];
/** The lower-left corner of hexagon (x, y), in units u, v. */
const corner = (x: number, y: number) => [x - y, x + 2 * y];

function lattice(grid: Grid): Lattice {
  switch (grid) {
    case 'square':
      return planar(SQUARE_TURN, 4, X_MIRROR, ([x, y]) => [[x!, y!]]);
    case 'square-edges':
      return planar(SQUARE_TURN, 4, Y_MIRROR, ([x, y, d]) => [
        [x!, y!],
        [x! + 1 - d!, y! + d!],
      ]);
    case 'triangle':
      // The three corners; z = 1 is the downward triangle of the rhombus at (x, y).
      return planar(HEX_TURN, 6, TRIANGLE_MIRROR, ([x, y, z]) =>
        z
          ? [
              [x! + 1, y!],
              [x!, y! + 1],
              [x! + 1, y! + 1],
            ]
          : [
              [x!, y!],
              [x! + 1, y!],
              [x!, y! + 1],
            ],
      );
    case 'hexagon':
      return planar(HEX_TURN, 6, SIXTY_MIRROR, ([x, y]) => [[x!, y!]]);
    case 'triangle-edges':
      return planar(HEX_TURN, 6, SIXTY_MIRROR, ([x, y, d]) => [[x!, y!], plus([x!, y!], TRIG_DIRS[d!]!)]);
    case 'hexagon-edges':
      // Any mirror of the honeycomb serves: one-sided twins are listed in the data, not made here.
      return planar(
        HEX_TURN,
        6,
        [
          [1, 1],
          [0, -1],
        ],
        ([x, y, d]) => [corner(x!, y!), plus(corner(x!, y!), TWIG_DIRS[d!]!)],
      );
    case 'cube': {
      const gens = [
        [
          [0, -1, 0],
          [1, 0, 0],
          [0, 0, 1],
        ],
        [
          [1, 0, 0],
          [0, 0, -1],
          [0, 1, 0],
        ],
        [
          [-1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      ];
      return { embed: ([x, y, z]) => [[x!, y!, z!]], group: closure(gens), turn: gens[0]!, mirror: gens[2]!, steps: 4 };
    }
  }
}

/** Puzzler's aspects of a restricted piece: turn^r(mirror^f(piece)). */
function restrictedMoves(l: Lattice, r: Restriction, oneSided: boolean): Mat[] {
  const pick = (given: readonly number[] | null | undefined, all: number[]) => (given === undefined ? all : (given ?? [0]));
  const power = (m: Mat, n: number) => Array.from({ length: n }).reduce<Mat>((acc) => compose(m, acc), identity(m.length));
  const rotations = pick(r.rotations, [...Array(l.steps).keys()]);
  // A one-sided piece is never turned over (Puzzler's one-sided sets drop its flips).
  const flips = pick(r.flips, oneSided ? [0] : [0, 1]);
  return flips.flatMap((f) => rotations.map((n) => compose(power(l.turn, n), power(l.mirror, f))));
}

const byCoords = (a: Vec, b: Vec) => a[0]! - b[0]! || a[1]! - b[1]! || (a[2] ?? 0) - (b[2] ?? 0);
const least = (cells: Cell[]): Vec => cells.flat().sort(byCoords)[0]!;
const cellKey = (c: Cell) => [...c].sort(byCoords).map(key).join(';');
const moveCell = (m: Mat, c: Cell): Cell => c.map((p) => mul(m, p));
const shiftCell = (c: Cell, t: Vec): Cell => c.map((p) => plus(p, t));

/** A shape moved so that its least point is at the origin: equal keys, congruent by translation. */
function normal(cells: Cell[]): string {
  const o = least(cells);
  return cells
    .map((c) => cellKey(c.map((p) => p.map((v, i) => v - o[i]!))))
    .sort()
    .join(' ');
}

interface Placement {
  piece: number;
  cells: Cell[];
  keys: string[];
  claims: string[];
}

/** Puzzler's no-crossing claims of one placed stick piece, from the directions it leaves each point in. */
function claims(grid: Grid, cells: Cell[]): string[] {
  if (grid !== 'square-edges' && grid !== 'triangle-edges') return [];
  const dirs =
    grid === 'square-edges'
      ? [
          [1, 0],
          [0, 1],
          [-1, 0],
          [0, -1],
        ]
      : [
          [1, 0],
          [0, 1],
          [-1, 1],
          [-1, 0],
          [0, -1],
          [1, -1],
        ];
  const at = new Map<string, Set<number>>();
  for (const [a, b] of cells)
    for (const [p, q] of [
      [a!, b!],
      [b!, a!],
    ]) {
      const d = dirs.findIndex((e) => e[0] === q[0]! - p[0]! && e[1] === q[1]! - p[1]!);
      if (!at.has(key(p))) at.set(key(p), new Set());
      at.get(key(p))!.add(d);
    }
  const out: string[] = [];
  const n = dirs.length;
  for (const [p, ds] of at)
    for (const d of ds) {
      // Square grid: running straight through a point claims it. Triangular grid: turning
      // through 120° or running straight on claims the directions from the first segment to the second.
      if (n === 4) {
        if (ds.has((d + 2) % 4)) out.push(p);
      } else if (!ds.has((d + 1) % 6)) {
        const span = ds.has((d + 2) % 6) ? 3 : ds.has((d + 3) % 6) ? 4 : 0;
        for (let i = 0; i < span; i++) out.push(`${p}:${(d + i) % 6}`);
      }
    }
  return [...new Set(out)];
}

interface Model {
  lattice: Lattice;
  board: Cell[];
  pieces: readonly PieceSpec[];
  placements: Placement[];
  minCount: number[];
  maxCount: number[];
}

function range(count: PieceSpec['count']): [number, number] {
  if (count === undefined) return [1, 1];
  if (typeof count === 'number') return [count, count];
  const [lo, hi] = count.split('..').map(Number);
  return [lo!, hi!];
}

/** The moves a piece may make: all, the rotations for one-sided pieces, or the source's restriction. */
function moves(l: Lattice, piece: PieceSpec, restriction: readonly Restriction[] | undefined): Mat[] {
  const r = restriction?.find((x) => x.piece === piece.name);
  if (r) return restrictedMoves(l, r, piece.flip === false);
  return piece.flip === false ? l.group.filter((m) => det(m) > 0) : l.group;
}

function model(p: CataloguePuzzle, restricted: boolean): Model {
  const l = lattice(p.board.grid);
  const board = p.board.cells.map((c) => l.embed(c));
  const onBoard = new Set(board.map(cellKey));
  const placements: Placement[] = [];
  p.pieces.pieces.forEach((piece, index) => {
    const seen = new Set<string>();
    for (const m of moves(l, piece, restricted ? p.restriction : undefined)) {
      const image = piece.cells.map((c) => moveCell(m, l.embed(c)));
      const anchor = least([image[0]!]);
      for (const b of board) {
        const t = least([b]).map((v, i) => v - anchor[i]!);
        const cells = image.map((c) => shiftCell(c, t));
        const keys = cells.map(cellKey);
        if (!keys.every((c) => onBoard.has(c))) continue;
        const id = [...keys].sort().join(' ');
        if (seen.has(id)) continue;
        seen.add(id);
        placements.push({ piece: index, cells, keys, claims: claims(p.board.grid, cells) });
      }
    }
  });
  const ranges = p.pieces.pieces.map((x) => range(x.count));
  return { lattice: l, board, pieces: p.pieces.pieces, placements, minCount: ranges.map((r) => r[0]), maxCount: ranges.map((r) => r[1]) };
}

/**
 * Every exact cover, by dancing links (Knuth's Algorithm X with primary and
 * secondary items): each board cell once; each piece once, or at most once
 * when its count is "0..1"; each no-crossing claim at most once. Calls `found`
 * with the placements of each cover.
 */
function search(m: Model, found: (chosen: Placement[]) => void): void {
  const items = new Map<string, number>();
  const primary: string[] = [...m.board.map(cellKey)];
  const secondary: string[] = [];
  m.pieces.forEach((piece, i) => {
    if (m.maxCount[i] !== 1) throw new Error(`${piece.name}: the counter takes counts 1 and 0..1 only`);
    (m.minCount[i] === 1 ? primary : secondary).push(`piece ${i}`);
  });
  for (const c of new Set(m.placements.flatMap((p) => p.claims))) secondary.push(`claim ${c}`);
  [...primary, ...secondary].forEach((name, i) => items.set(name, i + 1));
  const n = primary.length + secondary.length;
  // Node 0 is the root; 1..n the item headers; rows follow. Links as in Knuth's dlx1.
  const L = [0],
    R = [0],
    U = [0],
    D = [0],
    C = [0],
    size = [0],
    row: number[] = [0];
  for (let i = 1; i <= n; i++) {
    L.push(i <= primary.length ? i - 1 : i);
    R.push(i < primary.length ? i + 1 : i <= primary.length ? 0 : i);
    for (const [list, v] of [
      [U, i],
      [D, i],
      [C, i],
      [size, 0],
      [row, -1],
    ] as const)
      list.push(v);
  }
  L[0] = primary.length;
  R[0] = primary.length ? 1 : 0;
  m.placements.forEach((p, r) => {
    const first = L.length;
    for (const name of [...p.keys, `piece ${p.piece}`, ...p.claims.map((c) => `claim ${c}`)]) {
      const c = items.get(name)!;
      const x = L.length;
      for (const [list, v] of [
        [L, x - 1],
        [R, x + 1],
        [U, U[c]!],
        [D, c],
        [C, c],
        [row, r],
      ] as const)
        list.push(v);
      D[U[c]!] = x;
      U[c] = x;
      size[c]!++;
    }
    L[first] = L.length - 1;
    R[L.length - 1] = first;
  });
  const cover = (c: number) => {
    R[L[c]!] = R[c]!;
    L[R[c]!] = L[c]!;
    for (let i = D[c]!; i !== c; i = D[i]!)
      for (let j = R[i]!; j !== i; j = R[j]!) {
        U[D[j]!] = U[j]!;
        D[U[j]!] = D[j]!;
        size[C[j]!]!--;
      }
  };
  const uncover = (c: number) => {
    for (let i = U[c]!; i !== c; i = U[i]!)
      for (let j = L[i]!; j !== i; j = L[j]!) {
        size[C[j]!]!++;
        U[D[j]!] = j;
        D[U[j]!] = j;
      }
    R[L[c]!] = c;
    L[R[c]!] = c;
  };
  const chosen: number[] = [];
  const step = (): void => {
    if (R[0] === 0) return found(chosen.map((x) => m.placements[row[x]!]!));
    let c = R[0]!;
    for (let j = R[c]!; j !== 0; j = R[j]!) if (size[j]! < size[c]!) c = j;
    cover(c);
    for (let r = D[c]!; r !== c; r = D[r]!) {
      chosen.push(r);
      for (let j = R[r]!; j !== r; j = R[j]!) cover(C[j]!);
      step();
      for (let j = L[r]!; j !== r; j = L[j]!) uncover(C[j]!);
      chosen.pop();
    }
    uncover(c);
  };
  step();
}

/** The board's symmetries: the lattice moves that map it onto itself, with the translation that puts it back. */
function boardSymmetries(m: Model, properOnly: boolean): { move: Mat; shift: Vec }[] {
  const target = normal(m.board);
  const o = least(m.board);
  return m.lattice.group
    .filter((g) => !properOnly || det(g) > 0)
    .flatMap((move) => {
      const image = m.board.map((c) => moveCell(move, c));
      if (normal(image) !== target) return [];
      const lo = least(image);
      return [{ move, shift: o.map((v, i) => v - lo[i]!) }];
    });
}

/** For each piece, the piece its mirror image is (itself unless the set is one-sided, or chiral like Soma's screws). */
function mirrorPartners(m: Model): number[] {
  const mirror = m.lattice.group.find((g) => det(g) < 0)!;
  return m.pieces.map((piece) => {
    const image = normal(piece.cells.map((c) => moveCell(mirror, m.lattice.embed(c))));
    const j = m.pieces.findIndex((q) =>
      moves(m.lattice, q, undefined).some((g) => normal(q.cells.map((c) => moveCell(g, m.lattice.embed(c)))) === image),
    );
    return j < 0 ? m.pieces.indexOf(piece) : j;
  });
}

export interface Counts {
  /** Solutions counted as the catalogue entry says (all, classes, or with the restriction). */
  count: number;
  placements: number;
}

/** The catalogue entry's count, by this independent search. */
export function countPuzzle(p: CataloguePuzzle, kind = p.counts): Counts {
  const m = model(p, kind === 'restricted');
  if (kind !== 'classes') {
    let n = 0;
    search(m, () => n++);
    return { count: n, placements: m.placements.length };
  }
  const symmetries = boardSymmetries(m, p.symmetry === 'rotations');
  const partner = mirrorPartners(m);
  const classes = new Set<string>();
  search(m, (chosen) => {
    const forms = symmetries.map(({ move, shift }) =>
      chosen
        .map((pl) => {
          const name = det(move) < 0 ? partner[pl.piece]! : pl.piece;
          const cells = pl.cells.map((c) => cellKey(shiftCell(moveCell(move, c), shift)));
          return `${name}:${cells.sort().join(' ')}`;
        })
        .sort()
        .join('|'),
    );
    classes.add(forms.sort()[0]!);
  });
  return { count: classes.size, placements: m.placements.length };
}

/**
 * Whether the source's restriction keeps exactly one solution per class of the
 * board's symmetry group: the restricted piece's aspects form a transversal of
 * the group's orbits, and no symmetry but the identity fixes an aspect (so no
 * solution is symmetric and every class is a full orbit).
 */
export function restrictionCountsClasses(p: CataloguePuzzle): boolean {
  const m = model(p, false);
  const [r, more] = p.restriction ?? [];
  if (!r || more) return false;
  const index = m.pieces.findIndex((x) => x.name === r.piece);
  const piece = m.pieces[index]!;
  const partner = mirrorPartners(m);
  const symmetries = boardSymmetries(m, p.symmetry === 'rotations');
  // A reflection that sends the piece to its mirror partner relates it to another piece's aspects.
  if (symmetries.some(({ move }) => det(move) < 0 && partner[index] !== index)) return false;
  const shape = (g: Mat) => normal(piece.cells.map((c) => moveCell(g, m.lattice.embed(c))));
  const allowed = new Set(moves(m.lattice, piece, undefined).map(shape));
  const kept = new Set(restrictedMoves(m.lattice, r, piece.flip === false).map(shape));
  const moveShape = (g: Mat, s: string) =>
    normal(
      s.split(' ').map((c) =>
        moveCell(
          g,
          c.split(';').map((pt) => pt.split(',').map(Number)),
        ),
      ),
    );
  for (const a of allowed) {
    const orbit = symmetries.map(({ move }) => moveShape(move, a));
    if (new Set(orbit).size !== symmetries.length) return false;
    if (orbit.filter((o) => kept.has(o)).length !== 1) return false;
  }
  return true;
}
