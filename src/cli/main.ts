#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import * as checkProof from './check-proof.js';
import * as decode from './decode.js';
import * as dobble from './dobble.js';
import * as encode from './encode.js';
import * as enumerate from './enumerate.js';
import * as explain from './explain.js';
import * as list from './list.js';
import * as solve from './solve.js';
import * as solvers from './solvers.js';
import * as sweep from './sweep.js';
import * as worker from './worker.js';

// A reader that closes the pipe early (`puzzlesat encode ... | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/**
 * The bench verb runs the repository's bench/ suite, which the npm package
 * does not ship: it is offered only where that suite was built.
 */
const benchSuite = new URL('../../bench/encodings.js', import.meta.url);
const bench = existsSync(fileURLToPath(benchSuite)) ? await import('./bench.js') : undefined;

/** `puzzlesat <verb> <puzzle> [options]`: one contract across puzzles. */
await yargs(hideBin(process.argv))
  .scriptName('puzzlesat')
  .command(solve as never)
  .command(enumerate as never)
  .command(encode as never)
  .command(decode as never)
  .command(explain as never)
  .command(list as never)
  .command(solvers as never)
  .command(sweep as never)
  .command(dobble as never)
  .command((bench ?? []) as never)
  .command(worker as never)
  .command(checkProof as never)
  .demandCommand(1, 'name a verb: solve, enumerate, encode, decode, explain, bench, list, solvers, sweep, dobble, check-proof, worker')
  .strict()
  .recommendCommands()
  .fail((msg, err) => {
    // yargs reports usage problems here; one line, exit 1, no stack.
    const text = String(msg ?? err?.message).replace(/:\s*\n\s*/g, ': ').replace(/\s*\n\s*/g, '; ');
    process.stderr.write(`puzzlesat: ${text}\n`);
    process.exit(1);
  })
  .help()
  .version()
  .parseAsync();
