/**
 * The script of an engine thread (solvers/engine-thread.ts): one engine that
 * cannot stop itself, serving one request at a time until it is terminated.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ClingoRequest, ClingoResult } from './clasp-wasm.js';
import { type LogicSolverReply, type LogicSolverRequest, createLogicSolver } from './logic-solver.js';
import { type Solver, SolverHeapExhausted } from './types.js';

const port = parentPort!;
const { engine } = workerData as { engine: string };
if (engine === 'logic-solver') serveLogicSolver();
else if (engine === 'clingo') await serveClingo();
else throw new Error(`no engine thread for ${engine}`);

function serveLogicSolver(): void {
  let solver: Solver | undefined;
  let vars = 0;
  port.on('message', async ({ fresh, vars: declared, clauses, assumptions }: LogicSolverRequest) => {
    let reply: LogicSolverReply;
    try {
      if (fresh || !solver) {
        solver?.dispose();
        solver = createLogicSolver();
        vars = 0;
      }
      solver.ensureVars(declared);
      vars = Math.max(vars, declared);
      for (let start = 0, i = 0; i < clauses.length; i++) {
        if (clauses[i] !== 0) continue;
        solver.addClause(clauses.subarray(start, i));
        start = i + 1;
      }
      const current = solver;
      const status = await current.solve({ assumptions });
      const model = status === 'SAT' ? Uint8Array.from({ length: vars }, (_, i) => (current.value(i + 1) ? 1 : 0)) : undefined;
      reply = { status, model };
    } catch (e) {
      reply = { error: String(e instanceof Error ? e.message : e), heapExhausted: e instanceof SolverHeapExhausted };
    }
    port.postMessage(reply, reply && 'model' in reply && reply.model ? [reply.model.buffer as ArrayBuffer] : []);
  });
}

async function serveClingo(): Promise<void> {
  // clingo-wasm announces itself on the console, which would land in the program's stdout.
  console.log = console.info = console.warn = console.error = () => {};
  // A computed specifier: the package is an optional peer dependency, its types may be absent.
  const specifier: string = 'clingo-wasm';
  type Run = (program: string, models: number, options: string[]) => Promise<ClingoResult>;
  // A CommonJS package: its exports object is the default export.
  const { run } = ((await import(specifier)) as { default: { run: Run } }).default;
  port.on('message', async ({ program, models, options }: ClingoRequest) => {
    let result: ClingoResult;
    try {
      result = await run(program, models, options);
    } catch (e) {
      result = { Result: 'ERROR', Error: String(e instanceof Error ? e.message : e) };
    }
    port.postMessage(result);
  });
}
