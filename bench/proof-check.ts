/**
 * What checking an UNSAT proof costs: native cadical solves each formula and
 * writes a binary DRAT proof; our checker (src/proof/drat.ts) verifies it.
 * Both are measured in CPU seconds in the same run — cadical through this
 * process's waited-for children (/proc/self/stat), the checker through
 * process.cpuUsage — so the ratio holds on a loaded machine even when the
 * wall clock does not.
 *
 *   node dist/bench/proof-check.js [--write]   (Linux; needs cadical on PATH)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeDobble } from '../encoders/dobble.js';
import { readDimacsFile, writeDimacsFile } from '../src/core/dimacs.js';
import { checkDrat } from '../src/proof/drat.js';
import { parseProof } from '../src/proof/drat-format.js';
import { pigeonhole } from './minisat-builds.js';

/** Clock ticks per second of /proc times (USER_HZ, 100 on every Linux build that matters here). */
const TICKS = 100;

/** CPU seconds of this process's children that have ended. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'latin1');
  // Fields after the command name (which may hold spaces) start at ") ": cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

interface Row {
  instance: string;
  vars: number;
  clauses: number;
  lemmas: number;
  needed: number;
  status: string;
  cadical: number;
  check: number;
}

function measure(instance: string, cnfFile: string, dir: string): Row {
  const proofFile = join(dir, 'proof.drat');
  const before = childCpuSeconds();
  const run = spawnSync('cadical', ['-q', cnfFile, proofFile]);
  if (run.status !== 20) throw new Error(`cadical on ${instance}: exit ${run.status}, expected 20 (UNSAT)`);
  const cadical = childCpuSeconds() - before;
  const start = process.cpuUsage();
  const formula = readDimacsFile(cnfFile);
  const result = checkDrat(formula, parseProof(readFileSync(proofFile)));
  const check = cpuSeconds(start);
  return {
    instance,
    vars: formula.vars,
    clauses: formula.ends.length,
    lemmas: result.additions,
    needed: result.coreLemmas,
    status: result.status,
    cadical,
    check,
  };
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-bench-proof-'));
  try {
    const rows: Row[] = [];
    for (const [p, h] of [
      [8, 7],
      [9, 8],
      [10, 9],
    ] as const) {
      const file = join(dir, `php${p}.cnf`);
      const clauses = pigeonhole(p, h);
      writeFileSync(file, `p cnf ${p * h} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0\n`).join('')}`);
      rows.push(measure(`pigeonhole ${p} -> ${h}`, file, dir));
    }
    const dobble = join(dir, 'dobble6.cnf');
    writeDimacsFile(dobble, encodeDobble(6), { puzzle: 'dobble', params: { order: 6 }, names: false });
    rows.push(measure('Dobble order 6 (no plane)', dobble, dir));
    const table = [
      '| instance | vars | clauses | lemmas | needed | verdict | cadical solve + proof, CPU s | our check, CPU s | check / solve |',
      '|---|---:|---:|---:|---:|---|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.instance} | ${r.vars} | ${r.clauses} | ${r.lemmas} | ${r.needed} | ${r.status} | ${r.cadical.toFixed(2)} | ${r.check.toFixed(2)} | ${(r.check / Math.max(r.cadical, 0.01)).toFixed(1)}x |`,
      ),
    ].join('\n');
    process.stdout.write(`${table}\n`);
    if (process.argv.includes('--write')) {
      const header =
        '# Proof checking: our DRAT checker against the solve that wrote the proof\n\n`node dist/bench/proof-check.js --write`; CPU seconds, one run on a shared machine (2 cores, other jobs running).\n\n';
      writeFileSync(join(import.meta.dirname, '..', '..', 'bench', 'results', 'proof-check.md'), `${header}${table}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
