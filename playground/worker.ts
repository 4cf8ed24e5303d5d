import {
  type AmoEncoding,
  type Deck,
  type DobbleSheetOptions,
  type PackingInstance,
  UserError,
  algebraicDeck,
  checkDeck,
  checkedSolution,
  countedCover,
  deckProblem,
  dimacsChunks,
  dobbleInstance,
  enumeratePart,
  explain,
  geniusSquareInstance,
  localPlan,
  nameDeck,
  planeSize,
  polyformInstance,
  polyominoInstance,
  renderDobblePages,
  solveOnce,
  somaInstance,
} from '../src/index.js';
import { capabilitiesOf, createSolver, loadEngines } from './engines.js';
import { deckNames } from './symbol-list.js';
import { DOBBLE_ORDERS, type DeckAnswer, type DeckRequest, type FromWorker, type PuzzleChoice, type SatEngine, type ToWorker } from './protocol.js';

/**
 * The solver side of the playground: builds the formula with the library's
 * own encoders, runs the same enumeration loop as the CLI (blocking clauses,
 * cubes, orbits) with the chosen SAT solver or dancing links, streams counts
 * and pictures back to the page, and makes Dobble decks.
 */

// The enumerators hand the event loop a turn with setImmediate, which browsers lack.
globalThis.setImmediate ??= ((callback: () => void) => setTimeout(callback, 0)) as unknown as typeof setImmediate;

const post = (message: FromWorker) => (self as unknown as { postMessage(m: FromWorker): void }).postMessage(message);

// Every request waits for the engines, so that the page hears which there are before anything else.
const engines = loadEngines().then((list) => {
  post({ type: 'engines', engines: list });
});

let loaded: PackingInstance | undefined;
/** Why the last load failed: a run or download then repeats it. */
let loadError = 'no puzzle is loaded';

function build(choice: PuzzleChoice, amo: AmoEncoding | undefined): PackingInstance {
  switch (choice.kind) {
    case 'pentomino':
      return polyominoInstance({ preset: choice.preset, amo }, 'pentomino');
    case 'polyomino':
      return polyominoInstance({ board: choice.board, pieces: choice.pieces, flip: choice.flip, amo });
    case 'soma':
      return somaInstance({ figure: choice.figure, amo });
    case 'genius-square':
      return geniusSquareInstance({ roll: choice.roll, amo });
    case 'polyform':
      return polyformInstance({ board: choice.board, pieces: choice.pieces, flip: choice.flip, amo });
  }
}

async function run(request: ToWorker & { type: 'run' }, instance: PackingInstance): Promise<void> {
  const start = performance.now();
  const elapsed = () => (performance.now() - start) / 1000;
  let count = 0;
  let raw = 0;
  let lastProgress = 0;
  const onFound = ({ trueVars, orbitSize }: { trueVars: number[]; orbitSize: number }) => {
    const solution = checkedSolution(instance, trueVars, `solution ${count + 1}`);
    count++;
    raw += orbitSize;
    if (count <= request.gallery) post({ type: 'solution', index: count, svg: instance.svg?.(solution) ?? '' });
    // Progress at most every 100 ms: a fast enumeration must not flood the page.
    if (performance.now() - lastProgress > 100) {
      lastProgress = performance.now();
      post({ type: 'progress', count, raw, seconds: elapsed() });
    }
  };
  const { engine } = request;
  // The plan the CLI would resolve for this engine, run in this thread as one part of the work.
  const plan = localPlan(instance, engine, capabilitiesOf(engine), { unique: request.unique, limit: request.limit });
  // The name the solver gives itself, not the one asked for: the page shows what really ran.
  let solver: string = engine;
  const createSolverHere = () => {
    const created = createSolver(engine as SatEngine);
    solver = created.name;
    return created;
  };
  const summary = await enumeratePart(plan, instance, undefined, { onFound, createSolver: createSolverHere });
  post({ type: 'done', count: summary.count, raw: summary.raw, complete: summary.complete, seconds: elapsed(), solver });
}

function dimacs(instance: PackingInstance): void {
  const meta = { puzzle: instance.puzzle, params: instance.params };
  const fileName = `${instance.puzzle}-${String(instance.params.preset ?? instance.params.figure ?? instance.params.roll ?? 'board')}.cnf`.replace(
    /[^\w.-]+/g,
    '_',
  );
  post({ type: 'dimacs', fileName, chunks: [...dimacsChunks(instance.cnf, meta)] });
}

