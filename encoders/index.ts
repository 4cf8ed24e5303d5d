import { UserError } from '../src/core/errors.js';
import type { Instance } from '../src/core/puzzle.js';
import { PRESETS, polyomino } from './polyomino.js';
import { POLYCUBE_PUZZLE, SOMA_PUZZLE } from './polycube.js';
import { GENIUS_SQUARE_PUZZLE } from './genius-square.js';
import { DOBBLE_PUZZLE } from './dobble.js';

/**
 * The puzzles the CLI knows. Each entry names the options it reads, so that
 * one CLI contract serves every puzzle and an option that does not apply is
 * an error rather than silently ignored.
 */
export interface PuzzleOption {
  name: string;
  type: 'string' | 'number' | 'boolean';
  describe: string;
  choices?: readonly string[];
}

export interface PuzzleEntry {
  name: string;
  about: string;
  options: readonly PuzzleOption[];
  build(args: Record<string, unknown>): Instance;
}

const str = (args: Record<string, unknown>, key: string) => (args[key] === undefined ? undefined : String(args[key]));

const tilingOptions: PuzzleOption[] = [
  { name: 'preset', type: 'string', describe: 'a named board and piece set', choices: Object.keys(PRESETS) },
  { name: 'board', type: 'string', describe: 'WxH, inline art ("../.#" rows), or a board file (. cell, # or space hole)' },
  { name: 'pieces', type: 'string', describe: 'comma-separated piece names (L*2 for copies, Q=##/#. for inline art)' },
  { name: 'pieces-file', type: 'string', describe: 'a file of pieces: "NAME:" headers followed by their art' },
  { name: 'flip', type: 'boolean', describe: 'allow reflected pieces (--no-flip forbids them)' },
  { name: 'non-overlap', type: 'string', describe: 'non-overlap family: compact (per-cell at-most-one) or pairwise', choices: ['compact', 'pairwise'] },
];

function tiling(puzzle: string) {
  return (args: Record<string, unknown>): Instance =>
    polyomino(
      {
        preset: str(args, 'preset') ?? (puzzle === 'pentomino' && args.board === undefined ? '6x10' : undefined),
        board: str(args, 'board'),
        pieces: str(args, 'pieces'),
        piecesFile: str(args, 'pieces-file'),
        flip: args.flip as boolean | undefined,
        nonOverlap: args['non-overlap'] as 'compact' | 'pairwise' | undefined,
        amo: args.amo as never,
        card: args.card as never,
      },
      puzzle,
    );
}

export const PUZZLES: PuzzleEntry[] = [
  { name: 'pentomino', about: 'pentomino tilings (presets 8x8-square, 8x8-centre-hole, 6x10, 5x12, 4x15, 3x20)', options: tilingOptions, build: tiling('pentomino') },
  { name: 'polyomino', about: 'any board (holes allowed) tiled by any polyomino set', options: tilingOptions, build: tiling('polyomino') },
  SOMA_PUZZLE,
  POLYCUBE_PUZZLE,
  GENIUS_SQUARE_PUZZLE,
  DOBBLE_PUZZLE,
];

export function puzzleByName(name: string): PuzzleEntry {
  const p = PUZZLES.find((x) => x.name === name);
  if (!p) throw new UserError(`unknown puzzle "${name}"; choose one of: ${PUZZLES.map((x) => x.name).join(', ')} (or give a .cnf file)`);
  return p;
}
