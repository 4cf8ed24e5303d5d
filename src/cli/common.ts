import type { Argv } from 'yargs';
import { UserError } from '../core/errors.js';
import type { EncodingDefaults } from '../core/puzzle.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { PUZZLES } from '../../encoders/index.js';

/** Options every puzzle verb shares (the one CLI contract). */
export function commonOptions<T>(y: Argv<T>) {
  return y
    .option('solver', { type: 'string', describe: 'solver name (puzzlesat solvers lists them)' })
    .option('amo', { type: 'string', describe: `at-most-one encoding (default: ${defaultsByPuzzle('amo')}; puzzlesat list encodings)` })
    .option('card', { type: 'string', describe: `at-most-k encoding (default: ${defaultsByPuzzle('card')})` })
    .option('json', { type: 'boolean', describe: 'machine-readable summary on stdout' })
    .option('timeout', { type: 'number', describe: 'give up after this many seconds for the whole run (answer UNKNOWN, or an incomplete count)' })
    .option('max-cells', { type: 'number', describe: `refuse boards and figures larger than this (default ${DEFAULT_LIMITS.cells})` })
    .option('max-placements', { type: 'number', describe: `refuse packings with more piece placements (default ${DEFAULT_LIMITS.placements})` })
    .option('max-vars', { type: 'number', describe: `refuse DIMACS files declaring more variables (default ${DEFAULT_LIMITS.vars})` })
    .option('max-literals', { type: 'number', describe: `stop an encoding whose constraint family grows past this many literals (default ${DEFAULT_LIMITS.literals})` });
}

/** Each puzzle's default encoding, as read from its entry: "bimander for pentomino, ...; sequential for dobble". */
function defaultsByPuzzle(kind: keyof EncodingDefaults): string {
  const byEncoding = new Map<string, string[]>();
  for (const p of PUZZLES) byEncoding.set(p.defaults[kind], [...(byEncoding.get(p.defaults[kind]) ?? []), p.name]);
  if (byEncoding.size === 1) return [...byEncoding.keys()][0]!;
  return [...byEncoding].map(([encoding, puzzles]) => `${encoding} for ${puzzles.join(', ')}`).join('; ');
}

/** The puzzle-specific options, all declared once; buildInstance rejects those a puzzle does not read. */
export function puzzleOptions<T>(y: Argv<T>) {
  let out = y;
  const seen = new Set<string>();
  for (const p of PUZZLES) {
    for (const o of p.options) {
      if (seen.has(o.name)) continue;
      seen.add(o.name);
      out = out.option(o.name, { type: o.type, describe: o.describe, choices: o.choices as string[] | undefined }) as Argv<T>;
    }
  }
  return out;
}

export type Args = Record<string, unknown> & { _: (string | number)[] };

export { positiveInt } from './options.js';

/** Progress on stderr, only when it is a terminal; one line rewritten in place. */
export function progressLine(): { update(text: string): void; done(): void } {
  const tty = Boolean(process.stderr.isTTY);
  let last = 0;
  let shown = false;
  return {
    update(text: string) {
      const now = Date.now();
      if (!tty || now - last < 200) return;
      last = now;
      shown = true;
      process.stderr.write(`\r\x1b[K${text}`);
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/** Runs a command body, turning user errors into one line on stderr and exit code 1. */
export async function guarded(body: () => Promise<number | void>): Promise<void> {
  try {
    const code = await body();
    if (typeof code === 'number') process.exitCode = code;
  } catch (e) {
    reportError(e);
  }
}

/** One line on stderr for any failure (a UserError as it is; anything else as an internal error), exit code 1. */
export function reportError(e: unknown): void {
  if (e instanceof UserError) {
    process.stderr.write(`puzzlesat: ${userMessage(e.message)}\n`);
  } else {
    const err = e as Error;
    process.stderr.write(`puzzlesat: internal error: ${userMessage(err?.message ?? String(e))}\n`);
    if (process.env.PUZZLESAT_DEBUG) process.stderr.write(`${err?.stack ?? ''}\n`);
  }
  process.exitCode = 1;
}

const MAX_TOKEN = 60;
const MAX_MESSAGE = 240;
const LONG_TOKEN = new RegExp(`\\S{${MAX_TOKEN + 1},}`, 'g');

/**
 * A message fit for one terminal line: control bytes (escape sequences,
 * newlines, NULs from binary input) shown as \xNN, any token longer than
 * MAX_TOKEN characters cut in the middle, the whole capped at MAX_MESSAGE.
 */
export function userMessage(message: string): string {
  const clean = message
    .replace(LONG_TOKEN, (t) => `${t.slice(0, MAX_TOKEN / 2)}…(${t.length} chars)…${t.slice(-10)}`)
    .replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return clean.length <= MAX_MESSAGE ? clean : `${clean.slice(0, MAX_MESSAGE - 1)}…`;
}

/** Ctrl-C asks long work to stop (first press) or quits (second press). */
export function interruptFlag(): { stopped(): boolean; release(): void } {
  let stop = false;
  const handler = () => {
    if (stop) process.exit(130);
    stop = true;
    process.stderr.write('\npuzzlesat: stopping (Ctrl-C again to quit at once)\n');
  };
  process.on('SIGINT', handler);
  return { stopped: () => stop, release: () => process.off('SIGINT', handler) };
}

export const seconds = (start: number): number => Math.round(performance.now() - start) / 1000;