/** One card a page, the page just larger than the card: the CLI's printable card, crop marks and all. */
const CARD_PAGE: DobbleSheetOptions = { cardDiameterMm: 80, pageWidthMm: 90, pageHeightMm: 90, marginMm: 5, gapMm: 0 };

/** What a method found: a deck, or UNSAT/UNKNOWN from the SAT solver. */
interface Made {
  deck?: Deck;
  status: 'SAT' | 'UNSAT' | 'UNKNOWN';
  solver: string;
  vars: number;
  clauses: number;
}

async function makeDeck(request: DeckRequest, names: readonly string[] | undefined): Promise<Made> {
  const n = request.order;
  if (request.method === 'sat' && n > DOBBLE_ORDERS.satMax)
    throw new UserError(`order ${n}: the SAT method here goes up to order ${DOBBLE_ORDERS.satMax}; the algebraic one needs a prime power`);
  if (request.method === 'algebraic')
    return { deck: algebraicDeck(n, { cards: request.cards }), status: 'SAT', solver: 'algebraic', vars: 0, clauses: 0 };
  // As the CLI does: the names are the symbols there are, so the search may use no more (or the deck could not be named).
  const symbols = request.method === 'sat' && names && names.length < planeSize(n) ? names.length : undefined;
  const instance = dobbleInstance(n, { cards: request.cards, symbols, variables: request.method === 'cyclic' ? 'cyclic' : 'incidence' });
  const solver = createSolver(request.engine);
  const { status, trueVars } = await solveOnce(instance.cnf, solver);
  const deck = status === 'SAT' ? instance.decode(trueVars) : undefined;
  return { deck, status, solver: solver.name, vars: instance.cnf.varCount, clauses: instance.cnf.clauseCount };
}

async function deck(request: DeckRequest): Promise<void> {
  const n = request.order;
  if (!Number.isInteger(n) || n < DOBBLE_ORDERS.min || n > DOBBLE_ORDERS.max)
    throw new UserError(`order: choose a whole number from ${DOBBLE_ORDERS.min} to ${DOBBLE_ORDERS.max}`);
  // Read and checked against the deck asked before the search, as the CLI reads its --symbols file.
  const names = deckNames(request.names, request.cards ?? planeSize(n), n + 1);
  const start = performance.now();
  const made = await makeDeck(request, names);
  const seconds = (performance.now() - start) / 1000;
  const common = { type: 'deck', solver: made.solver, seconds, vars: made.vars, clauses: made.clauses } as const;
  if (!made.deck) {
    post({ ...common, status: made.status === 'SAT' ? 'UNKNOWN' : made.status });
    return;
  }
  const cards = request.cards ?? planeSize(request.order);
  // As in the CLI: a deck that fails the shape asked for is a bug, never shown as an answer.
  const problem = deckProblem(made.deck, { cards, symbolsPerCard: request.order + 1 });
  if (problem) throw new Error(`the ${request.method} deck fails its check: ${problem}`);
  const named = names ? nameDeck(made.deck, names, 'the symbol list') : made.deck.map((card) => card.map(String));
  // The deck is checked again as shown, by its names.
  const verdict = checkDeck(named);
  const check = verdict.ok
    ? `OK: ${verdict.cards} cards, ${verdict.symbolsPerCard} symbols per card, ${verdict.symbols} symbols; every two cards share exactly one`
    : `not a valid deck: ${verdict.problem}`;
  const answer: DeckAnswer = { ...common, status: 'SAT', cards: named, svgs: renderDobblePages(named, CARD_PAGE), check, valid: verdict.ok };
  post(answer);
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const request = event.data;
  await engines;
  try {
    if (request.type === 'deck') {
      await deck(request);
      return;
    }
    if (request.type === 'load') {
      loaded = undefined;
      try {
        loaded = build(request.puzzle, request.amo);
      } catch (e) {
        if (e instanceof UserError) loadError = e.message;
        throw e;
      }
      post({ type: 'loaded', summary: explain(loaded), exactCover: countedCover(loaded) !== undefined });
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
