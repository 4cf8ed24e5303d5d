/**
 * What solver programs print: SAT-competition `s`/`v` lines (streamed, any
 * number of models), MiniSat's result file, and what their exit codes mean.
 */
import { readFile } from 'node:fs/promises';
import type { Status } from '../types.js';

/** A solver's verdict from its exit code; `exhausted` when it has seen the whole search space. */
export interface ExitVerdict {
  status: Status;
  exhausted: boolean;
}

/** SAT-competition exit codes: 10 satisfiable, 20 unsatisfiable, 0 unknown. */
export function competitionExit(code: number): ExitVerdict | undefined {
  if (code === 10) return { status: 'SAT', exhausted: false };
  if (code === 20) return { status: 'UNSAT', exhausted: true };
  if (code === 0) return { status: 'UNKNOWN', exhausted: false };
  return undefined;
}

/**
 * clasp's exit code is a bit mask: 10 a model was found, 20 the search space
 * is exhausted (30 both), +1 interrupted; 33, 65 and 128 are errors.
 */
export function claspExit(code: number): ExitVerdict | undefined {
  const found = code & 10;
  const exhausted = code & 20;
  if (code > 31 || code - found - exhausted > 1 || (found !== 0 && found !== 10) || (exhausted !== 0 && exhausted !== 20)) return undefined;
  const interrupted = (code & 1) === 1;
  return { status: found ? 'SAT' : exhausted && !interrupted ? 'UNSAT' : 'UNKNOWN', exhausted: exhausted !== 0 && !interrupted };
}

const COMPETITION_STATUS: Readonly<Record<string, Status>> = { SATISFIABLE: 'SAT', UNSATISFIABLE: 'UNSAT', UNKNOWN: 'UNKNOWN' };
const MINISAT_STATUS: Readonly<Record<string, Status>> = { SAT: 'SAT', UNSAT: 'UNSAT', INDET: 'UNKNOWN' };

/** Literals written across any number of lines; each 0 closes a model. */
export class LiteralReader {
  private lits: number[] = [];

  constructor(private readonly onModel: (lits: number[]) => void) {}

  /** True when literals were read that no 0 has closed yet: an answer cut short. */
  get unclosed(): boolean {
    return this.lits.length > 0;
  }

  /** The first token that is not a literal, when read() returned false. */
  unreadable: string | undefined;

  /** False when a token is not an integer. */
  read(tokens: string): boolean {
    for (const token of tokens.split(/\s+/)) {
      if (token === '') continue;
      // At most 2^31-1, as in DIMACS: a longer number would lose precision or allocate without end.
      // -0 is no literal, and read as 0 it ended the model in the middle.
      const lit = /^-?\d{1,10}$/.test(token) ? Number(token) : NaN;
      if (!(Math.abs(lit) <= 2 ** 31 - 1) || Object.is(lit, -0)) {
        this.unreadable = token;
        return false;
      }
      if (lit !== 0) {
        this.lits.push(lit);
        continue;
      }
      const model = this.lits;
      this.lits = [];
      this.onModel(model);
    }
    return true;
  }
}

/**
 * SAT-competition output, line by line: `c` comments, `s` status lines (the
 * last one counts; picosat --all also ends with `s SOLUTIONS n`), `v` lines
 * of literals, each model closed by 0.
 */
