/**
 * puzzlesat as a library, in a dozen lines each: a formula with named
 * variables, its DIMACS text, a solve, and every tiling of a board and piece
 * set of your own. Run it from the repository with `npm run build && npx tsx
 * examples/quickstart.ts`; test/package.test.ts runs it against the npm package.
 */
import { Formula, atMostOne, enumerate, puzzles, solve, toDimacs } from 'puzzlesat';

// Exactly one of three colours may be chosen, red is out, and red or blue is in.
const f = new Formula();
const [red, green, blue] = ['red', 'green', 'blue'].map((name) => f.vars.id(name));
atMostOne(f, [red!, green!, blue!]);
f.add([-red!]);
f.add([red!, blue!]);
console.log(toDimacs(f).split('\n')[0]);

const { status, model } = await solve(f, { timeout: 10 });
console.log(status, model?.trueNames.join(' '), `(${f.vars.name(blue!)} is ${model?.value('blue')})`);

// A 4x3 rectangle ('.' is a cell) tiled by two L-trominoes named L and two drawn inline as Q:
// every tiling, and the classes under the board's symmetries.
const board = puzzles.polyomino({ board: '..../..../....', pieces: 'L3,L3,Q=##/#.,Q=##/#.' });
let tilings = 0;
for await (const { solution } of enumerate(board)) {
  if (tilings++ === 0) console.log(board.render(solution, { color: false }));
}
let classes = 0;
for await (const _ of enumerate(board, { unique: true })) classes++;
console.log(`${tilings} tilings, ${classes} up to symmetry`);
