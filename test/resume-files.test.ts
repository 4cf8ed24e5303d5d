import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The files a run resumes from, as users meet them through the compiled
 * CLI: a sweep's TSV, count's and enumerate's JSON lines.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-resume-files-'));

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
  it('sweep --resume refuses a row edited by hand at FILE:LINE, exit 1, the file untouched (regression: the edited count was resumed)', () => {
    const sweep = ['sweep', 'genius-square', '--count', '--sample', '4', '--seed', '3', '--workers', '1', '-o', 'rolls.tsv'];
    expect(run(...sweep).code).toBe(0);
    const lines = read('rolls.tsv').split('\n');
    expect(lines[1]).toBe('roll\tsolvable\tsolutions\tsum');
    lines[3] = lines[3]!.replace(/\tyes\t\d+\t/, '\tyes\t999\t');
    const edited = lines.join('\n');
    writeFileSync(join(dir, 'rolls.tsv'), edited);
    expectRefusal(run(...sweep, '--resume'), /^puzzlesat: .*rolls\.tsv:4: the checksum does not follow from the lines above/);
    expect(read('rolls.tsv')).toBe(edited);
  });
});
