import { AMO_ENCODINGS, type AmoEncoding, type Explanation, GRIDS, type GridName, PRESETS, SOMA_FIGURES, randomGeniusRoll } from '../src/index.js';
import { $, escapeHtml as escape, number, SolverWorker, setStatus as showStatus, showEngines, type StatusState } from './page.js';
import type { Engine, FromWorker, PuzzleChoice, SatEngine } from './protocol.js';
import { GRID_DEFAULTS, GridEditor } from './grid-editor.js';

/**
 * The tiling page: puzzle choice, board drawing, the formula's summary, and
 * the solutions the worker streams. All solving happens in the worker, so
 * the page stays responsive.
 */

const GALLERY = 24;

/**
 * The solver picked first: solvers/index.ts IN_PROCESS_DEFAULTS for
 * enumeration and exact-cover solves (that module is not imported here: it
 * brings the external solvers, which need Node).
 */
const PREFERRED: readonly SatEngine[] = ['minisat-wasm', 'cadical-wasm', 'logic-solver'];
const ui = {
  puzzle: $<HTMLSelectElement>('puzzle'),
  preset: $<HTMLSelectElement>('preset'),
  width: $<HTMLInputElement>('width'),
  height: $<HTMLInputElement>('height'),
  editor: $<HTMLDivElement>('editor'),
  pieces: $<HTMLInputElement>('pieces'),
  flip: $<HTMLInputElement>('flip'),
  figure: $<HTMLSelectElement>('figure'),
  roll: $<HTMLInputElement>('roll'),
  grid: $<HTMLSelectElement>('grid'),
  gridWidth: $<HTMLInputElement>('grid-width'),
  gridHeight: $<HTMLInputElement>('grid-height'),
  gridPieces: $<HTMLInputElement>('grid-pieces'),
  gridFlip: $<HTMLInputElement>('grid-flip'),
  reroll: $<HTMLButtonElement>('reroll'),
  amo: $<HTMLSelectElement>('amo'),
  engine: $<HTMLSelectElement>('engine'),
  engineNote: $<HTMLParagraphElement>('engine-note'),
  unique: $<HTMLInputElement>('unique'),
  solve: $<HTMLButtonElement>('solve'),
  enumerate: $<HTMLButtonElement>('enumerate'),
  stop: $<HTMLButtonElement>('stop'),
  download: $<HTMLButtonElement>('download'),
  status: $<HTMLParagraphElement>('status'),
  count: $<HTMLOutputElement>('count'),
  totals: $<HTMLParagraphElement>('totals'),
  variables: $<HTMLParagraphElement>('variables'),
  families: document.querySelector('#families tbody') as HTMLTableSectionElement,
  gallery: $<HTMLDivElement>('gallery'),
};

const fill = (select: HTMLSelectElement, entries: [value: string, label: string][], selected?: string) => {
  select.replaceChildren(...entries.map(([value, label]) => new Option(label, value, false, value === selected)));
};
fill(
  ui.preset,
  Object.entries(PRESETS).map(([name, p]) => [name, `${name}: ${p.about}`]),
  '3x20',
);
fill(
  ui.figure,
  Object.entries(SOMA_FIGURES).map(([name, f]) => [name, `${name}: ${f.about}`]),
);
// The empty choice leaves the encoding to the puzzle, which picks the one measured best for it.
fill(ui.amo, [['', "the puzzle's default"], ...AMO_ENCODINGS.map((e): [string, string] => [e.name, `${e.name}: ${e.clauses} clauses`])], '');
ui.roll.value = randomGeniusRoll(Math.random).join(',');

// ---- the board editor ------------------------------------------------------------

const holes = new Set<string>();

function drawEditor(): void {
  const [w, h] = [Number(ui.width.value), Number(ui.height.value)];
  ui.editor.style.gridTemplateColumns = `repeat(${w}, 1.6rem)`;
  const cells: HTMLButtonElement[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'cell';
      cell.dataset.cell = `${x},${y}`;
      cell.setAttribute('aria-pressed', String(!holes.has(`${x},${y}`)));
      cell.title = `(${x},${y})`;
      cells.push(cell);
    }
  }
  ui.editor.replaceChildren(...cells);
}

/** The drawn board as region art: "." a cell, "#" a hole, "/" between rows. */
function boardArt(): string {
  const [w, h] = [Number(ui.width.value), Number(ui.height.value)];
  return Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => (holes.has(`${x},${y}`) ? '#' : '.')).join('')).join('/');
}

