import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Argv } from 'yargs';
import { UserError } from '../core/errors.js';
import type { EncodingDefaults, Instance, PuzzleOption } from '../core/puzzle.js';
import { PUZZLES } from '../../encoders/index.js';

/** The encoding options: which at-most-one and at-most-k encodings build the formula. */
export function encodingOptions<T>(y: Argv<T>) {
  return y
    .option('amo', { type: 'string', describe: `at-most-one encoding (default: ${defaultsByPuzzle('amo')}; puzzlesat list encodings)` })
    .option('card', { type: 'string', describe: `at-most-k encoding (default: ${defaultsByPuzzle('card')})` })
    .group(['amo', 'card'], 'Encoding:');
}

/** Options every puzzle verb that solves shares (the one CLI contract). */
export function commonOptions<T>(y: Argv<T>) {
  return encodingOptions(y)
    .option('solver', { type: 'string', describe: 'solver name (puzzlesat solvers lists them)' })
    .option('timeout', { type: 'number', describe: 'give up after this many seconds (answer UNKNOWN)' })
    .option('json', { type: 'boolean', describe: 'machine-readable summary on stdout (docs/summary.schema.json)' })
    .group(['solver', 'timeout'], 'Solving:')
    .group(['json'], 'Output:');
}

/** Each puzzle's default encoding, as read from its entry: "bimander for pentomino, ...; sequential for dobble". */
function defaultsByPuzzle(kind: keyof EncodingDefaults): string {
  const byEncoding = new Map<string, string[]>();
  for (const p of PUZZLES) byEncoding.set(p.defaults[kind], [...(byEncoding.get(p.defaults[kind]) ?? []), p.name]);
  if (byEncoding.size === 1) return [...byEncoding.keys()][0]!;
  return [...byEncoding].map(([encoding, puzzles]) => `${encoding} for ${puzzles.join(', ')}`).join('; ');
}

/**
 * The puzzle-specific options, all declared once and shown in help under the
 * puzzles that read them; buildInstance rejects those a puzzle does not read.
 */
export function puzzleOptions<T>(y: Argv<T>) {
  const readers = new Map<string, { option: PuzzleOption; puzzles: string[] }>();
  for (const p of PUZZLES) {
    for (const o of p.options) {
      const known = readers.get(o.name);
      if (known) known.puzzles.push(p.name);
      else readers.set(o.name, { option: o, puzzles: [p.name] });
    }
  }
  let out = y;
  const groups = new Map<string, string[]>();
  for (const [name, { option: o, puzzles }] of readers) {
    out = out.option(name, { type: o.type, describe: o.describe, choices: o.choices as string[] | undefined }) as Argv<T>;
    const label = `${puzzles.join(', ')}:`;
    groups.set(label, [...(groups.get(label) ?? []), name]);
  }
  for (const [label, keys] of groups) out = out.group(keys, label);
  return out;
}

/** The output file option of every verb that writes one: -o, --output (and --out, its older name). */
export function outputOption<T>(y: Argv<T>, describe: string) {
  return y.option('output', { alias: ['o', 'out'], type: 'string', describe }).group(['output'], 'Output:');
}

export type Args = Record<string, unknown> & { _: (string | number)[] };

export function positiveInt(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UserError(`${option}: expected a positive whole number, got "${String(value)}"`);
  return n;
}

/** JSONL output, one line per solution, written through at once so a stop loses nothing. */
export class JsonlOut {
  private fd: number;
  constructor(readonly path: string, append: boolean) {
    try {
      this.fd = openSync(path, append ? 'a' : 'w');
    } catch (e) {
      throw new UserError(`--out: cannot write "${path}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
  write(record: unknown): void {
    writeSync(this.fd, JSON.stringify(record) + '\n');
  }
  close(): void {
    closeSync(this.fd);
  }
}

/** The solutions already in a JSONL file (for --resume), as projection variables. */
export function readKnown(path: string, instance: Instance): number[][] {
  if (!existsSync(path)) return [];
  const projection = new Set(instance.cnf.projection);
  const known: number[][] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let vars: unknown;
      try {
        vars = (JSON.parse(line) as { vars?: unknown }).vars;
      } catch {
        throw new UserError(`${path}:${i + 1}: not a JSON line (cannot resume from it)`);
      }
      if (!Array.isArray(vars) || !vars.every((v) => projection.has(v as number))) {
        throw new UserError(`${path}:${i + 1}: this solution was written for another puzzle or encoding (cannot resume)`);
      }
      known.push(vars as number[]);
    });
  return known;
}

/** Runs a command body, turning user errors into one line on stderr and exit code 1. */
export async function guarded(body: () => Promise<number | void>): Promise<void> {
  try {
    const code = await body();
    if (typeof code === 'number') process.exitCode = code;
    // Stopped by Ctrl-C: the partial result is out, and the exit says it is partial (128 + SIGINT).
    if (interrupted) process.exitCode = EXIT_INTERRUPTED;
  } catch (e) {
    if (e instanceof UserError) {
      process.stderr.write(`puzzlesat: ${e.message}\n`);
    } else {
      const err = e as Error;
      process.stderr.write(`puzzlesat: internal error: ${err?.message ?? String(e)}\n`);
      if (process.env.PUZZLESAT_DEBUG) process.stderr.write(`${err?.stack ?? ''}\n`);
    }
    process.exitCode = 1;
  }
}

/** The exit code of a run cut short by Ctrl-C, in every verb (what a shell reports for a process SIGINT kills). */
export const EXIT_INTERRUPTED = 130;
let interrupted = false;

/** Ctrl-C asks long work to stop (first press) or quits (second press). */
export function interruptFlag(): { stopped(): boolean; release(): void } {
  let stop = false;
  const handler = () => {
    if (stop) process.exit(EXIT_INTERRUPTED);
    stop = interrupted = true;
    process.stderr.write('\npuzzlesat: stopping (Ctrl-C again to quit at once)\n');
  };
  process.on('SIGINT', handler);
  return { stopped: () => stop, release: () => process.off('SIGINT', handler) };
}

export const seconds = (start: number): number => Math.round(performance.now() - start) / 1000;
