import type { EngineInfo, FromWorker, SatEngine, ToWorker } from './protocol.js';

/** What both pages share: the solver worker, the solver menu, the status line. */

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export const number = (n: number) => n.toLocaleString('en-US');

export const escapeHtml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

export type StatusState = 'idle' | 'running' | 'done' | 'stopped' | 'error';

export function setStatus(status: HTMLElement, state: StatusState, text: string): void {
  status.dataset.state = state;
  status.textContent = text;
}

/**
 * The solver worker. Stop terminates it outright (a single SAT call cannot be
 * interrupted any other way) and starts a fresh one; messages of a worker
 * stopped meanwhile are ignored.
 */
export class SolverWorker {
  private worker!: Worker;

  constructor(private readonly receive: (message: FromWorker) => void) {
    this.start();
  }

  send(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  restart(): void {
    this.worker.terminate();
    this.start();
  }

  private start(): void {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<FromWorker>) => {
      if (w === this.worker) this.receive(event.data);
    };
    w.onerror = (event) => {
      if (w === this.worker) this.receive({ type: 'error', message: `the solver worker failed: ${event.message}` });
    };
    this.worker = w;
  }
}

/**
 * Fills the solver menu with the engines that loaded (then `extra`, e.g.
 * dancing links), keeping the user's choice when it is still there, else the
 * first of `preferred` that loaded; `note` says which engines are missing and why.
 */
export function showEngines(select: HTMLSelectElement, note: HTMLElement, engines: readonly EngineInfo[], preferred: readonly SatEngine[]): void {
  const chosen = select.value;
  const ready = engines.filter((e) => e.ok);
  // Named as --solver takes them, which is also how the status line names them.
  const options = ready.map((e) => {
    const option = new Option(`${e.name}: ${e.label}`, e.name);
    if (e.version) option.title = `built from Debian's source package, version ${e.version}`;
    // Offered only while the puzzle is an exact cover (the tilings page enables it when it is).
    if (e.exactCover) option.dataset.exactCover = 'yes';
    return option;
  });
  select.replaceChildren(...options);
  const names = options.map((o) => o.value);
  select.value = names.includes(chosen) ? chosen : (preferred.find((name) => ready.some((e) => e.name === name)) ?? names[0]!);
  const missing = engines.filter((e) => !e.ok);
  note.textContent = missing.map((e) => `${e.name}: ${e.reason}.`).join(' ');
  note.hidden = missing.length === 0;
}
