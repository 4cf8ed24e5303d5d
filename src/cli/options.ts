import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UserError } from '../core/errors.js';

/**
 * The one validation layer for option values, run (as yargs middleware)
 * before any verb starts work: every numeric option obeys its rule here, so
 * that `-1`, `NaN`, `abc`, `''` or a timeout beyond Node's timer never reach
 * the code that would quietly misread them, and an output path that cannot
 * be written fails before minutes of encoding.
 */
interface IntRule {
  kind: 'int';
  min: number;
  max?: number;
  why?: string;
}
interface SecondsRule {
  kind: 'seconds';
}
/** An amount of memory: a number of MiB, or with a unit (512M, 2G, 1.5G). */
interface SizeRule {
  kind: 'size';
}
type Rule = IntRule | SecondsRule | SizeRule;

/** setTimeout's largest delay is 2^31-1 ms; beyond it Node fires at once. */
export const MAX_TIMEOUT_SECONDS = 2_147_483;

const count = (min: number, max?: number, why?: string): IntRule => ({ kind: 'int', min, max, why });

const RULES: Readonly<Record<string, Rule>> = {
  timeout: { kind: 'seconds' },
  'cube-depth': count(0),
  workers: count(1),
  limit: count(1),
  show: count(0),
  sample: count(1),
  repeat: count(1),
  seed: count(0),
  cards: count(1),
  order: count(1),
  'max-symbols': count(1),
  // A deck of m² - m + 1 cards of m symbols is built and printed whole.
  'symbols-per-card': count(2, 200, 'a deck has m² - m + 1 cards: larger ones are too big to build and print'),
  'max-cells': count(1),
  'max-placements': count(1),
  'max-vars': count(1),
  'max-literals': count(64),
  jobs: count(1),
  concurrency: count(1),
  'lock-seconds': count(1),
  'max-memory': { kind: 'size' },
};

/** Options naming a file the run will write: its directory must exist and be writable. */
const OUTPUT_PATHS = ['output', 'out', 'svg', 'histogram'] as const;

/** Options that only mean something with another one: alone they would be silently ignored. */
const NEEDS: Readonly<Record<string, { needs: string; message: string }>> = {
  jobs: { needs: 'queue', message: 'splits a run into jobs on a queue: it needs --queue URL' },
};

/** Checks every numeric and output-path option present in `args`, and that none is given without the option it needs; throws a UserError naming the first bad one. */
export function checkNumericOptions(args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(args)) {
    // yargs adds camelCase twins of kebab-case options; RULES spells them kebab, so each is checked once.
    const rule = RULES[name];
    if (rule && value !== undefined) checkValue(name, value, rule);
  }
  for (const name of OUTPUT_PATHS) if (typeof args[name] === 'string') checkWritable(String(args[name]), name);
  for (const [name, { needs, message }] of Object.entries(NEEDS)) {
    if (args[name] !== undefined && args[needs] === undefined) throw new UserError(`--${name}: ${message}`);
  }
}

function checkValue(name: string, value: unknown, rule: Rule): number {
  const option = `--${name}`;
  if (rule.kind === 'size') return sizeInBytes(value, option);
  const n = asNumber(value);
  if (rule.kind === 'seconds') {
    if (n === undefined || !(n > 0) || !Number.isFinite(n))
      throw new UserError(`${option}: expected a positive number of seconds, got ${shown(value)}`);
    if (n > MAX_TIMEOUT_SECONDS) throw new UserError(`${option}: at most ${MAX_TIMEOUT_SECONDS} seconds (24.8 days), got ${shown(value)}`);
    return n;
  }
  if (n === undefined || !Number.isInteger(n) || n < rule.min) {
    throw new UserError(`${option}: expected a whole number ≥ ${rule.min}, got ${shown(value)}`);
  }
  if (rule.max !== undefined && n > rule.max)
    throw new UserError(`${option}: at most ${rule.max}${rule.why ? ` (${rule.why})` : ''}, got ${shown(value)}`);
  return n;
}

/** A number only when the value is a plain decimal number (yargs turns "abc" into NaN, which stays refused). */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value)) return Number(value);
  return undefined;
}

const shown = (value: unknown): string =>
  typeof value === 'number' && Number.isNaN(value) ? 'something that is not a number' : `"${String(value)}"`;

function checkWritable(path: string, name: string): void {
  const option = name === 'output' ? '--output (-o)' : `--${name}`;
  if (path === '') throw new UserError(`${option}: give a file name`);
  const parent = dirname(resolve(path));
  try {
    if (!statSync(parent).isDirectory()) throw new UserError(`${option}: ${parent} is not a directory`);
    accessSync(parent, constants.W_OK);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${option}: cannot write "${path}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

const UNITS: Readonly<Record<string, number>> = { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };
/** The least memory bound that makes sense: a counter's memo alone wants a MiB. */
const MIN_SIZE = 2 ** 20;

/** Bytes from "512" (MiB), "512M", "2G", "1.5g", "64K" ... */
export function sizeInBytes(value: unknown, option: string): number {
  const m = /^\s*(\d+\.?\d*|\.\d+)\s*([kmgt])?i?b?\s*$/i.exec(String(value));
  const bytes = m ? Number(m[1]) * UNITS[(m[2] ?? 'm').toLowerCase()]! : NaN;
  if (!(bytes >= MIN_SIZE) || !Number.isFinite(bytes))
    throw new UserError(`${option}: expected an amount of memory of at least 1M (a number of MiB, or with K, M, G or T), got ${shown(value)}`);
  return Math.floor(bytes);
}

/** A whole number ≥ 1, or undefined when the option is absent (the rule of RULES for verbs that read it directly). */
export function positiveInt(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  return checkValue(option.replace(/^--/, ''), value, count(1));
}

/** The moment (Date.now() clock) a run given `--timeout seconds` must stop; Infinity without one. */
export const deadlineAfter = (seconds: number | undefined): number => (seconds === undefined ? Infinity : Date.now() + seconds * 1000);
