import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { seededRandom } from '../src/core/random.js';

/**
 * SIGKILL at random moments, then --resume, twenty times over: the file must
 * end up with every solution exactly once and no corrupt line. The kill hits
 * the whole process group (worker threads, child solvers), as a crash or an
 * OOM killer would; the moments come from a fixed seed.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-kill-');
const CYCLES = 20;

/** Lines in `file` so far (0 before it exists). */
function linesIn(file: string): number {
  try {
    return readFileSync(file, 'utf8').split('\n').length - 1;
  } catch {
    return 0;
  }
}

/**
 * Runs the CLI in its own process group and SIGKILLs the group once `file`
 * holds `more` lines beyond what it held at the start (if the run is still
 * going): each cycle then makes a little progress however fast or loaded the
 * machine is, and the kill lands a few milliseconds after a write, often
 * during the next one.
 */
function runAndKill(args: string[], file: string, more: number): Promise<{ killed: boolean; code: number | null; err: string }> {
  return new Promise((resolve) => {
    const before = linesIn(file);
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let killed = false;
    const poll = setInterval(() => {
      if (linesIn(file) < before + more) return;
      clearInterval(poll);
      killed = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10);
    child.on('exit', (code) => {
      clearInterval(poll);
      resolve({ killed: killed && code === null, code, err });
    });
  });
}

/**
 * Up to CYCLES runs of `args` writing `file` (all but the first with
 * --resume), each killed once it has written 1 to 8 new lines, until one
 * finishes; how many were killed. Runs after a finished one would only
 * resume a complete file, which the caller's last run does anyway.
 */
async function killCycles(args: string[], file: string, random: () => number): Promise<number> {
  let kills = 0;
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const r = await runAndKill(cycle === 0 ? args : [...args, '--resume'], file, 1 + Math.floor(8 * random()));
    if (r.killed) {
      kills++;
      continue;
    }
    // A run that was not killed finished cleanly; it never reports an error.
    expect({ code: r.code, err: r.err.replace(/^puzzlesat: resuming: .*\n/, '') }).toEqual({ code: 0, err: '' });
    break;
  }
  return kills;
}

/** The last, uninterrupted run: --resume --json to the end. */
const resumed = (args: string[]) => spawnSync(process.execPath, [cli, ...args, '--resume', '--json'], { cwd: dir, encoding: 'utf8' });

describe('kill and resume', { timeout: 180_000 }, () => {
  it('enumerate 6x10 --unique --out: exactly the 2339 classes, each once', async () => {
    const out = join(dir, '6x10.jsonl');
    const run = ['enumerate', 'pentomino', '--preset', '6x10', '--unique', '--solver', 'dlx', '--show', '0'];
    const args = [...run, '--out', out];
    expect(await killCycles(args, out, seededRandom(15))).toBeGreaterThan(5);
    const final = resumed(args);
    expect(final.status).toBe(0);
    expect(JSON.parse(final.stdout)).toMatchObject({ count: 2339, raw: 9356, complete: true });
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((l) => JSON.parse(l) as { puzzlesat?: string; vars?: number[]; cube?: string });
    expect(records[0]!.puzzlesat).toBe('enumerate');
    expect(records.slice(1).every((r) => Array.isArray(r.vars) || typeof r.cube === 'string')).toBe(true);
    const solutions = records.filter((r) => r.vars).map((r) => r.vars!.join(','));
    expect(solutions).toHaveLength(2339);
    expect(new Set(solutions).size).toBe(2339);
  });

  it('count 6x10 --unique --output: killed at random moments, resumed to the 2339 classes', async () => {
    const out = join(dir, '6x10-count.jsonl');
    const run = ['count', 'pentomino', '--preset', '6x10', '--unique'];
    const args = [...run, '--output', out];
    expect(await killCycles(args, out, seededRandom(23))).toBeGreaterThan(5);
    const final = resumed(args);
    expect(final.status).toBe(0);
    expect(JSON.parse(final.stdout)).toMatchObject({ count: 2339, complete: true });
    const records = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { term?: string; unit?: string });
    const units = records.filter((r) => r.unit !== undefined).map((r) => `${r.term} ${r.unit}`);
    expect(new Set(units).size).toBe(units.length);
  });

  it('sweep --count --sample --out: the same rows as an uninterrupted sweep', async () => {
    const sample = ['sweep', 'genius-square', '--count', '--sample', '160', '--workers', '1'];
    const reference = join(dir, 'reference.tsv');
    expect(spawnSync(process.execPath, [cli, ...sample, '--out', reference], { cwd: dir }).status).toBe(0);
    const out = join(dir, 'killed.tsv');
    expect(await killCycles([...sample, '--out', out], out, seededRandom(16))).toBeGreaterThan(5);
    expect(spawnSync(process.execPath, [cli, ...sample, '--out', out, '--resume'], { cwd: dir }).status).toBe(0);
    // The rows without their checksums, which chain over the order the rows were written in.
    const rows = (path: string) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/\t[0-9a-f]{32}$/, ''));
    const got = rows(out);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual([...rows(reference)].sort());
  });
});
