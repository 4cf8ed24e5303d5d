import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { pigeonhole } from '../bench/minisat-builds.js';
import { UserError } from '../src/core/errors.js';
import { ModelCheckError, nativeEnumerator } from '../solvers/types.js';
import { externalSolver } from '../solvers/external/adapter.js';
import { EXTERNAL_SPECS, type ExternalSolverSpec } from '../solvers/external/specs.js';
import { solverByName } from '../solvers/index.js';
import { missing } from './helpers/requires.js';
import { EXACTLY_ONE_OF_FOUR, loaded, satisfies } from './helpers/solver-fixtures.js';

const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');

const specNamed = (name: string): ExternalSolverSpec => EXTERNAL_SPECS.find((s) => s.name === name)!;

/**
 * Each test gets its own TMPDIR (os.tmpdir() reads it on every call), so it
 * can check that the adapter leaves nothing behind whatever happened.
 */
let scratch: string;
const savedEnv = { TMPDIR: process.env.TMPDIR, PATH: process.env.PATH };
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'puzzlesat-external-test-'));
  process.env.TMPDIR = scratch;
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
const leftovers = () => readdirSync(scratch);

for (const spec of EXTERNAL_SPECS) {
  const availability = externalSolver(spec).available();
  const title = `external solver ${spec.name}`;

  describe.skipIf(missing(spec.name))(title, () => {
    const factory = externalSolver(spec);

    it('reports where it runs from', () => {
      const a = factory.available();
      expect(a.ok && a.version).toMatch(new RegExp(`^${spec.binary}\\b.* at /`));
    });

    it('finds a model that satisfies the clauses, honours assumptions, and cleans up', async () => {
      const solver = loaded(factory.create(), EXACTLY_ONE_OF_FOUR);
      expect(await solver.solve()).toBe('SAT');
      expect(satisfies(EXACTLY_ONE_OF_FOUR, solver)).toBe(true);
      expect(await solver.solve({ assumptions: [3] })).toBe('SAT');
      expect([1, 2, 3, 4].map((v) => solver.value(v))).toEqual([false, false, true, false]);
      expect(await solver.solve({ assumptions: [5, 2] })).toBe('UNSAT');
      // Assumptions last one call only.
      expect(await solver.solve({ assumptions: [5] })).toBe('SAT');
      expect(solver.value(1)).toBe(true);
      expect(solver.stats().solves).toBe(4);
      solver.dispose();
      expect(leftovers()).toEqual([]);
    });

    it('declares variables that no clause mentions', async () => {
      const solver = loaded(factory.create(), [[1], [-2]]);
      solver.ensureVars(6);
      expect(await solver.solve()).toBe('SAT');
      expect([1, 2].map((v) => solver.value(v))).toEqual([true, false]);
      expect(typeof solver.value(6)).toBe('boolean');
    });

    it('answers UNSAT on pigeonhole 6 into 5', async () => {
      expect(await loaded(factory.create(), pigeonhole(6, 5)).solve()).toBe('UNSAT');
    });

    it('is stopped by its timeout (UNKNOWN) on pigeonhole 12 into 11, leaving no files', async () => {
      const solver = loaded(factory.create(), pigeonhole(12, 11));
      expect(await solver.solve({ timeoutSeconds: 0.5 })).toBe('UNKNOWN');
      expect(leftovers()).toEqual([]);
    });
  });

  if (spec.native) {
    describe.skipIf(!availability.ok)(`${title}: native enumeration`, () => {
      const enumerateAll = async (projection: number[], limit?: number) => {
        const solver = loaded(externalSolver(spec).create(), EXACTLY_ONE_OF_FOUR);
        const found: number[][] = [];
        const { complete } = await nativeEnumerator(solver)!.enumerateProjected(projection, (vars) => found.push(vars), { limit });
        solver.dispose();
        return { complete, found: found.map((f) => f.join(',')).sort() };
      };

      it('streams every model once', async () => {
        expect(await enumerateAll([1, 2, 3, 4, 5])).toEqual({ complete: true, found: ['1', '1,5', '2', '3', '4'] });
        expect(leftovers()).toEqual([]);
      });

      it('stops at a limit and says it is incomplete', async () => {
        const { complete, found } = await enumerateAll([1, 2, 3, 4, 5], 2);
        expect(complete).toBe(false);
        expect(found).toHaveLength(2);
      });

      if (spec.native.projects) {
        it('projects: models that differ only outside the projection count once', async () => {
          expect(await enumerateAll([1, 2, 3, 4])).toEqual({ complete: true, found: ['1', '2', '3', '4'] });
        });
      } else {
        it('refuses a projection that leaves variables out (it has none)', async () => {
          await expect(enumerateAll([1, 2, 3, 4])).rejects.toThrow(/projection must be every variable/);
        });
      }
    });
  }
}

