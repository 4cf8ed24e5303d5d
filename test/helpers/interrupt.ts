import { spawnSync } from 'node:child_process';

/**
 * Runs the CLI with a Ctrl-C that it sends itself at a defined point: when
 * it opens a file whose path ends with `openedFile` (the puzzle being read,
 * a solver's WebAssembly loading), once, from the main thread. No timing:
 * the press lands in the same place however fast the machine is.
 */
export function interruptedOnOpen(cli: string, dir: string, openedFile: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:fs', name: 'openSync', argEndsWith: openedFile }, args);
}

/**
 * The same, with the one Ctrl-C delivered twice at once, as `timeout -s INT`
 * delivers it: to the process, then to its process group, which holds it too.
 */
export function doublyInterruptedOnOpen(cli: string, dir: string, openedFile: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:fs', name: 'openSync', argEndsWith: openedFile, signals: 2 }, args);
}

/**
 * The same, pressed when the CNF counter looks at the heap (getHeapStatistics,
 * which nothing else in a run calls): in the middle of setting its arrays
 * up, its clauses read and the rest to build.
 */
export function interruptedInCnfSetUp(cli: string, dir: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:v8', name: 'getHeapStatistics' }, args);
}

/**
 * The same, pressed at the CNF counter's 20th look at the process's
 * resident memory (process.memoryUsage.rss): the first is taken before it
 * builds anything, the others at its polls, the first few while it cuts
 * the count into units, the 20th in a unit's search on a formula whose
 * first units are long.
 */
export function interruptedInCnfSearch(cli: string, dir: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:process', name: 'memoryUsage.rss', nth: 20 }, args);
}

/**
 * The same, pressed at the 1200th reading of the clock by Date.now, which
 * the CLI's stop of a count (runStop) reads at every poll of the
 * exact-cover counter's search: the first 950 or so are read while the
 * formula is built and the count cut into units, the 1200th some 250
 * polls into a count whose first unit has thousands.
 */
export function interruptedInExactCoverSearch(cli: string, dir: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'globalThis', name: 'Date.now', nth: 1200 }, args);
}

/** The same, pressed as the run makes its first hash (createHash): a count's --output header hashing its problem. */
export function interruptedOnFirstHash(cli: string, dir: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:crypto', name: 'createHash' }, args);
}

/**
 * The same, pressed as the run writes a message to stderr that ends with
 * `message` (once the handler can hear it: the message is written between
 * two steps of the run, not inside one).
 */
export function interruptedOnMessage(cli: string, dir: string, message: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:process', name: 'stderr.write', argEndsWith: message }, args);
}

/**
 * The same, pressed as the run writes text ending with `text` to a file
 * (fs.writeSync, which every output file of a run is written with).
 */
export function interruptedOnWrite(cli: string, dir: string, text: string, args: string[]) {
  return interruptedAt(cli, dir, { module: 'node:fs', name: 'writeSync', argEndsWith: text, arg: 1 }, args);
}

/**
 * Where the press lands: after the nth (default first) call of a built-in
 * module's function, or a global's ('globalThis'), with its `arg`th argument
 * (default the first) ending so, when given; `signals` SIGINTs sent back to
 * back (default one).
 */
interface PressPoint {
  module: string;
  name: string;
  argEndsWith?: string;
  arg?: number;
  nth?: number;
  signals?: number;
}

function interruptedAt(cli: string, dir: string, at: PressPoint, args: string[]) {
  // The function is called on what holds it (process.stderr for stderr.write), as the run calls it.
  const owner = ['target', ...at.name.split('.').slice(0, -1)].join('.');
  const hook = [
    at.module === 'globalThis' ? 'const target = globalThis;' : `import target from '${at.module}';`,
    "import { syncBuiltinESMExports } from 'node:module';",
    "import { isMainThread } from 'node:worker_threads';",
    `const original = target.${at.name};`,
    `let calls = ${at.nth ?? 1};`,
    `target.${at.name} = (...rest) => {`,
    `  const result = original.apply(${owner}, rest);`,
    '  const suffix = process.env.PRESS_CTRL_C_ARG;',
    `  if (isMainThread && calls > 0 && (!suffix || String(rest[${at.arg ?? 0}]).endsWith(suffix)) && --calls === 0)`,
    `    for (let k = 0; k < ${at.signals ?? 1}; k++) process.kill(process.pid, 'SIGINT');`,
    '  return result;',
    '};',
    'syncBuiltinESMExports();',
  ].join('\n');
  return runHooked(cli, dir, hook, args, { timeout: 240_000, env: { PRESS_CTRL_C_ARG: at.argEndsWith ?? '' } });
}

/** The CLI run with `hook` imported first (a module's text), its outcome as the tests read it. */
function runHooked(cli: string, dir: string, hook: string, args: string[], o: { timeout: number; env: Record<string, string>; input?: string }) {
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, cli, ...args], {
    encoding: 'utf8',
    cwd: dir,
    input: o.input,
    timeout: o.timeout,
    env: { ...process.env, ...o.env },
  });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

/**
 * Runs the CLI with a Ctrl-C that lands while it waits in a read of the
 * input `file` ("-" for standard input), as a press does while a pipe or a
 * FIFO has not yet written: the signal comes, and that read(2) returns
 * EINTR. Which of the two the run meets first is then up to the threads
 * (the signal is heard on V8's watchdog thread), so callers run it a few times.
 */
export function interruptedInRead(cli: string, dir: string, file: string, args: string[], input = '') {
  const hook = [
    "import fs from 'node:fs';",
    "import { syncBuiltinESMExports } from 'node:module';",
    "import { isMainThread } from 'node:worker_threads';",
    'const file = process.env.PRESS_CTRL_C_IN_READ;',
    "let fd = file === '-' ? 0 : undefined;",
    'const [openSync, readSync] = [fs.openSync, fs.readSync];',
    'fs.openSync = (...rest) => {',
    '  const opened = openSync(...rest);',
    '  if (isMainThread && fd === undefined && String(rest[0]).endsWith(file)) fd = opened;',
    '  return opened;',
    '};',
    'fs.readSync = (...rest) => {',
    '  if (!isMainThread || rest[0] !== fd) return readSync(...rest);',
    '  fd = null;',
    "  process.kill(process.pid, 'SIGINT');",
    "  throw Object.assign(new Error('EINTR: interrupted system call, read'), { errno: -4, code: 'EINTR', syscall: 'read' });",
    '};',
    'syncBuiltinESMExports();',
  ].join('\n');
  return runHooked(cli, dir, hook, args, { timeout: 120_000, env: { PRESS_CTRL_C_IN_READ: file }, input });
}