ui.editor.addEventListener('click', (event) => {
  const cell = (event.target as HTMLElement).closest<HTMLButtonElement>('.cell');
  if (!cell) return;
  const key = cell.dataset.cell!;
  if (holes.has(key)) holes.delete(key);
  else holes.add(key);
  cell.setAttribute('aria-pressed', String(!holes.has(key)));
  scheduleLoad();
});

// ---- the editor of the other grids ---------------------------------------------------

const gridEditor = new GridEditor($<HTMLDivElement>('grid-editor'), () => scheduleLoad());
const gridName = () => ui.grid.value as GridName;
const drawGridEditor = (holes: readonly string[] = []) => gridEditor.draw(gridName(), Number(ui.gridWidth.value), Number(ui.gridHeight.value), holes);

/** A grid's own board and pieces, which have solutions. */
function gridDefaults(): void {
  const d = GRID_DEFAULTS[gridName()]!;
  ui.gridWidth.value = String(d.width);
  ui.gridHeight.value = String(d.height);
  ui.gridPieces.value = d.pieces;
  drawGridEditor(d.holes);
}

// ---- the worker --------------------------------------------------------------------

let running = false;
let found = 0;
/** Whether the current run counts symmetry classes (Solve never does). */
let counting: 'classes' | 'solutions' = 'solutions';
let solving = false;

function choice(): PuzzleChoice {
  switch (ui.puzzle.value) {
    case 'polyomino':
      return { kind: 'polyomino', board: boardArt(), pieces: ui.pieces.value, flip: ui.flip.checked };
    case 'soma':
      return { kind: 'soma', figure: ui.figure.value };
    case 'genius-square':
      return { kind: 'genius-square', roll: ui.roll.value };
    case 'polyform':
      return { kind: 'polyform', board: gridEditor.board(GRIDS[gridName()]), pieces: ui.gridPieces.value, flip: ui.gridFlip.checked };
    default:
      return { kind: 'pentomino', preset: ui.preset.value };
  }
}

const worker = new SolverWorker(receive);
const send = worker.send.bind(worker);
/** Builds the chosen puzzle in the worker; `quiet` keeps the status line (after a stop). */
function load(quiet = false): void {
  if (!quiet) setStatus('idle', 'building the formula…');
  ui.families.replaceChildren();
  send({ type: 'load', puzzle: choice(), amo: (ui.amo.value || undefined) as AmoEncoding | undefined });
}

let loadTimer: ReturnType<typeof setTimeout> | undefined;
/** Drawing and typing trigger many changes: build once they pause. */
function scheduleLoad(): void {
  if (running) stop('stopped: the puzzle changed');
  clearTimeout(loadTimer);
  loadTimer = setTimeout(() => {
    loadTimer = undefined;
    load();
  }, 200);
}

function run(limit: number | undefined): void {
  // A change still waiting for its build goes first: the run is for the puzzle on screen.
  if (loadTimer !== undefined) {
    clearTimeout(loadTimer);
    loadTimer = undefined;
    load();
  }
  found = 0;
  ui.count.value = '0';
  ui.gallery.replaceChildren();
  setRunning(true);
  setStatus('running', limit === 1 ? 'solving…' : 'enumerating…');
  solving = limit === 1;
  const unique = !solving && ui.unique.checked;
  counting = unique ? 'classes' : 'solutions';
  send({ type: 'run', engine: ui.engine.value as Engine, unique, limit, gallery: GALLERY });
}

function stop(reason: string): void {
  worker.restart();
  setRunning(false);
  setStatus('stopped', `${reason} after ${number(found)} ${noun(found)}`);
  load(true);
}

// ---- what the worker says ------------------------------------------------------------

const noun = (n: number) => (n !== 1 ? counting : counting === 'classes' ? 'class' : 'solution');