export class CompetitionOutput {
  status: Status | undefined;
  /** Every status the output stated, to tell a contradiction from a verdict. */
  readonly said = new Set<Status>();
  solutions: number | undefined;
  /** clasp's closing `c Models : n` (`n+` when it stopped before the search space was exhausted). */
  claspModels: { count: number; exhausted: boolean } | undefined;
  /** The first line that is none of those, quoted when the output makes no sense. */
  stray: string | undefined;
  /**
   * The first `v` line with a token that is no literal, by its number (from
   * 1) and that token: the rest of the line is lost, so the model it is in
   * (and, without its 0, the next) cannot be read.
   */
  garbled: { line: number; token: string } | undefined;
  /**
   * The first `v` line after an `s UNSATISFIABLE` line, with that line: no
   * solver prints a model once it has said there is none (cryptominisat5
   * --maxsol's closing UNSATISFIABLE comes after its models), so the answer
   * contradicts itself.
   */
  modelAfterUnsat: { line: number; unsat: number } | undefined;
  /**
   * The first `v` line with no `s SATISFIABLE` before it, when an `s
   * UNSATISFIABLE` follows, with that line: the models a solver prints after
   * saying UNSAT at the end (cryptominisat5 --maxsol) each come after an `s
   * SATISFIABLE`, so a bare model the answer then calls unsatisfiable
   * contradicts it.
   */
  unsatAfterModel: { line: number; unsat: number } | undefined;
  private unsatLine: number | undefined;
  private bareModelLine: number | undefined;
  private satSaid = false;
  private lines = 0;
  private readonly literals: LiteralReader;

  constructor(onModel: (lits: number[]) => void) {
    this.literals = new LiteralReader(onModel);
  }

  /** True when the last model was not closed by 0. */
  get unclosed(): boolean {
    return this.literals.unclosed;
  }

  line(text: string): void {
    this.lines++;
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (trimmed[0] === 'c') {
      const models = /^c\s+Models\s*:\s*(\d+)(\+?)$/.exec(trimmed);
      if (models) this.claspModels = { count: Number(models[1]), exhausted: models[2] === '' };
      return;
    }
    if (trimmed.startsWith('s ')) {
      const said = trimmed.slice(2).trim();
      const solutions = /^SOLUTIONS\s+(\d+)$/.exec(said);
      if (solutions) this.solutions = Number(solutions[1]);
      else if (COMPETITION_STATUS[said]) {
        this.said.add((this.status = COMPETITION_STATUS[said]));
        if (this.status === 'SAT') this.satSaid = true;
        if (this.status === 'UNSAT') this.unsatLine ??= this.lines;
        if (this.status === 'UNSAT' && this.bareModelLine !== undefined) this.unsatAfterModel ??= { line: this.bareModelLine, unsat: this.lines };
      } else this.stray ??= trimmed;
    } else if (trimmed.startsWith('v ') || trimmed === 'v') {
      if (this.unsatLine !== undefined) this.modelAfterUnsat ??= { line: this.lines, unsat: this.unsatLine };
      if (!this.satSaid) this.bareModelLine ??= this.lines;
      if (!this.literals.read(trimmed.slice(1))) {
        this.stray ??= trimmed;
        this.garbled ??= { line: this.lines, token: this.literals.unreadable! };
      }
    } else {
      this.stray ??= trimmed;
    }
  }
}
export interface Answer {
  status: Status | undefined;
  model: number[] | undefined;
  /** What could not be read, to quote. */
  stray: string | undefined;
  /** True when literals follow the last closed model without their 0: the answer was cut short. */
  unclosed?: boolean;
}

/** MiniSat's result file: SAT, UNSAT or INDET on the first line, then the model. Missing when it did not get that far. */
export async function readMinisatResult(file: string): Promise<Answer> {
  let text: string;
  try {
    text = await readFile(file, 'latin1');
  } catch {
    return { status: undefined, model: undefined, stray: undefined };
  }
  return minisatResult(text);
}

function minisatResult(text: string): Answer {
  const newline = text.indexOf('\n');
  const first = (newline < 0 ? text : text.slice(0, newline)).trim();
  const rest = newline < 0 ? '' : text.slice(newline + 1);
  const status = MINISAT_STATUS[first];
  if (status !== 'SAT') return { status, model: undefined, stray: status ? undefined : first };
  const models: number[][] = [];
  const literals = new LiteralReader((lits) => models.push(lits));
  // MiniSat writes one model: text after its 0 is no result of MiniSat's, a second model too (the last one read was taken).
  if (!literals.read(rest) || models.length > 1) return { status: undefined, model: undefined, stray: rest };
  return { status, model: models[0], stray: undefined, ...(literals.unclosed ? { unclosed: true } : {}) };
}

