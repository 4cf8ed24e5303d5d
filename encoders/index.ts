import { existsSync } from 'node:fs';
import { parseAmo, parseCard } from '../src/card/index.js';
import { parsePb } from '../src/pb/index.js';
import { type DimacsFormula, clauseCount, dimacsClauses, instanceFromDimacs, readDimacsFile } from '../src/core/dimacs.js';
import { UsageError, UserError, didYouMean } from '../src/core/errors.js';
import { camelField, fieldName } from '../src/core/field-names.js';
import { limitsFromOptions, withSizeLimits } from '../src/core/limits.js';
import { type EncodingChoice, type Instance, type PuzzleEntry, encodingKinds } from '../src/core/puzzle.js';
import { addSymmetryBreaking } from '../src/symmetry/breaking.js';
import { DOBBLE_PUZZLE } from './dobble.js';
import { GENIUS_SQUARE_PUZZLE } from './genius-square.js';
import { KNAPSACK_PUZZLE } from './knapsack.js';
import { POLYCUBE_PUZZLE, SOMA_PUZZLE } from './polycube.js';
import { PENTOMINO_PUZZLE, POLYOMINO_PUZZLE } from './polyomino.js';
import { POLYFORM_PUZZLE } from './polyform.js';

/** The puzzles by name; each entry lives in its encoder module. */
export const PUZZLES: readonly PuzzleEntry[] = [
  PENTOMINO_PUZZLE,
  POLYOMINO_PUZZLE,
  SOMA_PUZZLE,
  POLYCUBE_PUZZLE,
  POLYFORM_PUZZLE,
  GENIUS_SQUARE_PUZZLE,
  DOBBLE_PUZZLE,
  KNAPSACK_PUZZLE,
];

export function puzzleByName(name: string): PuzzleEntry {
  const p = PUZZLES.find((x) => x.name === name);
  // yargs hands "-" over as an empty string: standard input, which holds a formula only solve reads.
  if (name === '' || name === '-')
    throw new UsageError(`"-" (a DIMACS formula on standard input) is read by solve only; name a puzzle: ${PUZZLES.map((x) => x.name).join(', ')}`);
  if (!p)
    throw new UsageError(
      `unknown puzzle "${name}"${didYouMean(
        name,
        PUZZLES.map((x) => x.name),
      )}; choose one of: ${PUZZLES.map((x) => x.name).join(', ')} (or give a .cnf file)`,
    );
  return p;
}

/** The options that reach the encoders: every puzzle's own, the encodings and the size guards (the same names on the command line and in a plan). */
export const PUZZLE_ARG_NAMES: ReadonlySet<string> = new Set([
  'amo',
  'card',
  'pb',
  'max-cells',
  'max-placements',
  'max-vars',
  'max-literals',
  ...PUZZLES.flatMap((p) => p.options.map((o) => o.name)),
]);

/** The options among `args` that reach the encoders, by value (yargs' extras and camelCase twins left out). */
export function puzzleArgsOf(args: Record<string, unknown>): Record<string, string | number | boolean> {
  const picked: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(args))
    if (PUZZLE_ARG_NAMES.has(name) && value !== undefined) picked[name] = value as string | number | boolean;
  return picked;
}

/** What a puzzle that does not read an encoding option lacks. */
const UNREAD = { amo: 'at-most-one constraints', card: 'at-most-k constraints', pb: 'weighted sums' } as const;

/** --amo / --card / --pb as given, else the puzzle's own defaults; --pb only where the puzzle has weighted sums. */
export function encodingChoice(entry: PuzzleEntry, args: Record<string, unknown>): EncodingChoice {
  for (const kind of ['amo', 'card', 'pb'] as const)
    if (args[kind] !== undefined && !encodingKinds(entry).includes(kind))
      throw new UsageError(`${fieldName(kind)} does not apply to ${entry.name} (it has no ${UNREAD[kind]})`);
  return {
    amo: args.amo === undefined ? entry.defaults.amo : parseAmo(String(args.amo), fieldName('amo')),
    card: args.card === undefined ? entry.defaults.card : parseCard(String(args.card), fieldName('card')),
    ...(entry.defaults.pb === undefined ? {} : { pb: args.pb === undefined ? entry.defaults.pb : parsePb(String(args.pb), fieldName('pb')) }),
  };
}

/**
 * The options with --amo filled in for an enumeration whose engine will
 * propagate the puzzle's exactly-one groups natively, where the puzzle
 * declares an encoding for that; otherwise as given.
 */
export function withNativeEnumerationAmo(puzzle: string, args: Record<string, unknown>): Record<string, unknown> {
  if (args.amo !== undefined || isCnfPath(puzzle)) return args;
  const amo = puzzleByName(puzzle).defaults.nativeEnumerationAmo;
  return amo === undefined ? args : { ...args, amo };
}

