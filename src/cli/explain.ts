import type { Argv } from 'yargs';
import { type EncodingKind, type EncodingRow, type PuzzleExplanation, UsageError, explainPuzzle, puzzleArgsOf } from '../index.js';
import { type Args, commonOptions, counted, guarded, puzzleOptions, runSeconds } from './common.js';

export const command = 'explain <kind>';
export const describe = 'what each constraint family says, its size and the formula behind it, with sample clauses';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('kind', { type: 'string', describe: 'the kind of puzzle (puzzlesat list puzzles), or a .cnf file' })
    .option('unique', {
      type: 'boolean',
      describe: 'with the symmetry-breaking family (one model per symmetry class; soma, polycube: the group is --symmetry)',
    })
    .option('compare', {
      type: 'boolean',
      describe: 'tabulate the size under every at-most-one and at-most-k (and, for weighted sums, pseudo-Boolean) encoding',
    })
    .example('$0 explain pentomino --preset 6x10', 'each constraint family of the 6x10 tiling, its size and why')
    .example('$0 explain soma --compare', 'the Soma formula under every at-most-one encoding');

type Kind = EncodingKind;

const WHAT: Record<Kind, string> = { amo: 'at-most-one', card: 'at-most-k', pb: 'pseudo-Boolean' };

/**
 * The JSON summary keeps the CLI contract's fields: explain solves nothing,
 * so status is ENCODED, count is 0, complete is true and solver is null.
 */
export type ExplainReport = PuzzleExplanation & {
  status: 'ENCODED';
  count: 0;
  complete: true;
  solver: null;
  seconds: number;
};

export const handler = (args: Args) =>
  guarded(args, async () => {
    const puzzle = String(args.kind);
    for (const option of ['solver', 'timeout']) {
      if (args[option] !== undefined) throw new UsageError(`--${option} does not apply to explain (it solves nothing)`);
    }
    const explained = explainPuzzle(puzzle, puzzleArgsOf(args), { unique: args.unique === true, compare: args.compare === true });
    const report: ExplainReport = {
      status: 'ENCODED',
      ...explained,
      count: 0,
      complete: true,
      solver: null,
      seconds: runSeconds(),
    };
    process.stdout.write(args.json ? JSON.stringify(report) + '\n' : explainText(report, args));
    return 0;
  });

// ---- text ---------------------------------------------------------------------

const n = (x: number) => x.toLocaleString('en-US');

/** A parameter as the heading shows it: a board or piece set given as JSON can run to thousands of characters. */
const shortened = (v: string) => (v.length <= 80 ? v : `${v.slice(0, 60)}… (${n(v.length)} characters)`);

function explainText(r: ExplainReport, args: Args): string {
  const out: string[] = [];
  const given = Object.entries(r.params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${shortened(String(v))}`)
    .join(', ');
  out.push(`${r.puzzle}${given ? ` (${given})` : ''}`);
  out.push(
    `${many(r.vars, 'variable')} (${n(r.namedVars)} of the puzzle, ${n(r.auxVars)} auxiliary), ${many(r.clauses, 'clause')}, ${many(r.literals, 'literal')}`,
  );
  out.push(`variables: ${r.variables}`, '');
  for (const f of r.families) {
    out.push(`${f.name}: ${f.sentence}`);
    out.push(`  ${many(f.clauses, 'clause')}, ${many(f.auxVars, 'auxiliary variable')}`);
    if (f.formula) {
      const agrees = f.formula.clauses === f.clauses && f.formula.auxVars === f.auxVars;
      out.push(`  why: ${f.formula.text}`);
      out.push(
        `     = ${n(f.formula.clauses)} clauses, ${n(f.formula.auxVars)} auxiliary ${agrees ? '(matches the formula built)' : '(DIFFERS from the formula built: a bug)'}`,
      );
    }
    for (const s of f.samples) out.push(`  ${s.about}: ${s.text}`);
    out.push('');
  }
  for (const s of r.sideBySide) {
    out.push(`--${s.option} ${s.chosen.encoding} against the default ${s.default.encoding}:`);
    out.push(
      ...table([
        ['', s.default.encoding, s.chosen.encoding],
        ...s.default.families.map((f, i) => [f.name, cost(f), cost(s.chosen.families[i]!)]),
        ['total', `${n(s.default.clauses)} clauses, ${n(s.default.vars)} vars`, `${n(s.chosen.clauses)} clauses, ${n(s.chosen.vars)} vars`],
      ]),
    );
    out.push('');
  }
  if (r.compare) {
    for (const kind of ['amo', 'card', 'pb'] as const) {
      const rows = r.compare[kind];
      if (rows) out.push(...compareTable(kind, rows, r.compare.defaults[kind]!, args), '');
    }
  }
  return out.join('\n');
}

/** A number as n writes it, with its noun in the singular for one ("1 clause"). */
const many = (k: number, noun: string) => counted(n(k), noun);

const cost = (f: { clauses: number; auxVars: number }) => `${n(f.clauses)} clauses, ${n(f.auxVars)} aux`;

function compareTable(kind: Kind, rows: readonly EncodingRow[], fallback: string, args: Args): string[] {
  const head = `--${kind}: the same puzzle under each ${WHAT[kind]} encoding`;
  const same = rows.every((r) => r.clauses === rows[0]!.clauses && r.vars === rows[0]!.vars && r.literals === rows[0]!.literals);
  if (same) return [`${head}: no difference (this puzzle has no such constraints)`];
  const chosen = args[kind] === undefined ? fallback : String(args[kind]);
  const mark = (e: string) => (e === chosen ? ' *' : '') + (e === fallback ? ' (default)' : '');
  return [
    `${head} (* chosen):`,
    ...table([
      ['encoding', 'vars', 'aux', 'clauses', 'literals'],
      ...rows.map((r) => [r.encoding + mark(r.encoding), n(r.vars), n(r.auxVars), n(r.clauses), n(r.literals)]),
    ]),
  ];
}

/** Columns padded to their widest cell: the first left-aligned, the rest right-aligned. */
function table(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map(
    (r) =>
      '  ' +
      r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('   ')
        .trimEnd(),
  );
}
