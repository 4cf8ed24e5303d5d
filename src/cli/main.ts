#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import * as bench from './bench.js';
import * as checkProof from './check-proof.js';
import * as dobble from './dobble.js';
import * as encode from './encode.js';
import * as enumerate from './enumerate.js';
import * as explain from './explain.js';
import * as list from './list.js';
import * as solve from './solve.js';
import * as solvers from './solvers.js';
import * as sweep from './sweep.js';
import { checkNumericOptions } from './options.js';
import { reportError, userMessage } from './common.js';

// A reader that closes the pipe early (`puzzlesat encode ... | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/** `puzzlesat <verb> <puzzle> [options]`: one contract across puzzles. */
await yargs(hideBin(process.argv))
  .scriptName('puzzlesat')
  // Every option value is checked once, here, before any verb starts work.
  .middleware((argv) => {
    try {
      checkNumericOptions(argv);
    } catch (e) {
      reportError(e);
      process.exit();
    }
  })
  .command(solve as never)
  .command(enumerate as never)
  .command(encode as never)
  .command(explain as never)
  .command(list as never)
  .command(solvers as never)
  .command(sweep as never)
  .command(dobble as never)
  .command(bench as never)
  .command(checkProof as never)
  .demandCommand(1, 'name a verb: solve, enumerate, encode, explain, bench, list, solvers, sweep, dobble, check-proof')
  .strict()
  .recommendCommands()
  .fail((msg, err) => {
    // yargs reports usage problems here; one line, exit 1, no stack.
    const text = String(msg ?? err?.message).replace(/:\s*\n\s*/g, ': ').replace(/\s*\n\s*/g, '; ');
    process.stderr.write(`puzzlesat: ${userMessage(text)}\n`);
    process.exit(1);
  })
  .help()
  .version()
  .parseAsync();
