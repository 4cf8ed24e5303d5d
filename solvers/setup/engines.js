// One line per use (enumerate, as `npm start` does; a single solve): the
// in-process engine it gets here, and why each faster one was passed over.
import { IN_PROCESS_DEFAULTS, SOLVERS, defaultSolverName, loadWasmSolvers } from '../../dist/solvers/index.js';

await loadWasmSolvers();
for (const [use, label] of [
  ['enumerate', 'npm start and enumerate use'],
  ['solve', 'a single solve uses'],
]) {
  const chosen = defaultSolverName(use);
  const candidates = IN_PROCESS_DEFAULTS[use];
  const passedOver = candidates
    .slice(0, candidates.indexOf(chosen))
    .map((name) => `${name}: ${SOLVERS.find((f) => f.name === name).available().reason}`);
  console.log(`setup: ${label} ${chosen}${passedOver.length ? ` (${passedOver.join('; ')})` : ''}`);
}