/**
 * Any solver's answer, saved as text: MiniSat's result file, or SAT-competition
 * output (`s` and `v` lines: cadical, kissat, picosat, clasp), which may hold
 * several models (clasp -n 0, picosat --all).
 */
export function readAnswer(text: string): {
  status: Status | undefined;
  models: number[][];
  stray: string | undefined;
  unclosed?: boolean;
  /** True when it states both SAT and UNSAT and no model settles which. */
  contradicts?: boolean;
  /** The first `v` line with a token that is no literal (CompetitionOutput.garbled). */
  garbled?: { line: number; token: string };
  /** The first `v` line after an `s UNSATISFIABLE` (CompetitionOutput.modelAfterUnsat). */
  modelAfterUnsat?: { line: number; unsat: number };
  /** The first `v` line with no `s SATISFIABLE` before it and an `s UNSATISFIABLE` after it (CompetitionOutput.unsatAfterModel). */
  unsatAfterModel?: { line: number; unsat: number };
  /**
   * True when the answer shows the solver saw its whole search space, so
   * that its models are every model: UNSAT, or models followed by the end of
   * an enumeration (cryptominisat5 --maxsol's closing `s UNSATISFIABLE`,
   * picosat --all's `s SOLUTIONS n`, clasp's `c Models : n` without its `+`),
   * n being the models printed. A lone model (cadical, kissat, minisat) is one
   * of perhaps many.
   */
  exhausted?: boolean;
} {
  if (MINISAT_STATUS[text.trimStart().split('\n', 1)[0]!.trim()] !== undefined) {
    const answer = minisatResult(text.trimStart());
    return {
      status: answer.status,
      models: answer.model ? [answer.model] : [],
      stray: answer.stray,
      ...(answer.unclosed ? { unclosed: true } : {}),
      ...(answer.status === 'UNSAT' ? { exhausted: true } : {}),
    };
  }
  const models: number[][] = [];
  const output = new CompetitionOutput((lits) => models.push(lits));
  for (const line of text.split('\n')) output.line(line);
  // A model makes the answer SAT whatever status line comes last: picosat --all
  // ends with `s SOLUTIONS n`, cryptominisat5 --maxsol with `s UNSATISFIABLE`
  // (no further model); every model is checked against the clauses anyway.
  // picosat --all on an unsatisfiable formula prints `s SOLUTIONS 0` and nothing else: no model, none to find.
  const status = models.length > 0 ? 'SAT' : output.solutions === 0 ? (output.status ?? 'UNSAT') : output.status;
  const contradicts = models.length === 0 && output.said.has('SAT') && output.said.has('UNSAT') ? { contradicts: true } : {};
  const n = models.length;
  const ranOut =
    n > 0 && (output.status === 'UNSAT' || output.solutions === n || (output.claspModels?.exhausted === true && output.claspModels.count === n));
  const exhausted = status === 'UNSAT' || ranOut ? { exhausted: true } : {};
  const garbled = output.garbled ? { garbled: output.garbled } : {};
  const afterUnsat = output.modelAfterUnsat ? { modelAfterUnsat: output.modelAfterUnsat } : {};
  const afterModel = output.unsatAfterModel ? { unsatAfterModel: output.unsatAfterModel } : {};
  return {
    status,
    models,
    stray: output.stray,
    ...(output.unclosed ? { unclosed: true } : {}),
    ...contradicts,
    ...exhausted,
    ...garbled,
    ...afterUnsat,
    ...afterModel,
  };
}

/** The true variables of the first model in a saved answer (see readAnswer); empty when there is none. */
export function trueVariables(text: string): Set<number> {
  return new Set((readAnswer(text).models[0] ?? []).filter((lit) => lit > 0));
}
