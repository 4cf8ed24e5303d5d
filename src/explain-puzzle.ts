import { buildInstance, encodingChoice, isCnfPath, knownOptions, puzzleByName } from '../encoders/index.js';
import { AMO_ENCODINGS, CARD_ENCODINGS } from './card/index.js';
import { callOptions } from './core/call-options.js';
import { UsageError } from './core/errors.js';
import { fieldName } from './core/field-names.js';
import { type EncodingKind, type Instance, encodingKinds, summaryPuzzle } from './core/puzzle.js';
import { PB_ENCODINGS } from './pb/index.js';
import { refuseUniqueOnFormula, refuseUniqueWithoutSymmetries } from './plan.js';
import { addSymmetryBreaking } from './symmetry/breaking.js';
import { type EncodingRow, type Explanation, encodingRow, explain } from './explain/explain.js';

/**
 * What `puzzlesat explain` tells: the puzzle's families (explain.ts), each
 * encoding given beside the puzzle's default, and with `compare` the size
 * under every encoding the puzzle reads. It builds instances by name, so it
 * sits above the encoders, unlike src/explain/, which they use.
 */
const ENCODINGS: Record<EncodingKind, readonly string[]> = {
  amo: AMO_ENCODINGS.map((e) => e.name),
  card: CARD_ENCODINGS.map((e) => e.name),
  pb: PB_ENCODINGS.map((e) => e.name),
};

/** The chosen encoding beside the default one, for each of --amo / --card / --pb that was given. */
export interface SideBySide {
  option: EncodingKind;
  default: EncodingRow;
  chosen: EncodingRow;
}

export type PuzzleExplanation = Explanation & {
  sideBySide: SideBySide[];
  /** A table for each encoding option the puzzle reads. */
  compare?: Partial<Record<EncodingKind, EncodingRow[]>> & { defaults: Partial<Record<EncodingKind, string>> };
};

/** The puzzle explained as it is built: no symmetry-breaking family, no table of every encoding, unless `options` asks. */
export function explainPuzzle(
  puzzle: string,
  args: Record<string, unknown> = {},
  asked: { unique?: boolean; compare?: boolean } = {},
): PuzzleExplanation {
  // Checked as every library call's options are: { unique: 'yes' } is refused, not read as false.
  const checked = callOptions('explainPuzzle', asked, { unique: true, compare: true });
  // The puzzle's options as puzzles.byName checks them: null options crashed, a typo (prest) or maxCells was ignored.
  args = knownOptions('explainPuzzle', puzzle, args);
  const options = { unique: checked.unique === true, compare: checked.compare === true };
  refuseUniqueOnFormula(puzzle, options.unique);
  if (isCnfPath(puzzle)) {
    for (const [option, given] of [
      ['amo', args.amo !== undefined],
      ['card', args.card !== undefined],
      ['pb', args.pb !== undefined],
      ['compare', options.compare],
    ] as const) {
      if (given) throw new UsageError(`${fieldName(option)} does not apply to a DIMACS file (its clauses are already encoded)`);
    }
  }
  // Every instance built here, compared ones included, carries the family when --unique asks for it.
  const withFamily = (built: Instance) => (options.unique ? (addSymmetryBreaking(built), built) : built);
  const instance = withFamily(buildInstance(puzzle, args));
  refuseUniqueWithoutSymmetries(instance, puzzle, options.unique);
  const build = (kind: EncodingKind, encoding: string | undefined) => withFamily(buildInstance(puzzle, { ...args, [kind]: encoding }));
  // A DIMACS file has no encodings to choose (--amo, --card, --pb and --compare were refused above).
  const defaultOf = (kind: EncodingKind): string => puzzleByName(puzzle).defaults[kind]!;
  // Only the encodings the puzzle reads (buildInstance has refused the others).
  const kinds = isCnfPath(puzzle) ? [] : encodingKinds(puzzleByName(puzzle));
  const sideBySide: SideBySide[] = [];
  for (const kind of kinds) {
    if (args[kind] === undefined) continue;
    const chosen = encodingChoice(puzzleByName(puzzle), args)[kind]!;
    const fallback = defaultOf(kind);
    if (chosen !== fallback)
      sideBySide.push({ option: kind, default: encodingRow(fallback, build(kind, undefined)), chosen: encodingRow(chosen, instance) });
  }
  const table = (kind: EncodingKind) => ENCODINGS[kind].map((e) => encodingRow(e, build(kind, e)));
  const compare = options.compare
    ? { ...Object.fromEntries(kinds.map((k) => [k, table(k)])), defaults: Object.fromEntries(kinds.map((k) => [k, defaultOf(k)])) }
    : undefined;
  return { ...explain(instance), puzzle: summaryPuzzle(instance, puzzle), sideBySide, ...(compare ? { compare } : {}) };
}
