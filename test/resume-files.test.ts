import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { CountFile, type CountHeader } from '../src/cli/count-file.js';
import { chained } from '../src/core/checksum.js';
import { fingerprint } from '../src/distributed/protocol.js';
import { rollAt } from '../encoders/genius-square.js';

/**
 * The files a run resumes from, as users meet them through the compiled
 * CLI: a sweep's TSV, count's and enumerate's JSON lines.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-resume-files-');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const read = (name: string) => readFileSync(join(dir, name), 'utf8');

/** A refusal as the contract has it: exit 1, one line on stderr, nothing on stdout. */
function expectRefusal(r: ReturnType<typeof run>, message: RegExp): void {
  expect(r.code, r.err).toBe(1);
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.out).toBe('');
}

describe('resume files', { timeout: 300_000 }, () => {
  it('count --resume of a formula whose projection changed names the projection among what differs (regression: it spoke of rows, symmetries or clauses only)', () => {
    writeFileSync(join(dir, 'shown.cnf'), 'p cnf 3 1\nc p show 1 2 0\n1 2 3 0\n');
    expect(run('count', 'shown.cnf', '-o', 'shown.jsonl').code).toBe(0);
    const written = read('shown.jsonl');
    writeFileSync(join(dir, 'shown.cnf'), 'p cnf 3 1\nc p show 1 0\n1 2 3 0\n');
    expectRefusal(run('count', 'shown.cnf', '-o', 'shown.jsonl', '--resume'), /shown\.jsonl:1 was written for a different problem \(.*projection\)/);
    expect(read('shown.jsonl')).toBe(written);
  });

  it("a resume file's header carries the package's version, the one the queue's fingerprints carry (one lookup of package.json, src/core/version.ts)", () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(dir, 'versioned.cnf'), 'p cnf 2 1\n1 2 0\n');
    expect(run('count', 'versioned.cnf', '-o', 'versioned.jsonl').code).toBe(0);
    expect((JSON.parse(read('versioned.jsonl').split('\n')[0]!) as CountHeader).version).toBe(version);
    expect(fingerprint({})).toMatch(new RegExp(`^v${version.replaceAll('.', '\\.')}-`));
  });

  it('sweep --resume refuses a row edited by hand at FILE:LINE, named --resume as count and enumerate name theirs, exit 1, the file untouched (regressions: the edited count was resumed; no --resume: before the file)', () => {
    const sweep = ['sweep', 'genius-square', '--count', '--sample', '4', '--seed', '3', '--workers', '1', '-o', 'rolls.tsv'];
    expect(run(...sweep).code).toBe(0);
    const lines = read('rolls.tsv').split('\n');
    expect(lines[1]).toBe('roll\tsolvable\tsolutions\tsum');
    lines[3] = lines[3]!.replace(/\tyes\t\d+\t/, '\tyes\t999\t');
    const edited = lines.join('\n');
    writeFileSync(join(dir, 'rolls.tsv'), edited);
    expectRefusal(run(...sweep, '--resume'), /^puzzlesat: --resume: .*rolls\.tsv:4: the checksum does not follow from the lines above/);
    expect(read('rolls.tsv')).toBe(edited);
  });

  it("sweep --resume refuses a row of a roll that is not one of the sweep's, at FILE:LINE, exit 1, the file untouched (regression: the row was kept and left out of the results silently)", () => {
    const sweep = ['sweep', 'genius-square', '--sample', '4', '--seed', '3', '--workers', '1', '-o', 'foreign.tsv'];
    expect(run(...sweep).code).toBe(0);
    const lines = read('foreign.tsv').trim().split('\n');
    const foreign = [0, 1].map((k) => rollAt(k).join(',')).find((roll) => !lines.some((line) => line.startsWith(`${roll}\t`)))!;
    // The row added as a forger would, its checksum chained from the line above.
    const previous = lines.at(-1)!.split('\t').at(-1)!;
    const body = `${foreign}\tno\t`;
    const forged = `${[...lines, `${body}\t${chained(previous, body)}`].join('\n')}\n`;
    writeFileSync(join(dir, 'foreign.tsv'), forged);
    expectRefusal(
      run(...sweep, '--resume'),
      new RegExp(
        `^puzzlesat: --resume: .*foreign\\.tsv:${lines.length + 1}: roll ${foreign} is not one of this sweep's rolls; the file does not belong to this sweep`,
      ),
    );
    expect(read('foreign.tsv')).toBe(forged);
  });

  it('a finished count resumed reports its result and stays whole, even when the run stops short (regression: a too-short --timeout cut its "done" line)', () => {
    const count = ['count', 'pentomino', '--preset', '3x20', '-o', 'done.jsonl'];
    expect(run(...count).code).toBe(0);
    const finished = read('done.jsonl');
    expect(finished).toMatch(/\{"done":true,"count":"8",.*\n$/);
    // What a stopped resume does with the file: the closing line stays.
    const file = new CountFile(join(dir, 'done.jsonl'), JSON.parse(finished.split('\n')[0]!) as CountHeader, {
      resume: true,
      force: false,
    }).readBack();
    expect(file.done).toBe(8n);
    file.finish(undefined);
    file.close();
    expect(read('done.jsonl')).toBe(finished);
    // Through the CLI under a --timeout: the recorded result, nothing counted again, the file as it was.
    const r = run(...count, '--resume', '--timeout', '60', '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ count: 8, complete: true, nodes: 0 });
    expect(read('done.jsonl')).toBe(finished);
  });

  it('count and enumerate --resume read a file with CRLF line endings and a byte-order mark as the file written (regression: refused as "no checksum", then the mark as "no run header")', () => {
    const count = ['count', 'pentomino', '--preset', '3x20', '-o', 'crlf-count.jsonl'];
    expect(run(...count).code).toBe(0);
    // A count stopped half way, then passed through a Windows editor.
    const lines = read('crlf-count.jsonl').trim().split('\n');
    writeFileSync(join(dir, 'crlf-count.jsonl'), '\uFEFF' + lines.slice(0, Math.ceil(lines.length / 2)).join('\r\n') + '\r\n');
    const counted = run(...count, '--resume', '--json');
    expect(counted.code, counted.err).toBe(0);
    expect(JSON.parse(counted.out)).toMatchObject({ count: 8, complete: true });
    const enumerate = ['enumerate', 'pentomino', '--preset', '3x20', '--show', '0', '-o', 'crlf-enumerate.jsonl'];
    expect(run(...enumerate, '--limit', '2').code).toBe(0);
    writeFileSync(join(dir, 'crlf-enumerate.jsonl'), '\uFEFF' + read('crlf-enumerate.jsonl').replace(/\n/g, '\r\n'));
    const enumerated = run(...enumerate, '--resume', '--json');
    expect(enumerated.code, enumerated.err).toBe(0);
    expect(enumerated.err).toMatch(/resuming: 2 solutions from /);
    expect(JSON.parse(enumerated.out)).toMatchObject({ count: 8, complete: true });
  });

  it('a count or enumeration of a .cnf file resumes from a renamed copy of it, and refuses another formula (regression: keyed by the file name)', () => {
    const formula = 'c x1 or x2, not both; x2 implies x3\np cnf 3 3\n1 2 0\n-1 -2 0\n-2 3 0\n';
    writeFileSync(join(dir, 'first.cnf'), formula);
    mkdirSync(join(dir, 'moved'), { recursive: true });
    writeFileSync(join(dir, 'moved', 'renamed.cnf'), formula);
    writeFileSync(join(dir, 'other.cnf'), 'p cnf 3 2\n1 2 0\n-1 -2 0\n');
    // A count stopped after its first unit.
    expect(run('count', 'first.cnf', '-o', 'cnf-count.jsonl').code).toBe(0);
    const stopped = read('cnf-count.jsonl').split('\n').slice(0, 2).join('\n') + '\n';
    writeFileSync(join(dir, 'cnf-count.jsonl'), stopped);
    expectRefusal(run('count', 'other.cnf', '-o', 'cnf-count.jsonl', '--resume'), /cnf-count\.jsonl:1 was written for a different problem/);
    expect(read('cnf-count.jsonl')).toBe(stopped);
    const counted = run('count', 'moved/renamed.cnf', '-o', 'cnf-count.jsonl', '--resume', '--json');
    expect(counted.code, counted.err).toBe(0);
    expect(counted.err).toMatch(/resuming: 1 finished part from /);
    expect(JSON.parse(counted.out)).toMatchObject({ count: 3, complete: true });
    // A file of an older puzzlesat, whose header named the formula's file, resumes from a copy too.
    const lines = stopped.trim().split('\n');
    const header = JSON.stringify({ ...JSON.parse(lines[0]!), fingerprint: '0123456789abcdef', params: { file: 'elsewhere/first.cnf' } });
    const record = lines[1]!.replace(/,"sum":"[0-9a-f]+"\}$/, '');
    writeFileSync(join(dir, 'cnf-count.jsonl'), `${header}\n${record},"sum":"${chained(chained('', header), record)}"}\n`);
    expect(JSON.parse(run('count', 'moved/renamed.cnf', '-o', 'cnf-count.jsonl', '--resume', '--json').out)).toMatchObject({
      count: 3,
      complete: true,
    });
    // The same for enumerate.
    expect(run('enumerate', 'first.cnf', '-o', 'cnf-enumerate.jsonl', '--limit', '1').code).toBe(0);
    const begun = read('cnf-enumerate.jsonl');
    expectRefusal(
      run('enumerate', 'other.cnf', '-o', 'cnf-enumerate.jsonl', '--resume'),
      /cnf-enumerate\.jsonl:1 was written for a different encoding/,
    );
    expect(read('cnf-enumerate.jsonl')).toBe(begun);
    const enumerated = run('enumerate', 'moved/renamed.cnf', '-o', 'cnf-enumerate.jsonl', '--resume', '--json');
    expect(enumerated.code, enumerated.err).toBe(0);
    expect(JSON.parse(enumerated.out)).toMatchObject({ count: 3, complete: true });
  });

  it('enumerate --resume with another --solver names the encoding its default changed and the option that resumes (regression: "other puzzle parameters (amo: ...)", an option never given)', () => {
    const enumerate = ['enumerate', 'pentomino', '--preset', '3x20', '--show', '0', '-o', 'solver.jsonl'];
    // On minisat-wasm the groups are propagated natively, with pairwise at-most-one clauses; dancing links takes the puzzle's default.
    expect(run(...enumerate, '--limit', '2').code).toBe(0);
    const begun = read('solver.jsonl');
    expectRefusal(
      run(...enumerate, '--resume', '--solver', 'dlx'),
      /^puzzlesat: --resume: solver\.jsonl:1 was written with --amo pairwise, and this run's is bimander \(the default --amo depends on the puzzle, --solver, .*\); give --amo pairwise to resume it, or start another file$/m,
    );
    expect(read('solver.jsonl')).toBe(begun);
    const resumed = run(...enumerate, '--resume', '--solver', 'dlx', '--amo', 'pairwise', '--json');
    expect(resumed.code, resumed.err).toBe(0);
    expect(JSON.parse(resumed.out)).toMatchObject({ count: 8, complete: true, solver: 'dlx' });
  });

  it('enumerate --unique --solver dlx reads no symmetry-breaking clause, and its file says how its classes were kept: --unique-by orbits does not resume it (regression: the clauses were built for the report and the header)', () => {
    const classes = ['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--show', '0', '-o', 'dlx-classes.jsonl'];
    const enumerate = [...classes, '--solver', 'dlx'];
    const begun = run(...enumerate, '--limit', '1', '--json');
    expect(begun.code, begun.err).toBe(0);
    expect((JSON.parse(begun.out) as { families: { name: string }[] }).families.map((f) => f.name)).not.toContain('symmetry-breaking');
    const written = read('dlx-classes.jsonl');
    expect(JSON.parse(written.split('\n')[0]!)).toMatchObject({ unique: true, uniqueBy: 'clauses' });
    expectRefusal(
      run(...enumerate, '--resume', '--unique-by', 'orbits'),
      /^puzzlesat: --resume: dlx-classes\.jsonl:1 was written with --unique-by clauses, and this run's is orbits; give --unique-by clauses to resume it, or start another file$/m,
    );
    expect(read('dlx-classes.jsonl')).toBe(written);
    // The SAT solvers keep the same class as dancing links: either resumes the other's file.
    const resumed = run(...classes, '--resume', '--solver', 'minisat-wasm', '--amo', JSON.parse(written.split('\n')[0]!).params.amo, '--json');
    expect(resumed.code, resumed.err).toBe(0);
    expect(JSON.parse(resumed.out)).toMatchObject({ count: 2, complete: true });
  });

  it('count, enumerate and sweep --resume of a file that is not there (count and enumerate: or is empty) start from the beginning and say so in one line on stderr, never on stdout (regression: started afresh silently, or "resuming: 0 solutions")', () => {
    const verbs: [string[], string][] = [
      [['count', 'pentomino', '--preset', '3x20'], 'count'],
      [['enumerate', 'pentomino', '--preset', '3x20', '--show', '0'], 'enumeration'],
    ];
    for (const [args, what] of verbs) {
      const name = `${args[0]}-nothing.jsonl`;
      for (const [before, why] of [
        [undefined, 'no such file'],
        ['', 'the file is empty'],
      ] as const) {
        if (before !== undefined) writeFileSync(join(dir, name), before);
        const r = run(...args, '-o', name, '--resume', '--json');
        expect(r.code, r.err).toBe(0);
        expect(r.err).toBe(`puzzlesat: resuming: nothing to resume at ${name} (${why}); the ${what} starts from the beginning\n`);
        expect(JSON.parse(r.out)).toMatchObject({ count: 8, complete: true });
        expect(read(name).split('\n')[0]).toMatch(new RegExp(`^\\{"puzzlesat":"${args[0]}"`));
        rmSync(join(dir, name));
      }
    }
    // A sweep's TSV alike.
    const sweep = run('sweep', 'genius-square', '--sample', '2', '--workers', '1', '-o', 'nothing.tsv', '--resume', '--json');
    expect(sweep.code, sweep.err).toBe(0);
    expect(sweep.err).toBe('puzzlesat: resuming: nothing to resume at nothing.tsv (no such file); the sweep starts from the beginning\n');
    expect(JSON.parse(sweep.out)).toMatchObject({ complete: true });
  });
});
