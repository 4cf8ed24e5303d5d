import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { polycube } from '../encoders/polycube.js';
import { pentomino } from '../encoders/polyomino.js';
import { timedOutUnitless } from '../src/cli/count.js';
import { MemoryBoundExceeded } from '../src/count/engine.js';

// The compiled CLI, as users run it (`npm test` compiles first).
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-count-');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, 'count', ...args], { encoding: 'utf8', cwd: dir, timeout: 600_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const json = (r: ReturnType<typeof run>) => JSON.parse(r.out) as Record<string, unknown>;

/** Lines with their checksums recomputed (SHA-256 of the previous sum and the record, 32 hex digits), as a forger would. */
function rechained(lines: readonly string[]): string[] {
  let sum = createHash('sha256').update(`\n${lines[0]}`).digest('hex').slice(0, 32);
  return lines.map((line, i) => {
    if (i === 0) return line;
    const body = line.replace(/,"sum":"[0-9a-f]+"\}$/, '').replace(/\}$/, '');
    sum = createHash('sha256').update(`${sum}\n${body}`).digest('hex').slice(0, 32);
    return `${body},"sum":"${sum}"}`;
  });
}

describe('puzzlesat count', { timeout: 600_000 }, () => {
  it('counts solutions and classes with the summary contract, cache statistics included', () => {
    const r = run('pentomino', '--preset', '6x10', '--unique', '--json');
    expect(r.code).toBe(0);
    const j = json(r);
    // 2339 classes of the 6x10 rectangle (e.g. Polyform Puzzler's pentomino pages; enumerate checks it too).
    expect(j).toMatchObject({ status: 'SAT', count: 2339, complete: true, unique: true, counter: 'exact-cover', solver: 'exact-cover counter' });
    expect(j.method).toMatch(/^Burnside over 4 symmetries, pinned at \d+ representatives/);
    expect(j.vars).toBeGreaterThan(2000);
    expect(typeof j.seconds).toBe('number');
    expect(j.cache).toMatchObject({ entries: expect.any(Number), bytes: expect.any(Number), hits: expect.any(Number), hitRate: expect.any(Number) });
    expect((j.cache as { lookups: number }).lookups).toBeGreaterThan(0);
    const plain = run('pentomino', '--preset', '6x10');
    expect(plain.out).toMatch(
      /^9,356 solutions in [\d.]+ s by exact cover \((sweep|mrv)\) \[\d+ vars, \d+ clauses\]; [\d,]+ nodes, cache [\d,]+ entries/,
    );
  });

  it('a part of the search past what the counter tells apart is refused in one line naming the bound and what counts past it (regression: "internal error")', () => {
    // 20 dominoes of distinct names on a 2x20 board, classes: pinned, the board falls into parts, counted by parts, whose tables hold no more than 2^53.
    const pieces = Array.from({ length: 20 }, (_, i) => `P${i}=##`).join(',');
    const byParts = run('polyomino', '--board', '2x20', '--pieces', pieces, '--unique');
    expect({ code: byParts.code, out: byParts.out, err: byParts.err }).toEqual({
      code: 1,
      out: '',
      err: 'puzzlesat: count: one part of the search has more than 9007199254740991 solutions (2^53 - 1), beyond what counting by parts keeps exactly; --strategy sweep or mrv counts past it\n',
    });
    // 4 x 140 by dominoes, about 2^206 tilings: past what the lanes' three primes tell apart.
    const lanes = run('polyomino', '--board', '140x4', '--pieces', 'D2*280');
    expect({ code: lanes.code, out: lanes.out }).toEqual({ code: 1, out: '' });
    expect(lanes.err).toMatch(
      /^puzzlesat: count: one part of the search has about \d\.\d\de\+\d+ solutions, more than the exact-cover counter tells apart \(about \d\.\de\+\d+\); --method cnf counts without that bound\n$/,
    );
  });

  it('--json writes a count and its terms past 2^53 as exact integers (regression: refused, the units summed as doubles)', () => {
    // Domino tilings of 12x12: 53,060,477,521,960,000 (OEIS A004003); one term, the identity, fixes all of them.
    const r = run('polyomino', '--board', '12x12', '--pieces', 'D2*72', '--json');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\{"count":53060477521960000,"status":"SAT",/);
    expect(r.out).toContain('"terms":[{"key":"s0","fixed":53060477521960000,"complete":true,');
  });

  it('counts a DIMACS file on its projection, and prints counts beyond 2^53 exactly', () => {
    writeFileSync(join(dir, 'free.cnf'), 'p cnf 70 0\n');
    const free = run('free.cnf', '--json');
    expect(free.code).toBe(0);
    expect(free.out).toMatch(/^\{"count":1180591620717411303424,/);
    writeFileSync(join(dir, 'or.cnf'), 'p cnf 3 1\nc p show 1 2 0\n1 2 3 0\n');
    expect(run('or.cnf').out).toMatch(/^4 models /);
    writeFileSync(join(dir, 'unsat.cnf'), 'p cnf 1 2\n1 0\n-1 0\n');
    expect(json(run('unsat.cnf', '--json'))).toMatchObject({ status: 'UNSAT', count: 0, complete: true });
    // The name is the user's: whatever it holds is written as given, and the count as a number.
    writeFileSync(join(dir, 'bigint:7.cnf'), 'p cnf 2 1\n1 2 0\n');
    expect(run('bigint:7.cnf', '--json').out).toMatch(/^\{"count":3,"status":"SAT","puzzle":"bigint:7\.cnf",/);
  });

  it('refuses a projection line without its closing 0, in one line naming file:line, exit 1 (regression: "c ind 1 2" was read as "c ind 1 2 0")', () => {
    writeFileSync(join(dir, 'open.cnf'), 'p cnf 3 1\nc ind 1 2\n1 2 3 0\n');
    const r = run('open.cnf');
    expect([r.code, r.out, r.err]).toEqual([1, '', 'puzzlesat: open.cnf:2: "c ind" has no closing 0: a projection line ends in 0 ("c ind 1 2 0")\n']);
  });

  it('counts classes by Burnside and by the symmetry-breaking family alike, and a puzzle with copies by its formula', () => {
    const board = ['polyomino', '--board', '10x3', '--pieces', 'P,U,V,L,Y,N'];
    const burnside = json(run(...board, '--unique', '--json'));
    const group = json(run(...board, '--unique', '--unique-by', 'burnside-group', '--json'));
    const clauses = json(run(...board, '--unique', '--unique-by', 'clauses', '--json'));
    expect(burnside.count).toBe(9);
    expect(group.count).toBe(9);
    expect(clauses).toMatchObject({ count: 9, counter: 'cnf' });
    // Two L tetrominoes are copies: exact cover with an item per copy, each solution once (enumerate agrees).
    const copies = ['polyomino', '--board', '4x2', '--pieces', 'L4*2'];
    const enumerated = spawnSync(process.execPath, [cli, 'enumerate', ...copies, '--json', '--show', '0'], { encoding: 'utf8', cwd: dir });
    expect(json(run(...copies, '--json'))).toMatchObject({ counter: 'exact-cover', count: JSON.parse(enumerated.stdout).count });
  });

  it('stops at --timeout with a lower bound marked incomplete', () => {
    // O'Beirne's hexagon takes its counter about 100 CPU minutes, and building its formula about a second: a timeout of
    // 8 s stops the search itself on any machine, however loaded (1 s on the 8x8 board ran out while the formula was
    // built on a loaded machine, a summary without a share done).
    const hexagon = ['polyform', '--puzzle', 'one-sided-hexiamonds-obeirnes-hexagon', '--timeout', '8'];
    const r = run(...hexagon, '--json');
    expect(r.code).toBe(0);
    const j = json(r);
    expect(j).toMatchObject({ complete: false, counter: 'exact-cover', stopped: 'stopped' });
    expect(j.count as number).toBeLessThan(124519 * 6);
    // How far it got: a share of the search, below 1 since the count stopped.
    expect(j.done).toBeGreaterThanOrEqual(0);
    expect(j.done).toBeLessThan(1);
    expect(run(...hexagon).out).toMatch(/^at least [\d,]+ solutions \(incomplete, \d+\.\d% of the search tree behind it, branches weighed alike\)/);
    // A complete count has nothing left to estimate.
    const complete = json(run('pentomino', '--preset', '3x20', '--json'));
    expect(complete).not.toHaveProperty('done');
    expect(complete).not.toHaveProperty('stopped');
  });

  it("a formula whose search needs more than --max-memory stops at the bound (regression: the CNF counter's path went uncounted)", () => {
    // A chain of 1,000 variables: its search's path holds about 4 MB of components, twice the bound.
    const n = 1000;
    writeFileSync(join(dir, 'chain.cnf'), `p cnf ${n} ${n - 1}\n${Array.from({ length: n - 1 }, (_, i) => `${i + 1} ${i + 2} 0`).join('\n')}\n`);
    const r = run('chain.cnf', '--max-memory', '2M');
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(
      /^puzzlesat: --max-memory: the problem needs over \d+ MiB for its formula and the search's open components, beyond the bound of 2 MiB; the count above is incomplete/,
    );
    expect(r.out).toMatch(/^at least [\d,]+ models? \(incomplete, /);
    const j = json(run('chain.cnf', '--max-memory', '2M', '--json'));
    // Why it stopped, as the library's count says (regression: the JSON did not tell the bound from a timeout).
    expect(j).toMatchObject({ complete: false, stopped: 'memory' });
    expect(j.count).toEqual(expect.any(Number));
  });

  it('the CNF counter\'s memo stays within the JavaScript heap whatever --max-memory allows (regression: it grew past V8\'s limit, "heap out of memory", signal 6)', () => {
    // A heap of 36 MiB for the old generation, against the 1 GiB bound: the memo (27 MB on this count) no longer fits beside the formula.
    const r = spawnSync(process.execPath, ['--max-old-space-size=36', cli, 'count', 'pentomino', '--preset', '3x20', '--method', 'cnf', '--json'], {
      encoding: 'utf8',
      cwd: dir,
      timeout: 600_000,
    });
    expect([r.signal, r.status, r.stderr]).toEqual([null, 0, '']);
    expect(JSON.parse(r.stdout)).toMatchObject({ count: 8, complete: true, counter: 'cnf' });
  });

  it('beyond --max-memory: one line naming the bound, exit 1, the partial count marked incomplete', () => {
    const r = run('pentomino', '--preset', '6x10', '--max-memory', '1M');
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^puzzlesat: --max-memory: .*beyond the bound of 1 MiB/);
    expect(r.out).toMatch(/^at least 0 solutions \(incomplete, 0\.0% of the search tree behind it, branches weighed alike\)/);
    expect(json(run('pentomino', '--preset', '6x10', '--max-memory', '1M', '--json'))).toMatchObject({ complete: false, status: 'UNKNOWN' });
    const formula = run('pentomino', '--preset', '6x10', '--method', 'cnf', '--max-memory', '1M');
    expect(formula.code).toBe(1);
    expect(formula.err).toMatch(/^puzzlesat: --max-memory: /);
    expect(run('pentomino', '--max-memory', 'lots').code).toBe(2);
    // Regression: a bound past the machine's memory was taken, and the memo would have grown until the system killed the run.
    const past = run('pentomino', '--preset', '3x20', '--max-memory', '9999T');
    expect(past.code).toBe(2);
    expect(past.err).toMatch(/^puzzlesat: --max-memory: at most this machine's memory, [\d.]+ GiB, got "9999T"\n$/);
    // Regressions: a value beginning with a dash was read as short options ("Unknown arguments: 5, M"), an empty one as 0.
    const dashed = run('pentomino', '--max-memory', '-5M');
    expect([dashed.code, dashed.err]).toEqual([
      2,
      'puzzlesat: --max-memory: expected an amount of memory of at least 1M (a number of MiB, or with K, M, G or T), got "-5M"\n',
    ]);
    const empty = run('pentomino', '--workers', '');
    expect([empty.code, empty.err]).toEqual([2, 'puzzlesat: --workers: expected a value, got an empty one\n']);
    expect(run('pentomino', '--timeout=').err).toBe('puzzlesat: --timeout: expected a value, got an empty one\n');
  });

  it('resumes a stopped count from --output to the same total, and refuses files that do not fit', () => {
    const out = join(dir, '6x10.jsonl');
    const puzzle = ['pentomino', '--preset', '6x10'];
    expect(json(run(...puzzle, '-o', out, '--json'))).toMatchObject({ count: 9356, complete: true });
    // A count stopped half way: its header and the first half of its finished units (and a torn line).
    const whole = readFileSync(out, 'utf8').trim().split('\n');
    const half = whole.slice(0, Math.floor(whole.length / 2));
    writeFileSync(out, `${half.join('\n')}\n{"term":"s0","unit`);
    const resumed = run(...puzzle, '-o', out, '--resume', '--json');
    expect(resumed.err).toMatch(/^puzzlesat: resuming: \d+ finished parts? from /);
    expect(json(resumed)).toMatchObject({ count: 9356, complete: true });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ puzzlesat: 'count', counter: 'exact-cover', unique: false });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ done: true, count: '9356' });
    // Resuming a finished count reports it as recorded: nothing is counted again, the file stays as it was.
    const finished = readFileSync(out, 'utf8');
    const again = run(...puzzle, '-o', out, '--resume', '--json');
    expect(again.err).toMatch(/^puzzlesat: resuming: the count in .*6x10\.jsonl is finished$/m);
    expect(json(again)).toMatchObject({ count: 9356, complete: true, nodes: 0 });
    expect(readFileSync(out, 'utf8')).toBe(finished);

    // An edited count, even of the costliest unit (which the resume does not recount), breaks the checksum chain on its line.
    const units = lines.slice(1, -1).map((l) => JSON.parse(l) as { nodes: number });
    const costliest = 1 + units.indexOf(units.reduce((a, b) => (b.nodes > a.nodes ? b : a)));
    const edited = lines.map((l, i) => (i === costliest ? l.replace(/"count":"(\d+)"/, (_, n: string) => `"count":"${Number(n) + 1}"`) : l));
    writeFileSync(out, edited.join('\n') + '\n');
    const refused = run(...puzzle, '-o', out, '--resume', '--json');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(new RegExp(`6x10\\.jsonl:${costliest + 1}: the checksum does not follow from the lines above`));
    // Lines from an older puzzlesat (no checksums) are refused by name.
    writeFileSync(out, [lines[0], JSON.stringify({ term: 's0', unit: '1', count: '5', nodes: 1 })].join('\n') + '\n');
    expect(run(...puzzle, '-o', out, '--resume').err).toMatch(/6x10\.jsonl:2: no checksum/);
    // Past a forger who recomputes the chain, the recount of the cheapest units of a stopped count still catches a changed count.
    const tampered = lines.slice(0, -1).map((l) => l.replace(/"count":"(\d+)"/, (_, n: string) => `"count":"${Number(n) + 1}"`));
    writeFileSync(out, rechained(tampered).join('\n') + '\n');
    const caught = run(...puzzle, '-o', out, '--resume');
    expect(caught.code).toBe(1);
    expect(caught.err).toMatch(/--resume: .*6x10\.jsonl:\d+: unit ".*" was recorded with \d+ solutions, recounting gives \d+/);
    // And a unit that is not in this count's tree.
    writeFileSync(out, rechained([lines[0]!, JSON.stringify({ term: 's0', unit: '99999 1', count: '5', nodes: 1 })]).join('\n') + '\n');
    expect(run(...puzzle, '-o', out, '--resume').err).toMatch(/6x10\.jsonl:2: unit "99999 1" is not a subtree of this count/);
    // Another count's file.
    expect(run(...puzzle, '--unique', '-o', out, '--resume').err).toMatch(/counts solutions \(no --unique\); resume it the same way/);
    expect(run('pentomino', '--preset', '5x12', '-o', out, '--resume').err).toMatch(
      /was written for other puzzle parameters \(preset: "6x10" in the file, "5x12" now\)/,
    );
    expect(run(...puzzle, '-o', out).err).toMatch(/exists; add --resume to continue it or --force to replace it/);
  });

  it('refuses a resumed record of a term the count does not have, at its line, the file untouched, by either counter without --unique (regression: the record was silently ignored and the count went on)', () => {
    writeFileSync(join(dir, 'terms.cnf'), 'p cnf 3 2\n1 2 0\n-1 3 0\n');
    const counts = [
      { args: ['polyomino', '--board', '5x4', '--pieces', 'L,P,T,Y'], file: 'terms-ec.jsonl', term: 's1' },
      { args: ['terms.cnf'], file: 'terms-cnf.jsonl', term: 's0' },
    ];
    for (const { args, file, term } of counts) {
      const out = join(dir, file);
      expect(run(...args, '-o', out).code).toBe(0);
      const [header, unit] = readFileSync(out, 'utf8').split('\n');
      const forged = `${rechained([header!, unit!.replace(/"term":"[^"]*"/, `"term":"${term}"`)]).join('\n')}\n`;
      writeFileSync(out, forged);
      const r = run(...args, '-o', out, '--resume');
      expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
      expect(r.err.trim().split('\n').at(-1)).toBe(
        `puzzlesat: --resume: ${out}:2: term "${term}" is not a term of this count; the file is of another count (or of another version of the counter)`,
      );
      expect(readFileSync(out, 'utf8')).toBe(forged);
    }
  });

  it('refuses a resumed file alone, before saying the count resumes: a record of another term, a unit of another tree, a recount that disagrees (regression: "resuming: 1 finished part" came first, then the refusal)', () => {
    writeFileSync(join(dir, 'early.cnf'), 'p cnf 3 2\n1 2 0\n-1 3 0\n');
    const polyomino = ['polyomino', '--board', '5x4', '--pieces', 'L,P,T,Y'];
    type Case = { args: string[]; forge: (lines: string[]) => string[]; line: number; says: string };
    const cases: Case[] = [
      { args: polyomino, forge: ([h, u]) => [h!, u!.replace('"term":"s0"', '"term":"s1"')], line: 2, says: 'term "s1" is not a term of this count' },
      {
        args: ['early.cnf'],
        forge: ([h, u]) => [h!, u!.replace('"term":"cnf"', '"term":"s0"')],
        line: 2,
        says: 'term "s0" is not a term of this count',
      },
      {
        args: polyomino,
        forge: ([h, u]) => [h!, u!.replace(/"unit":"[^"]*"/, '"unit":"99999 1"')],
        line: 2,
        says: 'unit "99999 1" is not a subtree of this count',
      },
      // Every unit's count one more: the cheapest, counted again, disagree.
      {
        args: polyomino,
        forge: (lines) => lines.slice(0, 10).map((l) => l.replace(/"count":"(\d+)"/, (_, n: string) => `"count":"${Number(n) + 1}"`)),
        line: 2,
        says: 'unit "0 68 113" was recorded with 1 solutions, recounting gives 0',
      },
    ];
    for (const [k, { args, forge, line, says }] of cases.entries()) {
      const out = join(dir, `early-${k}.jsonl`);
      expect(run(...args, '-o', out).code).toBe(0);
      const forged = `${rechained(forge(readFileSync(out, 'utf8').trim().split('\n'))).join('\n')}\n`;
      writeFileSync(out, forged);
      const r = run(...args, '-o', out, '--resume');
      expect({ code: r.code, out: r.out, err: r.err }).toEqual({
        code: 1,
        out: '',
        err: `puzzlesat: --resume: ${out}:${line}: ${says}; the file is of another count (or of another version of the counter)\n`,
      });
      expect(readFileSync(out, 'utf8')).toBe(forged);
    }
  });

  it("refuses a finished file whose units are not the count's, at its closing line, the file untouched: a unit missing, one changed, one twice, by either counter and for classes (regression: the closing line's count was reported as the count)", () => {
    writeFileSync(join(dir, 'closed.cnf'), 'p cnf 3 2\n1 2 0\n-1 3 0\n');
    const polyomino = ['polyomino', '--board', '5x4', '--pieces', 'L,P,T,Y'];
    const counts = [
      { args: polyomino, file: 'closed-ec.jsonl' },
      { args: ['closed.cnf'], file: 'closed-cnf.jsonl' },
      { args: [...polyomino, '--unique'], file: 'closed-classes.jsonl' },
    ];
    for (const { args, file } of counts) {
      const out = join(dir, file);
      expect(run(...args, '-o', out).code).toBe(0);
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      const units = lines.slice(1, -1).map((l) => JSON.parse(l) as { term: string; unit: string; count: string });
      const refused = (forged: string[], says: string) => {
        const text = `${rechained(forged).join('\n')}\n`;
        writeFileSync(out, text);
        const r = run(...args, '-o', out, '--resume');
        expect({ code: r.code, out: r.out, err: r.err }, file).toEqual({
          code: 1,
          out: '',
          err: `puzzlesat: ${says}; cannot resume\n`,
        });
        expect(readFileSync(out, 'utf8')).toBe(text);
      };
      // The first unit with solutions deleted, and then instead its count one more.
      const k = units.findIndex((u) => u.count !== '0');
      const { term, unit, count } = units[k]!;
      refused(
        lines.filter((_, i) => i !== k + 1),
        `--resume: ${out}:${lines.length - 1}: the count is closed as finished, but unit "${unit}" of term ${term} is not in the file`,
      );
      const more = lines.map((l, i) => (i === k + 1 ? l.replace(`"count":"${count}"`, `"count":"${BigInt(count) + 1n}"`) : l));
      const total = (JSON.parse(lines.at(-1)!) as { count: string }).count;
      // Classes: the terms of its representative, s0 and s1, sum to no multiple of the group's order 2.
      const block = units.filter((u) => u.term.split(' ')[0] === term.split(' ')[0]).reduce((n, u) => n + BigInt(u.count), 0n);
      if (args.includes('--unique'))
        refused(
          more,
          `--resume: ${out}:${lines.length}: the count is closed as finished with ${total}, but the units in the file make no whole number of classes (${term}, ${term.replace('s0', 's1')} fix ${block + 1n} in all, not a multiple of 2)`,
        );
      else
        refused(
          more,
          `--resume: ${out}:${lines.length}: the count is closed as finished with ${total}, but the units in the file make ${BigInt(total) + 1n}`,
        );
      // Twice: refused where it is again, as a unit twice always was.
      refused(
        [...lines.slice(0, -1), lines[k + 1]!, lines.at(-1)!],
        `--resume: ${out}:${lines.length}: unit "${unit}" of ${term} again (first on line ${k + 2})`,
      );
    }
  });

  it('refuses an unfinished count of classes whose units, edited where the recount does not look, make no whole number of classes, the file as it was (regression: "internal error: burnside: … not a multiple of the group order" once the count was done)', () => {
    const args = ['polyomino', '--board', '5x4', '--pieces', 'L,P,T,Y', '--unique'];
    const out = join(dir, 'uneven.jsonl');
    expect(run(...args, '-o', out).code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    // Stopped before its last units, and the costliest unit with solutions (the recount takes the cheapest) given one more.
    const kept = lines.slice(0, -4);
    const units = kept.slice(1).map((l) => JSON.parse(l) as { count: string; nodes: number });
    const edited = 1 + units.indexOf(units.filter((u) => u.count !== '0').reduce((a, b) => (b.nodes > a.nodes ? b : a)));
    const forged = `${rechained(kept.map((l, i) => (i === edited ? l.replace(/"count":"(\d+)"/, (_, n: string) => `"count":"${Number(n) + 1}"`) : l))).join('\n')}\n`;
    // Whole lines only, and then with the torn last line a killed run leaves (regression: the refusal left the file without it).
    for (const text of [forged, `${forged}{"term":"r1`]) {
      writeFileSync(out, text);
      const r = run(...args, '-o', out, '--resume');
      expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
      expect(r.err).toMatch(
        new RegExp(
          `^puzzlesat: resuming: .*\\npuzzlesat: --resume: ${out}: the units in the file make no whole number of classes \\(.* fix \\d+ in all, not a multiple of \\d+\\); cannot resume\\n$`,
        ),
      );
      expect(readFileSync(out, 'utf8')).toBe(text);
    }
  });

  it('names --resume in every refusal of what a resumed file holds, as its header\'s refusals do (regression: "unit … again", "not a unit of a count", "closing line is not the file\'s last", "no checksum" came without it)', () => {
    const args = ['polyomino', '--board', '5x4', '--pieces', 'L,P,T,Y'];
    const out = join(dir, 'named.jsonl');
    expect(run(...args, '-o', out).code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    const cases: [string, string][] = [
      [
        `${rechained([...lines.slice(0, 2), lines[1]!]).join('\n')}\n`,
        `${out}:3: unit "${(JSON.parse(lines[1]!) as { unit: string }).unit}" of s0 again (first on line 2); cannot resume`,
      ],
      [`${rechained([lines[0]!, '{"term":"s0"}']).join('\n')}\n`, `${out}:2: not a unit of a count (term, unit, count); cannot resume`],
      [`${rechained([...lines, lines[1]!]).join('\n')}\n`, `${out}:${lines.length}: the count's closing line is not the file's last; cannot resume`],
      [
        `${lines[0]!}\n{"term":"s0","unit":"1","count":"5"}\n`,
        `${out}:2: no checksum (the file was written by an older puzzlesat, or edited); cannot resume from it`,
      ],
    ];
    for (const [text, says] of cases) {
      writeFileSync(out, text);
      const r = run(...args, '-o', out, '--resume');
      expect({ code: r.code, out: r.out, err: r.err }).toEqual({ code: 1, out: '', err: `puzzlesat: --resume: ${says}\n` });
      expect(readFileSync(out, 'utf8')).toBe(text);
    }
  });

  it('resumes an exact-cover count under another --amo, which changes only the formula; the cnf method, which counts the formula, still refuses it (regression: refused)', () => {
    const out = join(dir, '3x20.jsonl');
    const puzzle = ['pentomino', '--preset', '3x20'];
    expect(json(run(...puzzle, '-o', out, '--json'))).toMatchObject({ count: 8, complete: true, params: { amo: 'bimander' } });
    const whole = readFileSync(out, 'utf8').trim().split('\n');
    const half = whole.slice(0, Math.floor(whole.length / 2));
    writeFileSync(out, `${half.join('\n')}\n`);
    const resumed = run(...puzzle, '--amo', 'pairwise', '-o', out, '--resume', '--json');
    expect(resumed.err).toMatch(/^puzzlesat: resuming: \d+ finished parts? from /);
    expect(json(resumed)).toMatchObject({ count: 8, complete: true });
    // A file from the puzzlesat before this one hashed the symmetries whole (their images of the --amo encoding's auxiliaries):
    // it resumes with the --amo it was written with, and is refused, naming it, with another.
    const instance = pentomino({ preset: '3x20' });
    const ec = instance.exactCover!;
    const hash = createHash('sha256').update(JSON.stringify({ primary: ec.primary, secondary: ec.secondary, rows: ec.rows, rowVars: ec.rowVars }));
    for (const s of instance.symmetries) hash.update(new Uint8Array(s.buffer, s.byteOffset, s.byteLength));
    const header = { ...(JSON.parse(half[0]!) as object), problem: hash.digest('hex').slice(0, 32) };
    writeFileSync(out, rechained([JSON.stringify(header), ...half.slice(1)]).join('\n') + '\n');
    const older = run(...puzzle, '--amo', 'pairwise', '-o', out, '--resume');
    expect(older.code).toBe(1);
    expect(older.err).toMatch(/3x20\.jsonl:1 was written with --amo bimander, and this run's is pairwise/);
    expect(json(run(...puzzle, '-o', out, '--resume', '--json'))).toMatchObject({ count: 8, complete: true });
    // The CNF counter's units are of the formula, which --amo changes.
    const cnf = join(dir, '3x20-cnf.jsonl');
    expect(json(run(...puzzle, '--method', 'cnf', '-o', cnf, '--json'))).toMatchObject({ counter: 'cnf', count: 8 });
    const refused = run(...puzzle, '--method', 'cnf', '--amo', 'pairwise', '-o', cnf, '--resume');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/3x20-cnf\.jsonl:1 was written with --amo bimander, and this run's is pairwise/);
  });

  it("resumes a count of solutions written under another symmetry group, which changes only the classes; a count of classes still refuses it (regression: the solutions' file was refused)", () => {
    const puzzle = ['polycube', '--figure', '2x3x3', '--pieces', 'V,L,T,Z,I3'];
    const other = ['--symmetry', 'isometries'];
    const halved = (path: string) => {
      const whole = readFileSync(path, 'utf8').trim().split('\n');
      const half = whole.slice(0, Math.floor(whole.length / 2));
      writeFileSync(path, `${half.join('\n')}\n`);
      return half;
    };
    for (const method of ['exact-cover', 'cnf']) {
      const out = join(dir, `poly-${method}.jsonl`);
      expect(json(run(...puzzle, '--method', method, '-o', out, '--json'))).toMatchObject({ count: 64, complete: true });
      // The command line takes --symmetry only with --unique now, but a file of solutions written under another group
      // (by the library, or with --no-unique before that was refused) holds the same count: its header says isometries.
      const [head, ...rest] = halved(out);
      const header = JSON.parse(head!) as { params: Record<string, unknown> };
      header.params.symmetry = 'isometries';
      writeFileSync(out, rechained([JSON.stringify(header), ...rest]).join('\n') + '\n');
      const resumed = run(...puzzle, '--method', method, '-o', out, '--resume', '--json');
      expect(resumed.err).toMatch(/^puzzlesat: resuming: \d+ finished parts? from /);
      expect(json(resumed)).toMatchObject({ count: 64, complete: true, params: { symmetry: 'rotations' } });
    }
    // Classes are the group's: 8 under rotations, 4 under isometries, and the units of one are not the other's.
    const classes = join(dir, 'poly-classes.jsonl');
    expect(json(run(...puzzle, '--unique', '-o', classes, '--json'))).toMatchObject({ count: 8, complete: true });
    halved(classes);
    const refused = run(...puzzle, '--unique', ...other, '-o', classes, '--resume');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /poly-classes\.jsonl:1 was written for other puzzle parameters \(symmetry: "rotations" in the file, "isometries" now\)/,
    );
    // A solutions' file from the puzzlesat before this one hashed the symmetries' action on the rows: it resumes under its own group.
    const out = join(dir, 'poly-before.jsonl');
    run(...puzzle, '-o', out);
    const half = halved(out);
    const instance = polycube({ figure: '2x3x3', pieces: 'V,L,T,Z,I3' });
    const ec = instance.exactCover!;
    const hash = createHash('sha256').update(JSON.stringify({ primary: ec.primary, secondary: ec.secondary, rows: ec.rows, rowVars: ec.rowVars }));
    for (const s of instance.symmetries) hash.update(new Uint8Array(Int32Array.from(ec.rowVars, (v) => (v === 0 ? 0 : s[v]!)).buffer));
    const header = { ...(JSON.parse(half[0]!) as object), problem: hash.digest('hex').slice(0, 32) };
    writeFileSync(out, rechained([JSON.stringify(header), ...half.slice(1)]).join('\n') + '\n');
    expect(json(run(...puzzle, '-o', out, '--resume', '--json'))).toMatchObject({ count: 64, complete: true });
  });

  it('counts on worker threads: the same terms and units as one thread, resumable either way (--workers)', () => {
    type Unit = { term?: string; unit?: string; count?: string };
    const unitsOf = (path: string) =>
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Unit)
        .filter((r) => r.unit !== undefined)
        .map((r) => `${r.term} ${r.unit} ${r.count}`)
        .sort();
    // Classes: seven heavy terms, dealt whole to the two threads; every term fixes what it fixes on one thread.
    const termsOf = (r: ReturnType<typeof run>) => (json(r).terms as { key: string; fixed: number }[]).map((t) => `${t.key} ${t.fixed}`);
    const one = run('pentomino', '--preset', '6x10', '--unique', '--json');
    const two = run('pentomino', '--preset', '6x10', '--unique', '--workers', '2', '--json');
    expect(json(two)).toMatchObject({ count: 2339, complete: true });
    expect(termsOf(two)).toEqual(termsOf(one));
    // Solutions: one term, dealt into a share a thread; the file holds the same units with the same counts.
    const [single, threaded] = [join(dir, 'one.jsonl'), join(dir, 'two.jsonl')];
    const puzzle = ['pentomino', '--preset', '6x10'];
    expect(json(run(...puzzle, '-o', single, '--json'))).toMatchObject({ count: 9356, complete: true });
    expect(json(run(...puzzle, '--workers', '2', '-o', threaded, '--json'))).toMatchObject({ count: 9356, complete: true });
    expect(unitsOf(threaded)).toEqual(unitsOf(single));
    // Half of either file resumes on the other number of threads to the same total.
    for (const [path, workers] of [
      [single, '2'],
      [threaded, '1'],
    ] as const) {
      const lines = readFileSync(path, 'utf8').trim().split('\n');
      writeFileSync(path, lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n');
      expect(json(run(...puzzle, '--workers', workers, '-o', path, '--resume', '--json'))).toMatchObject({ count: 9356, complete: true });
    }
    // Stopped by --timeout: a lower bound, marked incomplete.
    const stopped = json(run('pentomino', '--preset', '8x8-square', '--workers', '2', '--timeout', '1', '--json'));
    expect(stopped).toMatchObject({ complete: false });
    expect(stopped.count as number).toBeLessThan(129168);
    // Beyond the memory bound: one line naming the whole bound, not a thread's part of it.
    const memory = run(...puzzle, '--workers', '2', '--max-memory', '1M');
    expect(memory.code).toBe(1);
    expect(memory.err.trim().split('\n')).toHaveLength(1);
    expect(memory.err).toMatch(/^puzzlesat: --max-memory: .*beyond the bound of 1 MiB/);
    // Only the exact-cover counter has terms to share.
    writeFileSync(join(dir, 'two.cnf'), 'p cnf 2 1\n1 2 0\n');
    const cnf = run('two.cnf', '--workers', '2');
    expect([cnf.code, cnf.err.trim()]).toEqual([2, 'puzzlesat: --workers: the cnf counter runs in one thread; threads count exact-cover terms']);
    expect(run(...puzzle, '--workers', '0').code).toBe(2);
  });

  it('refuses what does not apply', () => {
    expect(run('soma', '--unique-by', 'clauses').err).toMatch(/--unique-by applies to --unique/);
    expect(run('pentomino', '--resume').err).toMatch(/--resume needs --output/);
    expect(run('pentomino', '--unique', '--unique-by', 'clauses', '--method', 'exact-cover').err).toMatch(/need the cnf method/);
    // A method the puzzle or the other options rule out is a usage error, exit 2, as the other conflicts (regression: exit 1).
    writeFileSync(join(dir, 'either.cnf'), 'p cnf 2 1\n1 2 0\n');
    for (const [args, message] of [
      [['pentomino', '--preset', '3x20', '--unique', '--unique-by', 'clauses', '--method', 'exact-cover'], /need the cnf method/],
      [['pentomino', '--preset', '3x20', '--unique', '--unique-by', 'burnside', '--method', 'cnf'], /need the exact-cover method/],
      [['polyform', '--board', '2x2', '--pieces', 'D2*0..2,M1*0..4', '--use', '3', '--method', 'exact-cover'], /not posed as exact cover/],
      [
        ['polyform', '--board', '4x4', '--pieces', 'L4*2', '--one-sided', '--symmetry', 'isometries', '--unique', '--method', 'exact-cover'],
        /^puzzlesat: --method: classes by Burnside's lemma: a symmetry of polyform maps a piece with copies onto another piece \(mirror twins\)/,
      ],
      [['either.cnf', '--method', 'exact-cover'], /^puzzlesat: --method exact-cover: a DIMACS formula is counted by the cnf method/],
    ] as const) {
      const r = run(...args);
      expect([r.code, r.err.trim().split('\n').length], args.join(' ')).toEqual([2, 1]);
      expect(r.err, args.join(' ')).toMatch(message);
    }
  });

  it('says what chose the cnf method when --method was not given (regression: it blamed --method cnf)', () => {
    // Mirror twins with copies keep classes from Burnside's lemma, and pieces of two sizes with --use make no exact cover at all: the cnf method counts them by default.
    for (const [args, message] of [
      [
        ['polyform', '--board', '2x2', '--pieces', 'D2*0..2,M1*0..4', '--use', '3', '--strategy', 'mrv'],
        /^puzzlesat: --strategy is the exact-cover counter's branching: polyform is not posed as exact cover here \(a count of pieces used \(--use\)/,
      ],
      [
        ['polyform', '--board', '4x4', '--pieces', 'L4*2', '--one-sided', '--symmetry', 'isometries', '--unique', '--unique-by', 'burnside'],
        /^puzzlesat: --unique-by: classes by burnside need the exact-cover method, and a symmetry of polyform maps a piece with copies onto another piece \(mirror twins\); count classes by clauses/,
      ],
      [
        ['polyform', '--board', '2x2', '--pieces', 'D2*0..2,M1*0..4', '--use', '3', '--unique', '--unique-by', 'burnside'],
        /^puzzlesat: --unique-by: classes by burnside need the exact-cover method, and polyform is not posed as exact cover here/,
      ],
      [
        ['polyomino', '--board', '2x2', '--pieces', 'D2,L3*0..1', '--unique', '--unique-by', 'clauses', '--strategy', 'mrv'],
        /^puzzlesat: --strategy is the exact-cover counter's branching: it does not go with --unique-by clauses/,
      ],
    ] as const) {
      const r = run(...args);
      expect([r.code, r.err.trim().split('\n').length], args.join(' ')).toEqual([2, 1]);
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.err, args.join(' ')).not.toMatch(/--method/);
    }
  });
});

describe('count --timeout that counts no unit', () => {
  // Whether a run gets there is the machine's speed (the counters' own tests stop them at a chosen poll: count-set-up.test.ts);
  // what it says once there is this. A resume keeps finished units and sets the count up again: a set-up longer than the
  // timeout (20x20 dominoes by cnf, --timeout 3) stopped every resume where the first run had, and said nothing of it.
  it('says so on stderr, naming --timeout, and tells a set-up that alone takes longer from a first unit that does', () => {
    expect(timedOutUnitless({ complete: false, searched: false }, 3, 0, true)).toBe(
      "puzzlesat: --timeout 3 ran out in the count's set-up, which alone takes longer, and no unit was counted: resuming with the same --timeout will not get further (give it a longer one)\n",
    );
    expect(timedOutUnitless({ complete: false, searched: true }, 4, 0, true)).toBe(
      'puzzlesat: --timeout 4 ran out before the count finished any unit and no unit was counted: resuming with the same --timeout will not get further (give it a longer one)\n',
    );
    // Without an output file there is nothing to resume (regression: the note spoke of resuming all the same).
    expect(timedOutUnitless({ complete: false, searched: true }, 4, 0, false)).toBe(
      'puzzlesat: --timeout 4 ran out before the count finished any unit and no unit was counted: give it a longer one\n',
    );
  });

  it('says nothing of a count that finished a unit, is complete, or stopped at the memory bound (which says so itself)', () => {
    expect(timedOutUnitless({ complete: false, searched: true }, 4, 1, true)).toBeUndefined();
    expect(timedOutUnitless({ complete: true, searched: true }, 4, 0, true)).toBeUndefined();
    expect(timedOutUnitless({ complete: false, searched: true, memory: new MemoryBoundExceeded(2, 1) }, 4, 0, true)).toBeUndefined();
  });
});
