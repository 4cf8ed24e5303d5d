import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processStartTime } from '../solvers/external/process.js';

/**
 * One regression test per defect of issue 26 ("no wrong count from a
 * tampered file, no process killed that we did not start, no file
 * overwritten, no input that exhausts memory"), each written to fail before
 * its fix, most on the compiled CLI with the command the issue gives.
 */
const cli = process.env.PUZZLESAT_CLI ?? join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-hardening-'));

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function run(args: string[], options: SpawnSyncOptions = {}): Run {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 120_000, ...options });
  return { code: r.status, out: String(r.stdout), err: String(r.stderr) };
}

/** One line on stderr, no stack trace, no internal error, the exit code given. */
function expectOneLineError(r: Run, message: RegExp, code = 1): void {
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.err).not.toMatch(/internal error|^\s+at /m);
  expect(r.code).toBe(code);
}

/** Running, and not a zombie (a killed child of this test runner stays one until the event loop reaps it). */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
};

describe('2. only our own processes', () => {
  const sleepers: number[] = [];
  /** A process in a group of its own, as a solver (or anyone's process) runs. */
  function sleeper(): number {
    const child = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
    child.unref();
    sleepers.push(child.pid!);
    return child.pid!;
  }
  afterAll(() => {
    for (const pid of sleepers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
  const tmp = () => mkdtempSync(join(dir, 'tmp-'));
  const uid = process.getuid?.() ?? 'u';

  it('a run folder planted in a shared temporary directory kills nothing (the issue: puzzlesat-4000000-x)', () => {
    const t = tmp();
    const victim = sleeper();
    mkdirSync(join(t, 'puzzlesat-4000000-x'));
    writeFileSync(join(t, 'puzzlesat-4000000-x', 'solver.pid'), String(victim));
    expect(run(['solvers'], { env: { ...process.env, TMPDIR: t } }).code).toBe(0);
    expect(alive(victim)).toBe(true);
  });

  it('a folder named as ours but not private, or naming a process by pid alone or another start time, kills nothing', () => {
    const t = tmp();
    const victim = sleeper();
    const start = processStartTime(victim)!;
    const dead = 4_000_000;
    // Open to others (mode 755): not a folder mkdtemp made for us.
    const open = join(t, `puzzlesat-${uid}-${dead}-1-open`);
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    writeFileSync(join(open, 'solver.pid'), `${victim} ${start}`);
    // Private, but the record names the pid without its start time, or with another.
    for (const [name, record] of [
      ['bare', String(victim)],
      ['reused', `${victim} ${Number(start) + 1}`],
      ['negative', `-${victim} ${start}`],
    ]) {
      const d = join(t, `puzzlesat-${uid}-${dead}-1-${name}`);
      mkdirSync(d, { mode: 0o700 });
      writeFileSync(join(d, 'solver.pid'), record!);
    }
    expect(run(['solvers'], { env: { ...process.env, TMPDIR: t } }).code).toBe(0);
    expect(alive(victim)).toBe(true);
    // The open folder is left alone; the private stale ones are removed.
    expect(readdirSync(t)).toEqual([`puzzlesat-${uid}-${dead}-1-open`]);
  });

  it('a stale run folder of ours (owner gone, its solver still the one started) is cleaned and its solver killed; a live one is kept', () => {
    const t = tmp();
    const orphan = sleeper();
    const stale = join(t, `puzzlesat-${uid}-4000000-1-stale`);
    mkdirSync(stale, { mode: 0o700 });
    writeFileSync(join(stale, 'solver.pid'), `${orphan} ${processStartTime(orphan)}`);
    // A folder of a live process (this test runner, with its true start time) is not stale.
    const live = `puzzlesat-${uid}-${process.pid}-${processStartTime(process.pid)}-live`;
    mkdirSync(join(t, live), { mode: 0o700 });
    expect(run(['solvers'], { env: { ...process.env, TMPDIR: t } }).code).toBe(0);
    expect(alive(orphan)).toBe(false);
    expect(readdirSync(t)).toEqual([live]);
  });

  it('a missing TMPDIR with an external solver is one line, exit 1', () => {
    const fake = mkdtempSync(join(dir, 'bin-'));
    writeFileSync(join(fake, 'minisat'), '#!/bin/sh\necho "s SATISFIABLE"\nexit 10\n', { mode: 0o755 });
    const cnf = join(dir, 'one.cnf');
    writeFileSync(cnf, 'p cnf 1 1\n1 0\n');
    const env = { ...process.env, TMPDIR: join(dir, 'no-such-dir'), PATH: `${fake}:${process.env.PATH}` };
    expectOneLineError(run(['solve', cnf, '--solver', 'minisat'], { env }), /no-such-dir.*TMPDIR.*ENOENT/);
  });

  it('the start time read from /proc tells processes apart', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(2 ** 30)).toBeUndefined();
    expect(existsSync(`/proc/${process.pid}/stat`)).toBe(true);
  });
});
