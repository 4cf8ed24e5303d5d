import { existsSync } from 'node:fs';
import { Cnf } from '../src/core/cnf.js';
import { UsageError, UserError } from '../src/core/errors.js';
import { readTextFile } from '../src/core/input.js';
import { type Instance, type PuzzleEntry, type PuzzleOption, SEED_OPTION, entryOptions } from '../src/core/puzzle.js';
import { seededRandom } from '../src/core/random.js';
import { pbAtLeastCost, pbAtMostCost } from '../src/explain/sizes.js';
import { DEFAULT_PB, type PbEncoding, PB_ENCODINGS, atLeastWeighted, atMostWeighted } from '../src/pb/index.js';

/**
 * The 0-1 knapsack: items with a weight and a value, a capacity; take items
 * that fit (and, with a minimum, are worth enough). One variable per item;
 * the capacity and the minimum are pseudo-Boolean constraints in the
 * encoding --pb names, and the value is the objective `puzzlesat optimize`
 * maximises. `--random-items N` draws a family of instances for the benchmark.
 * Variables, constraint families, decode, check, as encoders/packing.ts.
 */
export interface Item {
  name: string;
  weight: number;
  value: number;
}

export interface KnapsackOptions {
  /** name:weight:value,… or a file of `name weight value` lines. */
  items?: string;
  /** Draw this many items instead (weights and values 1..100, reproducible with seed). */
  randomItems?: number;
  seed?: number;
  /** Default: half the total weight. */
  capacity?: number;
  /** Only selections worth at least this much. */
  minValue?: number;
  pb?: PbEncoding;
}

export interface KnapsackSolution {
  taken: Item[];
}

export type KnapsackInstance = Instance<KnapsackSolution> & { items: readonly Item[]; capacity: number };

/** Weights and values of --random-items are drawn from 1..RANDOM_MAX. */
const RANDOM_MAX = 100;

export function knapsack(options: KnapsackOptions): KnapsackInstance {
  const pb = options.pb ?? DEFAULT_PB;
  const items = itemsOf(options);
  const totalWeight = items.reduce((s, it) => s + it.weight, 0);
  const capacity = options.capacity ?? Math.floor(totalWeight / 2);
  const minValue = options.minValue;
  // ---- variables
  const cnf = new Cnf();
  const take = items.map((it) => cnf.vars.named(`take ${it.name}`));
  cnf.projection = [...take];
  // ---- constraint families
  const weights = items.map((it, i) => ({ lit: take[i]!, weight: it.weight }));
  const values = items.map((it, i) => ({ lit: take[i]!, weight: it.value }));
  cnf.family('capacity', `the items taken weigh at most ${capacity}`);
  atMostWeighted(cnf, weights, capacity, pb, 'capacity');
  if (minValue !== undefined) {
    cnf.family('value', `the items taken are worth at least ${minValue}`);
    atLeastWeighted(cnf, values, minValue, pb, 'value');
  }
  // ---- decode, check
  const decode = (trueVars: readonly number[]): KnapsackSolution => {
    const isTrue = new Set(trueVars);
    return { taken: items.filter((_, i) => isTrue.has(take[i]!)) };
  };
  const check = ({ taken }: KnapsackSolution): string | null => {
    const weight = taken.reduce((s, it) => s + it.weight, 0);
    const value = taken.reduce((s, it) => s + it.value, 0);
    if (new Set(taken.map((it) => it.name)).size !== taken.length) return 'an item is taken twice';
    if (weight > capacity) return `the items taken weigh ${weight}, more than the capacity ${capacity}`;
    if (minValue !== undefined && value < minValue) return `the items taken are worth ${value}, less than ${minValue}`;
    return null;
  };
  const sizeText = (what: string, cost: { clauses: number; auxVars: number }) => {
    const info = PB_ENCODINGS.find((e) => e.name === pb)!;
    return `${pb} over ${items.length} items, ${what}, normalised first (${pb}: clauses ${info.clauses}; auxiliaries ${info.auxVars}) = ${cost.clauses} clauses, ${cost.auxVars} aux`;
  };
  // The sizes are measured by building the constraint again on fresh
  // literals: only explain asks for them, and on large random instances that
  // build costs as much as the encoding itself.
  const families = () => {
    const capacityCost = pbAtMostCost(pb, weights, capacity);
    const shapes = new Map([['capacity', pbShape(sizeText(`Σ weight·take ≤ ${capacity}`, capacityCost), capacityCost)]]);
    if (minValue !== undefined) {
      const cost = pbAtLeastCost(pb, values, minValue);
      shapes.set('value', pbShape(sizeText(`Σ value·take ≥ ${minValue}`, cost), cost));
    }
    return shapes;
  };
  return {
    puzzle: 'knapsack',
    params: { items: itemsParam(items), capacity, minValue, pb },
    cnf,
    items,
    capacity,
    decode,
    check,
    render: (s) => renderTaken(s, capacity),
    toJson: ({ taken }) => ({ taken: taken.map((it) => it.name), ...totals(taken) }),
    symmetries: [],
    splitGroups: [],
    objective: { name: 'value', sense: 'maximize', terms: take, weights: items.map((it) => it.value) },
    explain: () => ({ variables: `one variable per item, "take NAME": ${items.length} items of total weight ${totalWeight}`, families: families() }),
  };
}

