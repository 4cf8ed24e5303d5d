/**
 * The solver programs puzzlesat knows: how to call each for one solve (and
 * for native enumeration where it has it), and what its output looks like.
 * Adding a solver is adding an entry here.
 */
import type { ProofProducer } from '../types.js';
import { type ExitVerdict, claspExit, competitionExit } from './output.js';

export type ProofFormat = ReturnType<ProofProducer['takeProof']>['format'];

export interface ExternalSolverSpec {
  /** The --solver name. */
  name: string;
  /** The program, looked up on PATH. */
  binary: string;
  description: string;
  /** Arguments that make it print its version, and where the version is in that output. */
  version?: { args: readonly string[]; pattern: RegExp };
  /** Arguments for one solve; `resultFile` is for solvers that write their answer to a file. */
  solveArgs(cnfFile: string, resultFile: string): string[];
  /** 'competition': `s`/`v` lines on stdout. 'minisat': SAT/UNSAT/INDET and the model in the result file. */
  output: 'competition' | 'minisat';
  exitVerdict(code: number): ExitVerdict | undefined;
  /** Arguments for a solve when many short ones follow (the leaves of a cube tree): set-up per run kept cheap. */
  cubeArgs?(cnfFile: string, resultFile: string): string[];
  /** Native enumeration, when the program has it: arguments for a run that prints every model. */
  native?: { projects: boolean; args(cnfFile: string, limit: number | undefined): string[] };
  /** Arguments for a run on an incremental (`p inccnf`) file of cubes, when the program reads those: see CubeBatchSolver. */
  cubeBatch?(cnfFile: string): string[];
  /** Arguments for a solve that also writes a DRAT proof to `proofFile`, when the program can. */
  proofArgs?(cnfFile: string, proofFile: string, format: ProofFormat): string[];
}

/** --maxsol for "all": the largest count cryptominisat5 takes. */
const MAX_SOLUTIONS = 2 ** 31 - 1;

export const EXTERNAL_SPECS: readonly ExternalSolverSpec[] = [
  {
    name: 'minisat',
    binary: 'minisat',
    description: 'MiniSat 2.2, the minisat program on PATH (writes its answer to a file)',
    solveArgs: (cnf, result) => ['-verb=0', cnf, result],
    // Its preprocessing costs about 80 ms a run on a pentomino formula, where a cube's solve takes a few.
    cubeArgs: (cnf, result) => ['-verb=0', '-no-pre', cnf, result],
    output: 'minisat',
    exitVerdict: competitionExit,
  },
  {
    name: 'cadical',
    binary: 'cadical',
    description: 'CaDiCaL, the cadical program on PATH; takes a batch of cubes in one run (p inccnf), so enumerating costs a run per model',
    version: { args: ['--version'], pattern: /^\s*(\S+)/ },
    solveArgs: (cnf) => ['-q', cnf],
    cubeBatch: (cnf) => ['-q', cnf],
    output: 'competition',
    exitVerdict: competitionExit,
    // cadical writes binary DRAT unless told otherwise.
    proofArgs: (cnf, proof, format) => ['-q', ...(format === 'drat-text' ? ['--no-binary'] : []), cnf, proof],
  },
  {
    name: 'cryptominisat5',
    binary: 'cryptominisat5',
    description:
      'CryptoMiniSat 5, the cryptominisat5 program on PATH; enumerates projected models natively (--maxsol, projection from the c ind lines)',
    version: { args: ['--version'], pattern: /version\s+(\S+)/i },
    solveArgs: (cnf) => ['--verb', '0', cnf],
    output: 'competition',
    exitVerdict: competitionExit,
    // Each model found is banned on the `c ind` variables only, so models are distinct on the projection.
    native: { projects: true, args: (cnf, limit) => ['--verb', '0', '--maxsol', String(limit ?? MAX_SOLUTIONS), cnf] },
  },
  {
    name: 'picosat',
    binary: 'picosat',
    description: 'PicoSAT, the picosat program on PATH; enumerates with --all (no projection: only when every variable is projected)',
    version: { args: ['--version'], pattern: /^\s*(\S+)/ },
    solveArgs: (cnf) => [cnf],
    output: 'competition',
    exitVerdict: competitionExit,
    native: { projects: false, args: (cnf) => ['--all', cnf] },
  },
  {
    name: 'clasp',
    binary: 'clasp',
    description: 'clasp (Potassco), the clasp program on PATH; enumerates projected models natively (-n 0 --project)',
    version: { args: ['--version'], pattern: /clasp version\s+(\S+)/i },
    solveArgs: (cnf) => ['-V0', cnf],
    output: 'competition',
    exitVerdict: claspExit,
    // crafty with solution recording: 65 classes of the 8x8 board with the centre hole in 15 cubes took 3.2 CPU s against 6.3 by default, 6x10's 2339 in 7 cubes 52 against 394.
    native: {
      projects: true,
      args: (cnf, limit) => ['-V0', '-n', String(limit ?? 0), '--project', '--parse-ext', '--configuration=crafty', '--enum-mode=record', cnf],
    },
  },
  {
    name: 'kissat',
    binary: 'kissat',
    description: 'Kissat, the kissat program on PATH',
    version: { args: ['--version'], pattern: /^\s*(\S+)/ },
    solveArgs: (cnf) => ['-q', cnf],
    output: 'competition',
    exitVerdict: competitionExit,
  },
];
