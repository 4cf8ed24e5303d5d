/**
 * Engines that cannot stop themselves part-way (logic-solver's asm.js
 * MiniSat has one blocking solve() and no conflict budget; clingo-wasm 0.5
 * runs synchronously) run in a worker thread of their own, which is
 * terminated when the deadline passes or the run is aborted: every engine
 * then honours one --timeout, in the CLI and in the library. The thread
 * runs solvers/engine-thread-worker.ts; a terminated engine is gone, so the
 * callers keep what they need to start a fresh one (the clauses).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { threadExecArgv } from '../src/core/process.js';

/**
 * The compiled worker script: beside this module in dist/ and the package;
 * run from the TypeScript sources (the tests), the one the build put in
 * dist/. Without either, the engines run in the calling thread, stoppable
 * only between calls. Looked up on first use, not on import: a browser
 * bundle (the playground) imports this module and has no files to look in.
 */
let engineThreadScript: { url: URL | undefined } | undefined;
const threadScript = (): URL | undefined =>
  (engineThreadScript ??= {
    url: [new URL('./engine-thread-worker.js', import.meta.url), new URL('../dist/solvers/engine-thread-worker.js', import.meta.url)].find((url) =>
      existsSync(fileURLToPath(url)),
    ),
  }).url;

export const engineThreadsAvailable = (): boolean => threadScript() !== undefined;

/** setTimeout's longest delay; a later deadline is no deadline in practice. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface EngineRequestOptions {
  /** Stop (terminate the thread) after this many seconds. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

/** One engine thread, started on the first request and after each stop; requests go one at a time. */
export class EngineThread<Request, Reply> {
  private worker: Worker | undefined;
  /** Resolves the pending request with 'stopped' (set while one is pending). */
  private settleStopped: (() => void) | undefined;

  /** `engine` names what solvers/engine-thread-worker.ts builds in the thread. */
  constructor(private readonly engine: string) {}

  /** Whether the thread is running, with whatever state the earlier requests left in it. */
  get alive(): boolean {
    return this.worker !== undefined;
  }

  /** Whether a request is pending. */
  get busy(): boolean {
    return this.settleStopped !== undefined;
  }

  /** The reply, or 'stopped' when the time ran out, the signal aborted or terminate() was called (the thread is then gone). */
  request(message: Request, options: EngineRequestOptions = {}): Promise<Reply | 'stopped'> {
    const script = threadScript();
    if (!script) throw new Error('no compiled engine thread script (npm run build)');
    const worker = (this.worker ??= new Worker(script, { workerData: { engine: this.engine }, execArgv: threadExecArgv() }));
    worker.ref();
    return new Promise<Reply | 'stopped'>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', stop);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        worker.unref();
        this.settleStopped = undefined;
      };
      const onMessage = (reply: Reply) => {
        done();
        resolve(reply);
      };
      const onError = (e: Error) => {
        done();
        this.terminate();
        reject(e);
      };
      const onExit = (code: number) => {
        done();
        this.worker = undefined;
        reject(new Error(`the ${this.engine} thread exited with code ${code}`));
      };
      const stop = () => this.terminate();
      this.settleStopped = () => {
        done();
        resolve('stopped');
      };
      const ms = options.timeoutSeconds === undefined ? Infinity : Math.max(0, options.timeoutSeconds * 1000);
      const timer = ms <= MAX_TIMER_MS ? setTimeout(stop, ms) : undefined;
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      if (options.signal?.aborted) return stop();
      options.signal?.addEventListener('abort', stop, { once: true });
      worker.postMessage(message, transferables(message));
    });
  }

  /** Ends the thread and everything in it; the next request starts a fresh one. */
  terminate(): void {
    const worker = this.worker;
    const settle = this.settleStopped;
    this.worker = this.settleStopped = undefined;
    settle?.();
    void worker?.terminate();
  }
}

/** The buffers of a message's typed arrays (its own fields only), moved rather than copied. */
function transferables(message: unknown): ArrayBuffer[] {
  if (typeof message !== 'object' || message === null) return [];
  return Object.values(message).flatMap((v) => (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer ? [v.buffer] : []));
}
