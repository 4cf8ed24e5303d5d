import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { Formula, atMost, count, enumerate, parseDimacs, toDimacs } from '../src/index.js';

/**
 * A DIMACS file's projection, as the library (parseDimacs) and the CLI
 * (count FILE.cnf, enumerate FILE.cnf) read it: one rule for both. Without a
 * projection line the solution variables are those not marked `c aux`; a
 * projection line naming no variable (`c p show 0`, the Model Counting
 * Competition's form) projects onto none: 1 solution if the formula has a
 * model, else 0.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-projection-');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function run(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const cliCount = (verb: 'count' | 'enumerate', path: string): unknown => {
  const r = run(verb, path, '--json');
  expect(r.err, `${verb} ${path}`).toBe('');
  expect(r.code).toBe(0);
  return (JSON.parse(r.out.trim().split('\n').at(-1)!) as { count: unknown }).count;
};

async function solutions(text: string): Promise<string[][]> {
  const found: string[][] = [];
  for await (const s of enumerate(parseDimacs(text), { timeout: 60 })) found.push(s.solution);
  return found;
}

describe('a file with c aux lines and no projection line', () => {
  // At most one of a, b, c, d by the sequential counter: its auxiliaries are not functions of the inputs, so counting them too gave 8, not 5.
  const f = new Formula();
  atMost(
    f,
    ['a', 'b', 'c', 'd'].map((name) => f.vars.id(name)),
    1,
    { encoding: 'sequential' },
  );
  const text = toDimacs(f);
  const path = file('aux.cnf', text);

  it('is read alike by the library and the CLI: on the variables not marked auxiliary', async () => {
    expect(text).toMatch(/^c aux /m);
    expect(text).not.toMatch(/^c (project|ind|p show)/m);
    expect((await count(f)).count).toBe(5n);
    expect((await count(parseDimacs(text))).count).toBe(5n);
    expect((await solutions(text)).sort()).toEqual([[], ['a'], ['b'], ['c'], ['d']]);
    expect(cliCount('count', path)).toBe(5);
    expect(cliCount('enumerate', path)).toBe(5);
  });

  it('read back, it takes variables named later into its solutions, as the formula written by hand does, and is written back as it was', async () => {
    // The file's variables were made its projection: z, named after reading, was left out of every count (3, not 5) and enumeration.
    const read = parseDimacs(text);
    expect(toDimacs(read)).toBe(text);
    const written = new Formula();
    atMost(written, ['a', 'b'], 1);
    const again = parseDimacs(toDimacs(written));
    for (const g of [written, again]) atMost(g, ['a', 'z'], 1);
    expect((await count(again)).count).toBe(5n);
    expect((await count(again)).count).toBe((await count(written)).count);
  });
});

describe('a projection onto no variable: c p show 0, c ind 0, c project 0', () => {
  const sat = (line: string) => `p cnf 3 2\n${line}\n1 2 0\n-1 3 0\n`;
  const unsat = (line: string) => `p cnf 2 4\n${line}\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n`;

  for (const line of ['c p show 0', 'c ind 0', 'c project 0']) {
    it(`${line}: 1 solution, the empty one, when satisfiable; none when not`, async () => {
      expect(parseDimacs(sat(line)).projection).toEqual([]);
      expect((await count(parseDimacs(sat(line)))).count).toBe(1n);
      expect((await count(parseDimacs(unsat(line)))).count).toBe(0n);
      expect(await solutions(sat(line))).toEqual([[]]);
      expect(await solutions(unsat(line))).toEqual([]);
      // Written back, it stays a projection onto none (it is not lost, which would read as every variable: 4 models).
      expect((await count(parseDimacs(toDimacs(parseDimacs(sat(line)))))).count).toBe(1n);
    });
  }

  it('count FILE.cnf and enumerate FILE.cnf, with every engine that enumerates natively too', () => {
    const satPath = file('sat.cnf', sat('c p show 0'));
    const unsatPath = file('unsat.cnf', unsat('c p show 0'));
    expect(cliCount('count', satPath)).toBe(1);
    expect(cliCount('count', unsatPath)).toBe(0);
    expect(cliCount('enumerate', satPath)).toBe(1);
    expect(cliCount('enumerate', unsatPath)).toBe(0);
    // An engine's own projected enumeration takes an empty set for none and repeated the empty solution: the loop serves instead.
    for (const solver of ['minisat-wasm', 'clasp-wasm']) {
      const r = run('enumerate', satPath, '--solver', solver, '--json');
      expect(r.err, solver).toBe('');
      expect(JSON.parse(r.out) as unknown, solver).toMatchObject({ count: 1, complete: true });
    }
    const text = run('enumerate', satPath);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^v 0$/m);
  });

  it('a bare projection line, with no closing 0, is still refused', () => {
    expect(() => parseDimacs('p cnf 3 1\n1 2 0\nc ind\n', 'f.cnf')).toThrow(/^f\.cnf:3: "c ind" names no variable/);
  });
});

describe("a weighted file (the Model Counting Competition's c p weight lines)", () => {
  // Weights make the answer a weighted sum, which the counter does not compute: it printed the unweighted count (3 here, the weighted one 1.7).
  const text = 'p cnf 2 1\nc t wmc\nc p weight 1 0.3 0\nc p weight -1 0.7 0\n1 2 0\n';
  const path = file('weighted.cnf', text);

  it('count refuses it, naming the weight line, rather than print an unweighted count', async () => {
    const r = run('count', path, '--json');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      `puzzlesat: ${path}:3: "c p weight" gives literals weights, and count counts models unweighted; drop the weight lines to count the models\n`,
    );
    await expect(count(parseDimacs(text, 'w.cnf'))).rejects.toThrow(/^w\.cnf:3: "c p weight" gives literals weights/);
  });

  it('solve and enumerate read it as before: weights change no model', async () => {
    expect(await solutions(text)).toHaveLength(3);
    expect(cliCount('enumerate', path)).toBe(3);
  });
});

describe('enumerate FILE.cnf draws its models as solve FILE.cnf does', () => {
  // Drawn models, the blocks between blank lines before the summary line.
  const drawn = (out: string): string[] => out.trimEnd().split('\n\n').slice(0, -1);

  it('signed literals in v lines of 16 and a closing v 0, the very lines solve prints (regression: "v 2 0", the true variables only)', () => {
    // One model, with true and false variables, long enough for a second v line.
    const units = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -(i + 1) : i + 1));
    const path = file('one-model.cnf', `p cnf 20 20\n${units.map((l) => `${l} 0`).join('\n')}\n`);
    const solved = run('solve', path);
    expect(solved.code).toBe(0);
    const vLines = solved.out.replace(/^s SATISFIABLE\n/, '').trimEnd();
    expect(vLines.split('\n')).toHaveLength(3);
    const listed = run('enumerate', path);
    expect(listed.code).toBe(0);
    expect(drawn(listed.out)).toEqual([vLines]);
  });

  it('on its projection (c p show, c ind): each drawn model signs every projected variable and no other', () => {
    // Projected onto 1 and 3, three models: 1 and 3 false, 3 alone, both.
    const body = '1 2 0\n-1 3 0\n-2 4 0\n';
    for (const line of ['c p show 3 1 0', 'c ind 1 3 0']) {
      const path = file('projected.cnf', `p cnf 4 3\n${line}\n${body}`);
      const r = run('enumerate', path, '--show', '5');
      expect(r.code, line).toBe(0);
      expect(drawn(r.out).sort(), line).toEqual(['v -1 -3\nv 0', 'v -1 3\nv 0', 'v 1 3\nv 0']);
    }
  });

  it('says models in its summary, as count FILE.cnf does (regression: "4 solutions in …" beside count\'s "4 models in …")', () => {
    const path = file('summary.cnf', 'p cnf 3 2\n1 2 0\n-1 3 0\n');
    expect(run('count', path).out).toMatch(/^4 models in /m);
    expect(run('enumerate', path).out).toMatch(/^4 models in /m);
  });

  it('draws the first model alone unless --show asks for more, as for puzzles', () => {
    const path = file('four.cnf', 'p cnf 3 2\n1 2 0\n-1 3 0\n');
    expect(drawn(run('enumerate', path).out)).toHaveLength(1);
    expect(drawn(run('enumerate', path, '--show', '3').out)).toHaveLength(3);
  });
});