function receive(message: FromWorker): void {
  switch (message.type) {
    case 'engines':
      showEngines(ui.engine, ui.engineNote, message.engines, PREFERRED);
      return;
    case 'loaded':
      showSummary(message.summary);
      // Exact-cover engines (dancing links) only for a puzzle posed as exact cover.
      for (const option of ui.engine.options) if (option.dataset.exactCover) option.disabled = !message.exactCover;
      if (ui.engine.selectedOptions[0]?.disabled) ui.engine.selectedIndex = 0;
      if (ui.status.dataset.state === 'idle') setStatus('idle', 'ready');
      return;
    case 'solution': {
      const figure = document.createElement('figure');
      figure.innerHTML = `${message.svg}<figcaption>#${message.index}</figcaption>`;
      ui.gallery.append(figure);
      return;
    }
    case 'progress':
      showCount(message.count, message.raw);
      setStatus('running', `${number(message.count)} ${noun(message.count)} so far, ${message.seconds.toFixed(1)} s`);
      return;
    case 'done': {
      showCount(message.count, message.raw);
      setRunning(false);
      const time = `${message.seconds.toFixed(2)} s with ${message.solver}`;
      if (message.count === 0) setStatus('done', `no solution: the formula is unsatisfiable (${time})`);
      else if (solving) setStatus('done', `solved in ${time}`);
      else
        setStatus(
          'done',
          `${number(message.count)} ${noun(message.count)}${counting === 'classes' ? ` (${number(message.raw)} solutions)` : ''} in ${time}`,
        );
      return;
    }
    case 'dimacs': {
      const url = URL.createObjectURL(new Blob(message.chunks, { type: 'text/plain' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: message.fileName });
      link.click();
      // The download reads the blob after this handler returns: free it later, not now.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    case 'error':
      setRunning(false);
      setStatus('error', message.message);
      return;
  }
}

function showCount(count: number, raw: number): void {
  found = count;
  ui.count.value = String(count);
  ui.count.title = `${raw} solutions in all`;
}

function showSummary(e: Explanation): void {
  ui.totals.textContent = `${number(e.vars)} variables (${number(e.namedVars)} of the puzzle, ${number(e.auxVars)} auxiliary), ${number(e.clauses)} clauses`;
  ui.variables.textContent = e.variables;
  ui.families.replaceChildren(
    ...e.families.map((f) => {
      const row = document.createElement('tr');
      const why = f.formula ? `<p class="why">${escape(f.formula.text)} = ${number(f.formula.clauses)} clauses</p>` : '';
      const samples = f.samples.map((s) => `<li><span class="about">${escape(s.about)}:</span> <code>${escape(s.text)}</code></li>`).join('');
      row.innerHTML =
        `<th scope="row">${escape(f.name)}</th>` +
        `<td>${escape(f.sentence)}<details><summary>why this size, sample clauses</summary>${why}<ul>${samples}</ul></details></td>` +
        `<td class="num">${number(f.clauses)}</td><td class="num">${number(f.auxVars)}</td>`;
      return row;
    }),
  );
}

const setStatus = (state: StatusState, text: string) => showStatus(ui.status, state, text);

function setRunning(on: boolean): void {
  running = on;
  ui.solve.disabled = on;
  ui.enumerate.disabled = on;
  ui.download.disabled = on;
  ui.stop.disabled = !on;
}

// ---- wiring ----------------------------------------------------------------------------

function showChoice(): void {
  for (const panel of document.querySelectorAll<HTMLElement>('.choice')) panel.hidden = panel.dataset.for !== ui.puzzle.value;
}

ui.puzzle.addEventListener('change', () => {
  showChoice();
  scheduleLoad();
});
for (const input of [ui.preset, ui.figure, ui.amo, ui.pieces, ui.flip, ui.roll, ui.gridPieces, ui.gridFlip])
  input.addEventListener('change', scheduleLoad);
ui.grid.addEventListener('change', () => {
  gridDefaults();
  scheduleLoad();
});
for (const input of [ui.gridWidth, ui.gridHeight]) {
  input.addEventListener('change', () => {
    drawGridEditor();
    scheduleLoad();
  });
}
for (const input of [ui.width, ui.height]) {
  input.addEventListener('change', () => {
    drawEditor();
    scheduleLoad();
  });
}
ui.reroll.addEventListener('click', () => {
  ui.roll.value = randomGeniusRoll(Math.random).join(',');
  scheduleLoad();
});
ui.solve.addEventListener('click', () => run(1));
ui.enumerate.addEventListener('click', () => run(undefined));
ui.stop.addEventListener('click', () => stop('stopped'));
ui.download.addEventListener('click', () => send({ type: 'dimacs' }));

drawEditor();
gridDefaults();
showChoice();
load();
