import minisatSource from 'logic-solver/minisat.js?raw';
import type { AmoEncoding } from '../src/card/index.js';
import { dimacsChunks } from '../src/core/dimacs.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { UserError } from '../src/core/errors.js';
import { explain } from '../src/explain/explain.js';
import type { PackingInstance } from '../encoders/packing.js';
import { geniusSquare } from '../encoders/genius-square.js';
import { soma } from '../encoders/polycube.js';
import { polyomino } from '../encoders/polyomino.js';
import { createMinisatAsm } from '../solvers/minisat-asm.js';
import type { FromWorker, PuzzleChoice, ToWorker } from './protocol.js';

/**
 * The solver side of the playground: builds the formula with the library's
 * own encoders, runs the same enumeration loop as the CLI (blocking clauses,
 * cubes, orbits) with logic-solver's MiniSat or dancing links, and streams
 * counts and pictures back to the page.
 */

// The enumerators hand the event loop a turn with setImmediate, which browsers lack.
globalThis.setImmediate ??= ((callback: () => void) => setTimeout(callback, 0)) as unknown as typeof setImmediate;

const post = (message: FromWorker) => (self as unknown as { postMessage(m: FromWorker): void }).postMessage(message);

let loaded: PackingInstance | undefined;
/** Why the last load failed: a run or download then repeats it. */
let loadError = 'no puzzle is loaded';

function build(choice: PuzzleChoice, amo: AmoEncoding | undefined): PackingInstance {
  switch (choice.kind) {
    case 'pentomino':
      return polyomino({ preset: choice.preset, amo }, 'pentomino');
    case 'polyomino':
      return polyomino({ board: choice.board, pieces: choice.pieces, flip: choice.flip, amo });
    case 'soma':
      return soma({ figure: choice.figure, amo });
    case 'genius-square':
      return geniusSquare({ roll: choice.roll, amo });
  }
}

async function run(request: ToWorker & { type: 'run' }, instance: PackingInstance): Promise<void> {
  const start = performance.now();
  const elapsed = () => (performance.now() - start) / 1000;
  let count = 0;
  let raw = 0;
  let lastProgress = 0;
  const onFound = ({ trueVars, orbitSize }: { trueVars: number[]; orbitSize: number }) => {
    const solution = instance.decode(trueVars);
    const problem = instance.check(solution);
    if (problem) throw new Error(`solution ${count + 1} fails the independent check: ${problem}`);
    count++;
    raw += orbitSize;
    if (count <= request.gallery) post({ type: 'solution', index: count, svg: instance.svg?.(solution) ?? '' });
    // Progress at most every 100 ms: a fast enumeration must not flood the page.
    if (performance.now() - lastProgress > 100) {
      lastProgress = performance.now();
      post({ type: 'progress', count, raw, seconds: elapsed() });
    }
  };
  const options = { unique: request.unique, limit: request.limit, onFound };
  const summary =
    request.engine === 'dlx'
      ? await enumerateExactCover(instance, options)
      : await enumerate(instance, { ...options, createSolver: () => createMinisatAsm(minisatSource) });
  post({ type: 'done', count: summary.count, raw: summary.raw, complete: summary.complete, seconds: elapsed() });
}

function dimacs(instance: PackingInstance): void {
  const meta = { puzzle: instance.puzzle, params: instance.params };
  const fileName = `${instance.puzzle}-${String(instance.params.preset ?? instance.params.figure ?? instance.params.roll ?? 'board')}.cnf`.replace(/[^\w.-]+/g, '_');
  post({ type: 'dimacs', fileName, chunks: [...dimacsChunks(instance.cnf, meta)] });
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const request = event.data;
  try {
    if (request.type === 'load') {
      loaded = undefined;
      try {
        loaded = build(request.puzzle, request.amo);
      } catch (e) {
        if (e instanceof UserError) loadError = e.message;
        throw e;
      }
      post({ type: 'loaded', summary: explain(loaded), exactCover: loaded.exactCover !== undefined });
      return;
    }
    if (!loaded) throw new UserError(loadError);
    if (request.type === 'run') await run(request, loaded);
    else dimacs(loaded);
  } catch (e) {
    // A UserError is the user's to fix (e.g. an area mismatch while drawing); anything else is a bug, said as such.
    post({ type: 'error', message: e instanceof UserError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}` });
  }
};