function pbShape(text: string, cost: { clauses: number; auxVars: number }) {
  return { formula: { text, ...cost }, about: () => 'the weighted sum' };
}

const totals = (taken: readonly Item[]) => ({
  weight: taken.reduce((s, it) => s + it.weight, 0),
  value: taken.reduce((s, it) => s + it.value, 0),
});

function renderTaken({ taken }: KnapsackSolution, capacity: number): string {
  const { weight, value } = totals(taken);
  const list = taken.map((it) => `${it.name} (${it.weight}, ${it.value})`).join(', ');
  return `take ${list || 'nothing'}\nweight ${weight} of ${capacity}, value ${value}`;
}

/** The items as the `items` parameter spells them, so that a DIMACS header rebuilds them. */
const itemsParam = (items: readonly Item[]) => items.map((it) => `${it.name}:${it.weight}:${it.value}`).join(',');

function itemsOf(options: KnapsackOptions): Item[] {
  if (options.randomItems !== undefined && options.items !== undefined) throw new UsageError('--items and --random-items: give one of them');
  if (options.randomItems !== undefined) {
    const random = seededRandom(options.seed ?? 1);
    const draw = () => 1 + Math.floor(random() * RANDOM_MAX);
    return Array.from({ length: options.randomItems }, (_, i) => ({ name: `i${i + 1}`, weight: draw(), value: draw() }));
  }
  if (options.items === undefined) throw new UsageError('knapsack: give --items name:weight:value,… (or a file of them) or --random-items N');
  const spec = options.items;
  const fromFile = !spec.includes(':') && existsSync(spec);
  const entries = fromFile ? fileEntries(spec) : spec.split(',').map((text, i) => ({ text: text.trim(), where: `--items, item ${i + 1}` }));
  const items = entries.map(({ text, where }) => parseItem(text, where));
  const names = new Set<string>();
  for (const [i, it] of items.entries()) {
    if (names.has(it.name)) throw new UserError(`${entries[i]!.where}: item "${it.name}" is named twice`);
    names.add(it.name);
  }
  if (items.length === 0) throw new UserError('--items: no items');
  return items;
}

function fileEntries(path: string): { text: string; where: string }[] {
  return readTextFile(path, '--items')
    .split(/\r?\n/)
    .map((line, i) => ({ text: line.replace(/#.*/, '').trim().split(/\s+/).join(':'), where: `${path}:${i + 1}` }))
    .filter((e) => e.text !== '');
}

function parseItem(text: string, where: string): Item {
  const m = /^([^:\s,]+):(\d{1,9}):(\d{1,9})$/.exec(text);
  if (!m) throw new UserError(`${where}: "${text}" is not name:weight:value (whole numbers)`);
  const item = { name: m[1]!, weight: Number(m[2]), value: Number(m[3]) };
  if (item.weight === 0) throw new UserError(`${where}: item "${item.name}" weighs nothing`);
  return item;
}

const KNAPSACK_OPTIONS: readonly PuzzleOption[] = [
  { name: 'items', type: 'string', describe: 'items as name:weight:value,… or a file of "name weight value" lines' },
  { name: 'random-items', type: 'number', describe: 'draw this many items (weights and values 1-100; reproducible with --seed)', param: false },
  SEED_OPTION,
  { name: 'capacity', type: 'number', describe: 'the most the items taken may weigh (default half the total weight)' },
  { name: 'min-value', type: 'number', describe: 'only selections worth at least this much' },
];

export const KNAPSACK_PUZZLE: PuzzleEntry = {
  name: 'knapsack',
  about: 'the 0-1 knapsack: take items that fit the capacity (optimize: worth the most); weighted sums in the --pb encoding',
  options: KNAPSACK_OPTIONS,
  // Only its weighted sums have an encoding to choose; amo and card are the entry contract's placeholders.
  defaults: { amo: 'sequential', card: 'totalizer', pb: DEFAULT_PB },
  encodings: ['pb'],
  objective: 'the value of the items taken, maximised',
  build: (args) => knapsack(entryOptions(KNAPSACK_OPTIONS, args)),
};
