/**
 * What a test needs beyond `npm install`, and the one line that says why it
 * is skipped where that is missing. Use it as the condition of skipIf:
 *
 *   describe.skipIf(missing('minisat-wasm'))('...', () => { ... });
 *   it.skipIf(missing('redis-server', 'cadical'))('...', async () => { ... });
 *
 * missing() returns undefined when everything is here, else the line, which
 * it also records: test/helpers/skip-summary.ts prints every recorded line
 * once at the end of the run, so a run without the WebAssembly engines or
 * the Debian packages says what it left out instead of failing.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SOLVERS } from '../../solvers/index.js';

/** Programs and the Debian package that has each (npm run setup installs them as root). */
const PROGRAMS: Record<string, string> = {
  minisat: 'minisat',
  cadical: 'cadical',
  cryptominisat5: 'cryptominisat',
  picosat: 'picosat',
  clasp: 'clasp',
  chromium: 'chromium',
  'redis-server': 'redis-server',
  openssl: 'openssl',
  script: 'bsdutils',
};

/** A solver by name (solvers/index.ts: minisat-wasm, cadical-wasm, clasp-wasm, ...), 'cli', 'non-root', or a program looked up on PATH. */
export type Requirement = 'minisat-wasm' | 'cadical-wasm' | 'clasp-wasm' | 'cli' | 'non-root' | (string & {});

const root = join(import.meta.dirname, '..', '..');

/** The Debian packages solvers/setup/setup.sh installs, read from its DEBIAN_PACKAGES line (declared there once). */
const SETUP_PACKAGES = (readFileSync(join(root, 'solvers', 'setup', 'setup.sh'), 'utf8').match(/^DEBIAN_PACKAGES=\(([^)]*)\)/m)?.[1] ?? '').split(
  /\s+/,
);

/** Why `what` is not here, or undefined when it is. */
function absence(what: Requirement): string | undefined {
  // Root reads and writes a file whatever its mode: a test of an unreadable file needs another user.
  if (what === 'non-root') return process.getuid?.() === 0 ? 'a user other than root (root reads a file whatever its mode)' : undefined;
  if (what === 'cli')
    return existsSync(join(root, 'dist', 'src', 'cli', 'main.js')) ? undefined : 'the compiled CLI (dist/; npm test compiles it first)';
  const solver = SOLVERS.find((f) => f.name === what);
  if (solver && !(what in PROGRAMS)) {
    const a = solver.available();
    return a.ok ? undefined : `${what} (${a.reason})`;
  }
  const found = spawnSync('sh', ['-c', `command -v ${what}`], { encoding: 'utf8' }).status === 0;
  if (found) return undefined;
  const pkg = PROGRAMS[what];
  const bySetup = pkg !== undefined && SETUP_PACKAGES.includes(pkg) ? ', which npm run setup installs as root' : '';
  return `${what} (not on PATH${pkg ? `; Debian package ${pkg}${bySetup}` : ''})`;
}

const known = new Map<Requirement, string | undefined>();

/** Undefined when every requirement is met; else one line naming what is missing (also recorded for the end-of-run summary). */
export function missing(...requirements: Requirement[]): string | undefined {
  const absent = requirements.flatMap((r) => {
    if (!known.has(r)) known.set(r, absence(r));
    return known.get(r) ?? [];
  });
  if (absent.length === 0) return undefined;
  const line = `needs ${absent.join(', ')}`;
  const log = inject('skipLog');
  if (log) appendFileSync(log, `${testFile()}: ${line}\n`);
  return line;
}

/** The test file calling missing(), from the stack (module-level calls run while it loads). */
function testFile(): string {
  const frame = new Error().stack?.split('\n').find((l) => /\.test\.ts/.test(l));
  return frame?.match(/(test\/[\w.-]+\.test\.ts)/)?.[1] ?? 'a test file';
}
