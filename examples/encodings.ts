/**
 * Writing your own encodings: rules as formulas, a budget as a weighted sum,
 * a solver object asked under assumptions (and for the reason it says no),
 * and the best plan by a weighted sum. Run it from the repository with
 * `npm run build && npx tsx examples/encodings.ts`; test/package.test.ts runs
 * it against the npm package.
 */
import { Formula, atMostWeighted, explain, iff, implies, maximize, not, openSolver, or, satisfy } from 'puzzlesat';

// A weekend: what each activity costs, and how much fun it is.
const price: Record<string, number> = { concert: 25, cinema: 10, hike: 0, museum: 15, dinner: 20 };
const fun: Record<string, number> = { concert: 5, cinema: 2, hike: 3, museum: 2, dinner: 4 };
const activities = Object.keys(price);

const f = new Formula();
satisfy(f, implies('concert', not('cinema'))); // both are in the evening
satisfy(f, or('hike', 'museum')); // something by day
satisfy(f, iff('dinner', or('concert', 'cinema'))); // dinner out exactly when going out
atMostWeighted(
  f,
  activities,
  activities.map((a) => price[a]!),
  55,
); // the budget
for (const family of explain(f).families) console.log(`${family.name}: ${family.clauses} clauses, ${family.auxVars} auxiliary`);

// One solver, asked twice: the concert and the museum together are over budget, and why.
const s = await openSolver(f);
console.log(await s.solve({ assumptions: ['concert', 'museum'] }), (await s.core({ minimal: true })).join(' and '));
console.log(await s.solve({ assumptions: ['concert'] }), s.model?.trueNames.join(' '));
s.close();

// The most fun within the rules, proved best.
const best = await maximize(
  f,
  activities,
  activities.map((a) => fun[a]!),
);
console.log(best.status, best.solutions[0]?.value, best.solutions[0]?.model.trueNames.join(' '));
