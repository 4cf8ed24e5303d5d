#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import * as dobble from './dobble.js';
import * as encode from './encode.js';
import * as enumerate from './enumerate.js';
import * as explain from './explain.js';
import * as list from './list.js';
import * as solve from './solve.js';
import * as solvers from './solvers.js';
import * as sweep from './sweep.js';

/** `puzzlesat <verb> <puzzle> [options]`: one contract across puzzles. */
await yargs(hideBin(process.argv))
  .scriptName('puzzlesat')
  .command(solve as never)
  .command(enumerate as never)
  .command(encode as never)
  .command(explain as never)
  .command(list as never)
  .command(solvers as never)
  .command(sweep as never)
  .command(dobble as never)
  .demandCommand(1, 'name a verb: solve, enumerate, encode, list, solvers')
  .strict()
  .recommendCommands()
  .fail((msg, err) => {
    // yargs reports usage problems here; one line, exit 1, no stack.
    process.stderr.write(`puzzlesat: ${msg ?? err?.message}\n`);
    process.exit(1);
  })
  .help()
  .version()
  .parseAsync();