const fakes = tempDir('puzzlesat-fake-solvers-');

/** A directory holding one executable shell script, put first on PATH under a solver's name. */
function fakeSolverOnPath(binary: string, script: string): void {
  const dir = mkdtempSync(join(fakes, `${binary}-`));
  const file = join(dir, binary);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  process.env.PATH = `${dir}${delimiter}${savedEnv.PATH ?? ''}`;
}

/** Whether a process is alive (a zombie waiting to be reaped is not). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Whether a killed process dies: a SIGKILL is only delivered once the kernel
 * schedules its target, which on a loaded machine can be after the killer has
 * exited. Waits for as long as the fake solver would sleep, less a margin.
 */
async function dies(pid: number): Promise<boolean> {
  for (let waited = 0; waited < 20_000; waited += 20) {
    if (!running(pid)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
}

describe('external solver failures', () => {
  it('a solver that is not installed is unavailable, and solving with it is a UserError', async () => {
    const missing = externalSolver({ ...specNamed('cadical'), name: 'no-such-solver', binary: 'puzzlesat-no-such-solver' });
    expect(missing.available()).toEqual({ ok: false, reason: 'puzzlesat-no-such-solver not found on PATH' });
    const e = await failure(loaded(missing.create(), [[1]]).solve());
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toBe('no-such-solver: puzzlesat-no-such-solver not found on PATH');
    expect(() => solverByName('no-such-solver')).toThrow(UserError);
  });

  it('garbage on stdout is a one-line UserError naming the solver', async () => {
    fakeSolverOnPath('picosat', 'echo "Segmentation fault? no: just noise"; echo "more noise"; exit 10');
    const e = await failure(loaded(externalSolver(specNamed('picosat')).create(), [[1, 2]]).solve());
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toMatch(/^picosat: cannot read its output .*just noise/);
    expect(e.message).not.toMatch(/\n/);
    expect(leftovers()).toEqual([]);
  });

  it('a crash (a signal) or an unexpected exit code is a UserError naming the solver', async () => {
    fakeSolverOnPath('cadical', 'echo "c starting" ; kill -SEGV $$');
    const crash = await failure(loaded(externalSolver(specNamed('cadical')).create(), [[1]]).solve());
    expect(crash).toBeInstanceOf(UserError);
    expect(crash.message).toMatch(/^cadical crashed \(killed by SIGSEGV\)/);

    fakeSolverOnPath('clasp', 'echo "*** ERROR: (clasp): bad input" >&2; exit 65');
    const error = await failure(loaded(externalSolver(specNamed('clasp')).create(), [[1]]).solve());
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe('clasp failed with exit code 65: *** ERROR: (clasp): bad input');
  });

  it('an answer that contradicts the exit code is a UserError', async () => {
    fakeSolverOnPath('kissat', 'echo "s UNSATISFIABLE"; exit 10');
    const e = await failure(loaded(externalSolver(specNamed('kissat')).create(), [[1]]).solve());
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toMatch(/^kissat: cannot read its output \(it says UNSAT but exits with code 10\)/);
  });

  it('a model that breaks a clause is never returned', async () => {
    fakeSolverOnPath('cryptominisat5', 'echo "s SATISFIABLE"; echo "v -1 -2 0"; exit 10');
    const e = await failure(loaded(externalSolver(specNamed('cryptominisat5')).create(), [[1, 2]]).solve());
    expect(e).toBeInstanceOf(ModelCheckError);
    expect(e.message).toMatch(/cryptominisat5 returned a model that breaks the clause \[1 2\]/);
  });

  it("reads MiniSat's result file, and rejects one that is not there", async () => {
    fakeSolverOnPath('minisat', 'printf "SAT\\n-1 2 0\\n" > "$3"; exit 10');
    const solver = loaded(externalSolver(specNamed('minisat')).create(), [[1, 2]]);
    expect(await solver.solve()).toBe('SAT');
    expect([solver.value(1), solver.value(2)]).toEqual([false, true]);

    fakeSolverOnPath('minisat', 'exit 20');
    const e = await failure(loaded(externalSolver(specNamed('minisat')).create(), [[1]]).solve());
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toMatch(/^minisat: cannot read its output \(no answer to go with exit code 20\)/);
  });

  it('a native enumeration whose model count disagrees with its own summary is a UserError', async () => {
    fakeSolverOnPath('picosat', 'echo "s SATISFIABLE"; echo "v 1 0"; echo "s SOLUTIONS 2"; exit 20');
    const solver = loaded(externalSolver(specNamed('picosat')).create(), [[1]]);
    const e = await failure(nativeEnumerator(solver)!.enumerateProjected([1], () => {}));
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toMatch(/^picosat: cannot read its output \(it counts 2 models but printed 1\)/);
  });

  it('Ctrl-C while a solver runs: the process still dies of SIGINT, and leaves no files', async () => {
    fakeSolverOnPath('cadical', 'exec sleep 30');
    const script = `import { EXTERNAL_SOLVERS } from ${JSON.stringify(join(cli, '..', '..', '..', 'solvers', 'external', 'adapter.js'))};
      const solver = EXTERNAL_SOLVERS.find((f) => f.name === 'cadical').create();
      solver.addClause([1]);
      await solver.solve();`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: process.env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    while (!leftovers().some((f) => existsSync(join(scratch, f, 'formula.cnf')))) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await exited).toBe('SIGINT');
    expect(leftovers()).toEqual([]);
  });

  it('a worker thread stopped by terminate(): the main thread kills its solver and removes its files on exit', async () => {
    fakeSolverOnPath('cadical', 'exec sleep 30');
    const external = JSON.stringify(pathToFileURL(join(cli, '..', '..', '..', 'solvers', 'external', 'adapter.js')).href);
    const script = `import { Worker } from 'node:worker_threads';
      import { readdirSync, readFileSync, existsSync } from 'node:fs';
      import { join } from 'node:path';
      await import(${external});
      const worker = new Worker(\`import(${external}).then(async ({ EXTERNAL_SOLVERS }) => {
        const solver = EXTERNAL_SOLVERS.find((f) => f.name === 'cadical').create();
        solver.addClause([1]);
        await solver.solve();
      });\`, { eval: true });
      const tmp = process.env.TMPDIR;
      const pidFile = () => readdirSync(tmp).map((d) => join(tmp, d, 'solver.pid')).find(existsSync);
      while (!pidFile()) await new Promise((r) => setTimeout(r, 20));
      process.stdout.write(readFileSync(pidFile(), 'utf8'));
      await worker.terminate();`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: process.env, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(0);
    const solverPid = Number(run.stdout.split(' ')[0]);
    expect(solverPid).toBeGreaterThan(0);
    expect(await dies(solverPid)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  // Signals reach the main thread only: it hears them for its worker threads too (parallel enumeration, the sweep).
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s while enumerate runs solvers on worker threads: the run ends, kills the solvers, and leaves no files (regression: SIGTERM and SIGHUP left both)',
    async (signal) => {
      fakeSolverOnPath('cadical', '[ "$1" = --version ] && { echo 9.9; exit 0; }\nexec sleep 30');
      const args = ['enumerate', 'pentomino', '--preset', '3x20', '--solver', 'cadical', '--workers', '2', '--show', '0'];
      const child = spawn(process.execPath, [cli, ...args], { env: process.env, stdio: 'ignore' });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, s) => resolve({ code, signal: s })),
      );
      // Each record is written just after its solver starts: wait until one is whole.
      const records = () =>
        leftovers()
          .map((d) => join(scratch, d, 'solver.pid'))
          .filter(existsSync)
          .map((file) => readFileSync(file, 'utf8'))
          .filter((record) => /^\d+ \d+$/.test(record));
      while (records().length === 0) await new Promise((r) => setTimeout(r, 20));
      const solvers = records().map((record) => Number(record.split(' ')[0]));
      child.kill(signal);
      // Ctrl-C is the CLI's own: it stops the run and exits 130; the others end the process by the signal, as unheard.
      expect(await exited).toEqual(signal === 'SIGINT' ? { code: 130, signal: null } : { code: null, signal });
      for (const pid of solvers) expect(await dies(pid)).toBe(true);
      expect(leftovers()).toEqual([]);
    },
  );

  it('Ctrl-C while a solver that catches SIGINT runs in this thread (cryptominisat5 says *** INTERRUPTED *** and exits 1): the run stops with its summary, 130 (regression: "cryptominisat5 failed with exit code 1", exit 1, no summary)', async () => {
    // The press is passed on to the solver's process group; the fake, like the real program, answers it by exiting 1 at once,
    // before the enumeration's poll of the stop (its sleep keeps no output open, so that its exit ends the run).
    const ready = join(fakes, 'interruptible-ready');
    fakeSolverOnPath(
      'cryptominisat5',
      `[ "$1" = --version ] && { echo "c CryptoMiniSat version 5.11.4"; exit 0; }\ntrap 'kill $!; echo "*** INTERRUPTED ***" >&2; exit 1' INT\ntouch ${JSON.stringify(ready)}\nsleep 30 >/dev/null 2>&1 & wait`,
    );
    const args = ['enumerate', 'pentomino', '--preset', '3x20', '--solver', 'cryptominisat5', '--workers', '1', '--json'];
    const child = spawn(process.execPath, [cli, ...args], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    while (!existsSync(ready)) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect({ code: await exited, err }).toEqual({ code: 130, err: '\npuzzlesat: stopping (Ctrl-C again to quit at once)\n' });
    expect(JSON.parse(out)).toMatchObject({ count: 0, complete: false, solver: 'cryptominisat5' });
    expect(leftovers()).toEqual([]);
  });

  // A signal's cleanup ran while worker threads went on making run directories: one made after the main thread had
  // looked was left behind (CI: the SIGHUP test above left one). Threads that make them in a tight loop find the window.
  it.each(['SIGHUP', 'SIGTERM'] as const)('%s while worker threads are making run directories: none is left behind', (signal) => {
    const processJs = JSON.stringify(pathToFileURL(join(cli, '..', '..', '..', 'solvers', 'external', 'process.js')).href);
    const script = `import { Worker } from 'node:worker_threads';
      import { readdirSync } from 'node:fs';
      const { watchWorker } = await import(${processJs});
      const busy = \`import(${processJs}).then(async ({ withTempDir }) => { for (;;) await withTempDir(async () => {}); });\`;
      for (let i = 0; i < 2; i++) watchWorker(new Worker(busy, { eval: true }));
      while (readdirSync(process.env.TMPDIR).length === 0) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 200));
      process.kill(process.pid, ${JSON.stringify(signal)});
      await new Promise((r) => setTimeout(r, 10_000));`;
    for (let round = 0; round < 5; round++) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: process.env, encoding: 'utf8', timeout: 60_000 });
      expect(run.signal).toBe(signal);
      expect(leftovers()).toEqual([]);
    }
  });

  it('solve of a CNF file that cannot be read: exit 1 and one line on stderr', () => {
    const r = spawnSync(process.execPath, [cli, 'solve', join(scratch, 'missing.cnf'), '--solver', 'minisat'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/missing\.cnf.*ENOENT/);
  });
});
