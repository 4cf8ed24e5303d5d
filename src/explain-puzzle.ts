import { buildInstance, encodingChoice, isCnfPath, puzzleByName } from '../encoders/index.js';
import { AMO_ENCODINGS, CARD_ENCODINGS } from './card/index.js';
import { UsageError } from './core/errors.js';
import type { Instance } from './core/puzzle.js';
import { addSymmetryBreaking } from './symmetry/breaking.js';
import { type EncodingRow, type Explanation, encodingRow, explain } from './explain/explain.js';

/**
 * What `puzzlesat explain` tells: the puzzle's families (explain.ts), each
 * encoding given beside the puzzle's default, and with `compare` the size
 * under every encoding. It builds instances by name, so it sits above the
 * encoders, unlike src/explain/, which they use.
 */
export type EncodingKind = 'amo' | 'card';

const ENCODINGS: Record<EncodingKind, readonly string[]> = { amo: AMO_ENCODINGS.map((e) => e.name), card: CARD_ENCODINGS.map((e) => e.name) };

/** The chosen encoding beside the default one, for each of --amo / --card that was given. */
export interface SideBySide {
  option: EncodingKind;
  default: EncodingRow;
  chosen: EncodingRow;
}

export type PuzzleExplanation = Explanation & {
  sideBySide: SideBySide[];
  compare?: Record<EncodingKind, EncodingRow[]> & { defaults: Record<EncodingKind, string> };
};

export function explainPuzzle(puzzle: string, args: Record<string, unknown>, options: { unique: boolean; compare: boolean }): PuzzleExplanation {
  if (isCnfPath(puzzle)) {
    for (const [option, given] of [
      ['amo', args.amo !== undefined],
      ['card', args.card !== undefined],
      ['compare', options.compare],
    ] as const) {
      if (given) throw new UsageError(`--${option} does not apply to a DIMACS file (its clauses are already encoded)`);
    }
  }
  // Every instance built here, compared ones included, carries the family when --unique asks for it.
  const withFamily = (built: Instance) => (options.unique ? (addSymmetryBreaking(built), built) : built);
  const instance = withFamily(buildInstance(puzzle, args));
  const build = (kind: EncodingKind, encoding: string | undefined) => withFamily(buildInstance(puzzle, { ...args, [kind]: encoding }));
  // A DIMACS file has no encodings to choose (--amo, --card and --compare were refused above).
  const defaultOf = (kind: EncodingKind): string => puzzleByName(puzzle).defaults[kind];
  const sideBySide: SideBySide[] = [];
  for (const kind of ['amo', 'card'] as const) {
    if (args[kind] === undefined) continue;
    const chosen = encodingChoice(puzzleByName(puzzle), args)[kind];
    const fallback = defaultOf(kind);
    if (chosen !== fallback)
      sideBySide.push({ option: kind, default: encodingRow(fallback, build(kind, undefined)), chosen: encodingRow(chosen, instance) });
  }
  const table = (kind: EncodingKind) => ENCODINGS[kind].map((e) => encodingRow(e, build(kind, e)));
  const compare = options.compare
    ? { amo: table('amo'), card: table('card'), defaults: { amo: defaultOf('amo'), card: defaultOf('card') } }
    : undefined;
  return { ...explain(instance), sideBySide, ...(compare ? { compare } : {}) };
}
