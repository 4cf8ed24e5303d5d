import { spawnSync } from 'node:child_process';

/**
 * Runs the CLI with a Ctrl-C that it sends itself at a defined point: when
 * it opens a file whose path ends with `openedFile` (the puzzle being read,
 * a solver's WebAssembly loading), once, from the main thread. No timing:
 * the press lands in the same place however fast the machine is.
 */
export function interruptedOnOpen(cli: string, dir: string, openedFile: string, args: string[]) {
  const hook = [
    "import fs from 'node:fs';",
    "import { syncBuiltinESMExports } from 'node:module';",
    "import { isMainThread } from 'node:worker_threads';",
    'const openSync = fs.openSync;',
    'let pressed = false;',
    'fs.openSync = (path, ...rest) => {',
    '  const fd = openSync(path, ...rest);',
    "  if (isMainThread && !pressed && String(path).endsWith(process.env.PRESS_CTRL_C_ON_OPEN)) { pressed = true; process.kill(process.pid, 'SIGINT'); }",
    '  return fd;',
    '};',
    'syncBuiltinESMExports();',
  ].join('\n');
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, cli, ...args], {
    encoding: 'utf8',
    cwd: dir,
    timeout: 240_000,
    env: { ...process.env, PRESS_CTRL_C_ON_OPEN: openedFile },
  });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}
