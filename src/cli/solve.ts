import { writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { type DimacsFormula, instanceFromDimacs } from '../core/dimacs.js';
import { UserError } from '../core/errors.js';
import { pickSolver } from '../../solvers/index.js';
import { colorWanted } from '../render/grid.js';
import { writeDrawing } from '../render/png.js';
import { SatSolver } from '../session/solver.js';
import { BRANCHING_RULES, applyBranching, parseBranching } from '../enumerate/blocking-loop.js';
import { buildInstance, isCnfPath, readDimacsSource } from '../../encoders/index.js';
import { type Certificate, pickProver, proofSolverNames, writesProofs } from '../proof/certify.js';
import { type Args, commonOptions, guarded, puzzleOptions, seconds } from './common.js';
import { progressWanted, startProgress } from './progress.js';

/** A time limit of about 30 years: no limit in practice. */
const UNREACHED_SECONDS = 1e9;

export const command = 'solve <puzzle>';
export const describe = 'find one solution of a puzzle, or solve any DIMACS file';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name, a .cnf file, or - for DIMACS on standard input' })
    .option('svg', { type: 'string', describe: 'also draw the solution as SVG into FILE' })
    .option('png', { type: 'string', describe: 'also draw the solution as PNG into FILE' })
    .option('sat-exit-codes', { type: 'boolean', describe: 'exit 10 when SAT, 20 when UNSAT (SAT-competition style)' })
    .option('proof', { type: 'string', describe: 'write a DRAT proof of an UNSAT answer to FILE (solvers that write proofs: cadical, cadical-wasm)' })
    .option('certify', { type: 'boolean', describe: 'check an UNSAT answer with a DRAT proof (our checker) or fail' })
    .option('branching', { type: 'string', choices: BRANCHING_RULES, describe: 'SAT decisions (default cover where the puzzle and solver allow)' })
    .group(['svg', 'png', 'sat-exit-codes', 'proof'], 'Output:')
    .group(['certify', 'branching'], 'Solving:')
    .example('$0 solve pentomino --preset 8x8-square --png board.png', 'one tiling, drawn on the terminal and into board.png')
    .example('$0 solve examples/unsat.cnf --solver cadical --certify', 'any DIMACS file, its UNSAT answer checked by a DRAT proof');

export const handler = (args: Args) =>
  guarded(async () => {
    // yargs hands a lone "-" over as an empty string.
    const puzzle = args.puzzle === '' && process.argv.includes('-') ? '-' : String(args.puzzle);
    const formula = puzzle === '-' || isCnfPath(puzzle) ? readDimacsSource(puzzle, args) : undefined;
    const instance = formula ? instanceFromDimacs(formula, puzzle === '-' ? '<stdin>' : puzzle) : buildInstance(puzzle, args);
    const branching = parseBranching(args.branching);
    const start = performance.now();
    const proofFile = args.proof === undefined ? undefined : String(args.proof);
    // A proof file needs a solver that writes one; otherwise exact-cover puzzles get the branching solver.
    const factory = await pickSolver(args.solver, instance.branchingFamily && proofFile === undefined ? 'solve-exact-cover' : 'solve');
    const certify = args.certify === true;
    // The answering solver's own proof when it writes one; else --certify re-solves with one that does.
    const ownProof = (proofFile !== undefined || certify) && writesProofs(factory);
    if (proofFile !== undefined && !ownProof) {
      throw new UserError(
        `--proof: ${factory.name} does not write DRAT proofs; solvers that do: ${proofSolverNames().join(', ') || 'none can run here'}`,
      );
    }
    // Fails before the solve when no solver here can re-solve for a proof.
    if (certify && !ownProof) pickProver('--certify');
    const session = new SatSolver(instance.cnf, factory.create(), { proof: ownProof, instance });
    applyBranching(instance, session.engine, branching);
    let certificate: Certificate | undefined;
    const progress = startProgress(args, { unit: 'conflicts', who: session.name });
    // The spinner reads the solver's conflict count between its slices of search; an engine
    // only slices (and lets the timer run) under a time limit, hence a limit nobody reaches.
    const heartbeat = setInterval(() => progress.update(session.stats().conflicts ?? 0), 250);
    const timeoutSeconds = (args.timeout as number | undefined) ?? (progressWanted(args) ? UNREACHED_SECONDS : undefined);
    let status;
    let model: number[];
    let solution: unknown;
    try {
      try {
        status = await session.solve({ timeout: timeoutSeconds });
      } finally {
        clearInterval(heartbeat);
        progress.stop();
      }
      if (status === 'UNSAT' && proofFile !== undefined) writeProof(proofFile, session.proof().bytes);
      if (status === 'UNSAT' && certify) certificate = await session.certify('--certify');
      model = session.model?.literals ?? [];
      // Decoded and checked by the puzzle's own checker.
      solution = session.solution;
    } finally {
      session.close();
    }
    for (const format of ['svg', 'png'] as const) {
      if (args[format] === undefined || solution === undefined) continue;
      if (!instance.svg) throw new UserError(`--${format}: ${puzzle} has no drawing`);
      writeDrawing(String(args[format]), instance.svg(solution), format);
    }
    const file = formula !== undefined;
    const summary = {
      status,
      puzzle,
      params: instance.params,
      count: status === 'SAT' ? 1 : 0,
      complete: status !== 'UNKNOWN',
      vars: instance.cnf.varCount,
      clauses: instance.cnf.clauseCount,
      solver: session.name,
      seconds: seconds(start),
      ...(certify ? { certified: status !== 'UNKNOWN', ...(certificate ? { proof: proofSummary(certificate) } : {}) } : {}),
      ...(formula ? { model, ...trueNamesOf(formula, model) } : { solution: solution === undefined ? null : instance.toJson(solution) }),
    };
    if (args.json) process.stdout.write(JSON.stringify(summary) + '\n');
    else if (file) process.stdout.write((certificate ? `c ${certificateLine(certificate)}\n` : '') + competitionFormat(status, model));
    else {
      if (solution !== undefined) process.stdout.write(instance.render(solution, { color: colorWanted(process.stdout) }) + '\n');
      process.stdout.write(
        `${status} in ${summary.seconds.toFixed(2)} s with ${summary.solver} [${summary.vars} vars, ${summary.clauses} clauses]\n`,
      );
      if (certificate) process.stdout.write(`${certificateLine(certificate)}\n`);
    }
    if (!args['sat-exit-codes']) return 0;
    return status === 'SAT' ? 10 : status === 'UNSAT' ? 20 : 0;
  });

function writeProof(file: string, bytes: Uint8Array): void {
  try {
    writeFileSync(file, bytes);
  } catch (e) {
    throw new UserError(`--proof: cannot write "${file}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

export function proofSummary(c: Certificate): { status: string; prover: string; lemmas: number; needed: number } {
  return { status: c.check.status, prover: c.prover, lemmas: c.check.additions, needed: c.check.coreLemmas };
}

export function certificateLine(c: Certificate): string {
  return `UNSAT VERIFIED: a DRAT proof from ${c.prover} checks (${c.check.coreLemmas} of ${c.check.additions} lemmas needed)`;
}

/** The SAT-competition answer: an `s` line and the model in `v` lines. */
export function competitionFormat(status: string, model: readonly number[]): string {
  const s = { SAT: 'SATISFIABLE', UNSAT: 'UNSATISFIABLE', UNKNOWN: 'UNKNOWN' }[status] ?? 'UNKNOWN';
  let out = `s ${s}\n`;
  if (status === 'SAT') {
    for (let i = 0; i < model.length; i += 16) out += `v ${model.slice(i, i + 16).join(' ')}\n`;
    out += 'v 0\n';
  }
  return out;
}

/** The names of the true variables, when the file names its variables (`c var N name`). */
function trueNamesOf(formula: DimacsFormula, model: readonly number[]): { trueNames?: string[] } {
  if (formula.names.size === 0) return {};
  return { trueNames: model.filter((lit) => lit > 0 && formula.names.has(lit)).map((v) => formula.names.get(v)!) };
}