/** A DIMACS file is given where a puzzle name would be. */
export const isCnfPath = (puzzle: string): boolean =>
  /\.(cnf|dimacs)(\.txt)?(\.gz|\.xz)?$/i.test(puzzle) || (puzzle.includes('/') && existsSync(puzzle));

/**
 * The instance named by a puzzle (or a DIMACS file) and options spelled as on
 * the command line; an option that the puzzle does not read is an error. The
 * size guards the options give (--max-cells, ...) hold for this build alone,
 * in this thread or a worker's; options that name none leave those in force.
 */
export function buildInstance(puzzle: string, args: Record<string, unknown>): Instance {
  return withSizeLimits(limitsFromOptions(args), () => builtInstance(puzzle, args));
}

function builtInstance(puzzle: string, args: Record<string, unknown>): Instance {
  if (puzzle === '-' || isCnfPath(puzzle)) {
    // A formula comes whole: a puzzle's option given with it would be silently ignored.
    const unread = [...PUZZLES.flatMap((p) => p.options.map((o) => o.name)), 'amo', 'card', 'pb'].find((name) => args[name] !== undefined);
    if (unread)
      throw new UsageError(
        `${fieldName(camelField(unread))} does not apply to a DIMACS formula (${puzzle === '-' ? '<stdin>' : puzzle}): it is read as it is`,
      );
    return instanceFromDimacs(readDimacsFile(puzzle), puzzle === '-' ? '<stdin>' : puzzle);
  }
  const entry = puzzleByName(puzzle);
  const mine = new Set(entry.options.map((o) => o.name));
  for (const p of PUZZLES) {
    for (const o of p.options) {
      if (!mine.has(o.name) && args[o.name] !== undefined) throw new UsageError(`${fieldName(camelField(o.name))} does not apply to ${puzzle}`);
    }
  }
  // yargs checks choices on the command line; values it never saw (library callers, worker threads) are checked here.
  for (const o of entry.options) {
    const value = args[o.name];
    if (o.choices && value !== undefined && !o.choices.includes(String(value)))
      throw new UserError(`${fieldName(camelField(o.name))}: "${String(value)}" is not one of ${o.choices.join(', ')}`);
  }
  return entry.build({ ...args, ...encodingChoice(entry, args) });
}

/**
 * The instance a DIMACS file describes, to read a solver's model back as a
 * solution: the puzzle of its `c puzzle` line rebuilt from its `c param`
 * lines when it names one, and only when the rebuilt formula is the file's
 * clause for clause; otherwise the file as a plain formula.
 */
export function instanceOfDimacs(f: DimacsFormula, source: string): Instance {
  const plain = instanceFromDimacs(f, source);
  const entry = f.puzzle === undefined ? undefined : PUZZLES.find((p) => p.name === f.puzzle);
  if (!entry) return plain;
  let rebuilt: Instance;
  try {
    rebuilt = entry.build({
      ...argsFromParams(entry, f.params),
      ...encodingChoice(entry, { amo: f.params.get('amo'), card: f.params.get('card'), pb: f.params.get('pb') }),
    });
    // encode --unique says so in the header: the file then holds the symmetry-breaking family.
    if (f.params.get('unique') === 'true') addSymmetryBreaking(rebuilt);
  } catch (e) {
    throw new UserError(`${source}: cannot rebuild ${entry.name} from its header: ${(e as Error).message}`);
  }
  const differs = formulaDifference(rebuilt, f);
  if (differs)
    throw new UserError(
      `${source}: ${entry.name} rebuilt from its header differs from the file (${differs}); was it edited, or written by another version?`,
    );
  return rebuilt;
}

/** The options recorded in a header, typed as the entry declares them. */
function argsFromParams(entry: PuzzleEntry, params: ReadonlyMap<string, string>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const o of entry.options) {
    if (o.param === false) continue;
    const value = params.get(o.param ?? camelField(o.name));
    if (value !== undefined) args[o.name] = o.type === 'number' ? Number(value) : o.type === 'boolean' ? value === 'true' : value;
  }
  return args;
}

/** Where an instance's formula and a file's differ, or undefined when they are the same clause for clause. */
function formulaDifference(instance: Instance, f: DimacsFormula): string | undefined {
  const cnf = instance.cnf;
  if (cnf.varCount !== f.vars) return `${cnf.varCount} variables, not ${f.vars}`;
  if (cnf.clauseCount !== clauseCount(f)) return `${cnf.clauseCount} clauses, not ${clauseCount(f)}`;
  const theirs = dimacsClauses(f);
  let i = 0;
  for (const ours of cnf.clauses()) {
    const clause = theirs.next().value!;
    i++;
    if (ours.length !== clause.length || ours.some((lit, j) => lit !== clause[j])) return `clause ${i}`;
  }
  return undefined;
}
