/**
 * One Ctrl-C for the whole run. The verbs that stop on it with what they
 * have (STOPPABLE_VERBS) hear it from the process's start (main.ts, before
 * the program loads), so that a press while the modules load, the puzzle is
 * read and encoded or a solver loads is not the signal's default death
 * without a summary: the verb finds the run already stopped when it
 * polls, and reports what it has, incomplete, exit 130. Synchronous work
 * (building a formula) gives the handler no turn: the run's set-up is cut
 * short by V8 instead (interruptibleSetUp, common.ts), which then calls
 * heardInterrupt. No imports: this must load before anything else does.
 */

/** The exit code of a run cut short by Ctrl-C, in every verb (what a shell reports for a process SIGINT kills). */
export const EXIT_INTERRUPTED = 130;

/** The verbs that poll interruptFlag() and report an interrupted run; elsewhere Ctrl-C ends the process as by default. */
export const STOPPABLE_VERBS: ReadonlySet<string> = new Set(['solve', 'enumerate', 'optimize', 'count', 'sweep', 'verify', 'dobble']);

const interruption = new AbortController();

/**
 * How long after the first SIGINT another is still the same press: `timeout
 * -s INT` sends its signal to the process and then to its process group,
 * which holds the process too, so one stop came as two SIGINTs a moment
 * apart, and the second quit the run before it printed its summary. No one
 * presses Ctrl-C twice that fast.
 */
const SAME_PRESS_MS = 100;

/** When the first press was heard (performance.now()). */
let firstPressAt = -Infinity;

/** What a press does: asks the run to stop (first press, one line said) or quits (second press). */
export function heardInterrupt(): void {
  if (interruption.signal.aborted) {
    if (performance.now() - firstPressAt >= SAME_PRESS_MS) process.exit(EXIT_INTERRUPTED);
    return;
  }
  firstPressAt = performance.now();
  interruption.abort();
  process.stderr.write('\npuzzlesat: stopping (Ctrl-C again to quit at once)\n');
}

/** Ctrl-C from now on asks the run to stop (first press) or quits (second press). */
export function hearInterrupts(): void {
  if (!hearsInterrupts()) process.on('SIGINT', heardInterrupt);
}

/** Whether Ctrl-C asks this run to stop now (else it ends the process as by default). */
export const hearsInterrupts = (): boolean => process.listeners('SIGINT').includes(heardInterrupt);

/** Aborted by Ctrl-C's first press, for waits that end on it (once hearInterrupts() has been called). */
export const interruptionSignal = (): AbortSignal => interruption.signal;

/** Whether Ctrl-C was pressed during the run (its exit is then 130). */
export const wasInterrupted = (): boolean => interruption.signal.aborted;

/**
 * Ctrl-C asks long work to stop (first press) or quits (second press). The
 * stop is polled (stopped()) by loops of our own, and aborts `signal` for a
 * solver's search in progress; a press before this call stops them at once.
 * It is heard before this returns: a press made before waits
 * for the event loop to read it, which a search that never waits for the loop
 * (a small one, dancing links) would not let happen before the process ended,
 * the press lost (pressesRead).
 */
export async function interruptFlag(): Promise<{ stopped(): boolean; signal: AbortSignal; release(): void }> {
  hearInterrupts();
  await pressesRead();
  return { stopped: wasInterrupted, signal: interruption.signal, release: () => process.off('SIGINT', heardInterrupt) };
}

/** Two turns of the event loop, after which a press already made has reached the handler: one that came before the loop's first turn is read on its second. */
export async function pressesRead(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}
