import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../encoders/catalogue/index.js';

const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 600_000 });

describe('the catalogue on the command line', () => {
  it('list puzzles names every catalogue puzzle after the puzzle kinds', () => {
    const r = run('list', 'puzzles', '--json');
    expect(r.status).toBe(0);
    const names = (JSON.parse(r.stdout) as { name: string }[]).map((x) => x.name);
    expect(names).toContain('polyomino');
    for (const p of CATALOGUE) expect(names).toContain(p.name);
  }, 120_000);

  it('verify reproduces published counts with our solver, and says which it cannot count yet', () => {
    // Soma clip: 20 classes under rotation (Polyform Puzzler, polycubes page, SomaClip);
    // pentominoes 3x20: 2 classes (Knuth, Dancing Links, 2000); Soma castle 1: 6 solutions (Puzzler, SomaCastle1).
    const r = run('verify', 'soma-clip', 'pentominoes-3x20', 'soma-castle-1', 'hexiamonds-6x6', 'pentominoes-diamond', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      status: string;
      agrees: number;
      unsupported: number;
      puzzles: { name: string; outcome: string; count?: number; solver?: string }[];
    };
    expect(out.status).toBe('OK');
    const byName = Object.fromEntries(out.puzzles.map((p) => [p.name, p]));
    expect(byName['soma-clip']).toMatchObject({ outcome: 'agrees', count: 20 });
    expect(byName['pentominoes-3x20']).toMatchObject({ outcome: 'agrees', count: 2 });
    expect(byName['soma-castle-1']).toMatchObject({ outcome: 'agrees', count: 6 });
    expect(byName['soma-clip']!.solver).toBeTruthy();
    // The triangle grid waits for the polyform puzzle; the diamond's count is one solution per class (perClass), so it runs.
    expect(byName['hexiamonds-6x6']!.outcome).toBe('unsupported');
    expect(byName['pentominoes-diamond']).toMatchObject({ outcome: 'agrees', count: 8 });
  }, 600_000);

  it('--puzzle gives the named board and pieces to solve, enumerate, encode and explain', () => {
    const r = run('enumerate', 'polycube', '--puzzle', 'soma-clip', '--unique', '--symmetry', 'rotations', '--show', '0', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ count: 20, complete: true });
    expect(run('solve', 'polyomino', '--puzzle=pentominoes-3x20').status).toBe(0);
    expect(run('explain', 'pentomino', '--puzzle', 'pentominoes-3x20').stdout).toMatch(/clauses/);
  }, 600_000);

  it.each([
    [['verify', 'no-such-puzzle'], 1, /unknown catalogue puzzle "no-such-puzzle"/],
    [['verify', '--max-seconds', '0'], 2, /--max-seconds/],
    [['enumerate', 'polyomino', '--puzzle', 'soma-clip'], 1, /a polycube puzzle, not polyomino/],
    [['enumerate', 'polyomino', '--puzzle', 'hexiamonds-6x6'], 1, /the triangle grid needs the polyform puzzle/],
    [['enumerate', 'polyomino', '--puzzle', 'pentominoes-3x20', '--board', '3x3'], 1, /give it without --board/],
  ] as const)(
    'bad input %j: one line, exit %i',
    (args, code, message) => {
      const r = run(...args);
      expect(r.status).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    },
    120_000,
  );
});
