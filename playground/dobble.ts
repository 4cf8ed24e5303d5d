import { isPrimePower, pairwiseBeatsLines, planeSize } from '../src/index.js';
import { $, number, SolverWorker, setStatus as showStatus, showEngines, type StatusState } from './page.js';
import { DOBBLE_ORDERS, type DeckAnswer, type DobbleMethod, type FromWorker, type SatEngine } from './protocol.js';

/**
 * The Dobble page: a deck of order n from the finite-field construction or
 * from the SAT encoder, drawn card by card as the CLI's --svg draws them and
 * passed through the deck checker. The worker does the work, so Stop can
 * end a long SAT search.
 */

/**
 * The solver picked first: solvers/index.ts IN_PROCESS_DEFAULTS for single
 * solves (that module is not imported here: it brings the external
 * solvers, which need Node). CaDiCaL finds order 7 in 0.7 CPU s, MiniSat in over 30.
 */
const PREFERRED: readonly SatEngine[] = ['cadical-wasm', 'minisat-wasm', 'logic-solver'];

const ui = {
  order: $<HTMLInputElement>('order'),
  shape: $<HTMLParagraphElement>('shape'),
  method: $<HTMLSelectElement>('method'),
  engine: $<HTMLSelectElement>('engine'),
  engineNote: $<HTMLParagraphElement>('engine-note'),
  cards: $<HTMLInputElement>('cards'),
  names: $<HTMLTextAreaElement>('names'),
  make: $<HTMLButtonElement>('make'),
  stop: $<HTMLButtonElement>('stop'),
  status: $<HTMLParagraphElement>('status'),
  check: $<HTMLParagraphElement>('check'),
  gallery: $<HTMLDivElement>('cards-gallery'),
};

ui.order.min = String(DOBBLE_ORDERS.min);
ui.order.max = String(DOBBLE_ORDERS.max);

const setStatus = (state: StatusState, text: string) => showStatus(ui.status, state, text);

/** Whether the worker has said which solvers it has: until then there is nothing to send to. */
let ready = false;

const worker = new SolverWorker(receive);

function receive(message: FromWorker): void {
  switch (message.type) {
    case 'engines':
      showEngines(
        ui.engine,
        ui.engineNote,
        message.engines.filter((e) => !e.exactCover),
        PREFERRED,
      );
      ready = true;
      setRunning(false);
      if (ui.status.dataset.state === 'idle') setStatus('idle', 'ready');
      return;
    case 'deck':
      setRunning(false);
      showDeck(message);
      return;
    case 'error':
      setRunning(false);
      setStatus('error', message.message);
      return;
  }
}

/** What the chosen order gives, and which methods can make it. */
function describeShape(): void {
  const n = Number(ui.order.value);
  if (!Number.isInteger(n) || n < DOBBLE_ORDERS.min || n > DOBBLE_ORDERS.max) {
    ui.shape.textContent = `choose an order from ${DOBBLE_ORDERS.min} to ${DOBBLE_ORDERS.max}`;
    return;
  }
  const field = isPrimePower(n)
    ? `${n} is a prime power: GF(${n}) gives the plane`
    : n <= DOBBLE_ORDERS.satMax
      ? `${n} is no prime power: no finite field, only SAT can try`
      : `${n} is no prime power; SAT here stops at order ${DOBBLE_ORDERS.satMax}, SAT cyclic goes on (it rules out cyclic decks only)`;
  ui.shape.textContent = `${number(planeSize(n))} cards of ${n + 1} symbols; ${field}`;
}

/** The solver menu matters to SAT only. */
function showMethod(): void {
  ui.engine.disabled = ui.method.value === 'algebraic';
}

function make(): void {
  ui.gallery.replaceChildren();
  ui.check.textContent = '';
  delete ui.check.dataset.valid;
  setRunning(true);
  const method = ui.method.value as DobbleMethod;
  setStatus('running', method === 'algebraic' ? 'building the plane…' : `searching with ${ui.engine.value}…`);
  const cards = ui.cards.value.trim() === '' ? undefined : Number(ui.cards.value);
  worker.send({ type: 'deck', order: Number(ui.order.value), cards, method, engine: ui.engine.value as SatEngine, names: ui.names.value });
}

function stop(): void {
  worker.restart();
  ready = false;
  setRunning(false);
  setStatus('stopped', 'stopped');
}

function showDeck(answer: DeckAnswer): void {
  const time = `${answer.seconds.toFixed(2)} s`;
  const formula = `${number(answer.vars)} variables, ${number(answer.clauses)} clauses`;
  if (answer.status !== 'SAT') {
    const n = Number(ui.order.value);
    const what = `${ui.cards.value.trim() || number(planeSize(n))} cards of ${n + 1} symbols`;
    // The cyclic model has the translates of one card only: its UNSAT leaves other decks open.
    const kind = ui.method.value === 'cyclic' ? 'cyclic deck' : 'deck';
    if (answer.status === 'UNSAT') setStatus('done', `no ${kind} of ${what} exists: proved by ${answer.solver} in ${time} (${formula})`);
    else setStatus('done', `no answer from ${answer.solver} (${time})`);
    return;
  }
  // n + 2 cards of an odd order are no lines of the plane: each two share a symbol of their own (algebraicDeck).
  const built = pairwiseBeatsLines(Number(ui.order.value), answer.cards.length) ? 'pairwise' : 'by the finite field';
  const how = answer.solver === 'algebraic' ? `${built} in ${time}` : `by SAT in ${time} with ${answer.solver} (${formula})`;
  setStatus('done', `${number(answer.cards.length)} cards made ${how}`);
  ui.check.textContent = answer.check;
  ui.check.dataset.valid = String(answer.valid);
  ui.gallery.replaceChildren(
    ...answer.cards.map((card, i) => {
      const figure = document.createElement('figure');
      figure.className = 'card';
      figure.dataset.symbols = JSON.stringify(card);
      figure.innerHTML = `${answer.svgs[i]}<figcaption>card ${i + 1}</figcaption>`;
      return figure;
    }),
  );
}

function setRunning(on: boolean): void {
  ui.make.disabled = on || !ready;
  ui.stop.disabled = !on;
}

ui.order.addEventListener('input', describeShape);
ui.method.addEventListener('change', showMethod);
ui.make.addEventListener('click', make);
ui.stop.addEventListener('click', stop);

describeShape();
showMethod();
setRunning(false);
setStatus('idle', 'loading the solvers…');
