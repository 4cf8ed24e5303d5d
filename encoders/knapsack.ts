import { existsSync } from 'node:fs';
import { Cnf } from '../src/core/cnf.js';
import { UsageError, UserError, hasControlCharacter, readingOption } from '../src/core/errors.js';
import { fieldName } from '../src/core/field-names.js';
import { checkSize, shownValue } from '../src/core/limits.js';
import { inputPath, readTextFile } from '../src/core/input.js';
import { contentLines } from '../src/core/lines.js';
import { type Instance, type PuzzleEntry, type PuzzleOption, SEED_OPTION, checkRendered, entryOptions } from '../src/core/puzzle.js';
import { SEEDS, seededRandom } from '../src/core/random.js';
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
  for (const [field, least, most] of WHOLE_NUMBERS) wholeNumber(field, options[field], least, most);
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
    render: (s) => {
      checkRendered('knapsack', s, 'taken');
      return renderTaken(s, capacity);
    },
    toJson: (s) => {
      checkRendered('knapsack', s, 'taken', 'toJson');
      return { taken: s.taken.map((it) => it.name), ...totals(s.taken) };
    },
    symmetries: [],
    splitGroups: [],
    objective: {
      name: 'value',
      sense: 'maximize',
      terms: take,
      weights: items.map((it) => it.value),
      dominance: () => ({
        clauses: dominancePairs(items).map(([better, worse]) => [-take[worse]!, take[better]!]),
        why: DOMINANCE_WHY,
      }),
    },
    explain: () => ({ variables: `one variable per item, "take NAME": ${items.length} items of total weight ${totalWeight}`, families: families() }),
  };
}

const DOMINANCE_WHY =
  'an item that weighs no more than another and is worth more is taken whenever the other is: else swapping them would fit and be worth more';

/** Past this many items the dominance pairs are not looked for (their search grows as the cube of the items). */
const MAX_DOMINANCE_ITEMS = 2000;

/**
 * The pairs [better, worse] of item indices where `better` weighs no more
 * than `worse` and is worth more. Every optimal load that takes `worse`
 * takes `better` (DOMINANCE_WHY), though other loads need not: so only a
 * search for the one best load may use them. Only covering pairs are kept
 * (no item between the two): the rest follow by unit propagation (50
 * random items: about 530 pairs, 134 covering). With them the optimum of 50
 * random items is proved in under a second, where a minute was not enough
 * (bench/results/knapsack-dominance.md).
 */
export function dominancePairs(items: readonly Item[]): [number, number][] {
  const n = items.length;
  if (n > MAX_DOMINANCE_ITEMS) return [];
  const words = Math.ceil(n / 32);
  const has = (bits: Uint32Array, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
  // above[j]: the items better than item j, as a bitset.
  const above = items.map((worse) => {
    const bits = new Uint32Array(words);
    items.forEach((better, i) => {
      if (better.weight <= worse.weight && better.value > worse.value) bits[i >>> 5]! |= 1 << (i & 31);
    });
    return bits;
  });
  const pairs: [number, number][] = [];
  above.forEach((bits, j) => {
    // An item better than one that is better than j covers nothing: dropped.
    const covering = bits.slice();
    for (let k = 0; k < n; k++) if (has(bits, k)) for (let w = 0; w < words; w++) covering[w]! &= ~above[k]![w]!;
    for (let i = 0; i < n; i++) if (has(covering, i)) pairs.push([i, j]);
  });
  return pairs;
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

/**
 * The knapsack's numbers and the least each may be. The command line checks
 * them as it reads them; a library caller's were not checked: capacity NaN
 * met "a pseudo-Boolean bound must be a safe integer", randomItems 1.5 drew
 * one item and NaN none.
 */
const WHOLE_NUMBERS = [
  ['capacity', 0, undefined],
  ['minValue', 0, undefined],
  ['randomItems', 1, undefined],
  ['seed', 0, SEEDS - 1],
] as const;

function wholeNumber(field: string, value: number | undefined, least: number, most = Number.MAX_SAFE_INTEGER): void {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= least && value <= most))
    throw new UsageError(
      `${fieldName(field)}: expected a whole number ≥ ${least}${most < Number.MAX_SAFE_INTEGER ? ` and ≤ ${most} (the random generator keeps 32 bits of a seed)` : ''}, got ${shownValue(value)}`,
    );
}

function itemsOf(options: KnapsackOptions): Item[] {
  if (options.randomItems !== undefined && options.items !== undefined)
    throw new UsageError(`${fieldName('items')} and ${fieldName('randomItems')}: give one of them`);
  // As genius-square's --seed without --random: a seed with the items given was ignored, unsaid.
  if (options.seed !== undefined && options.randomItems === undefined) throw new UsageError(`${fieldName('seed')} needs ${fieldName('randomItems')}`);
  if (options.randomItems !== undefined) {
    // One variable an item: drawn whole first, ten million of them ran out of memory before any formula's size guard.
    checkSize('vars', options.randomItems, fieldName('randomItems'), 'would make');
    const random = seededRandom(options.seed ?? 1);
    const draw = () => 1 + Math.floor(random() * RANDOM_MAX);
    return Array.from({ length: options.randomItems }, (_, i) => ({ name: `i${i + 1}`, weight: draw(), value: draw() }));
  }
  if (options.items === undefined)
    throw new UsageError(`knapsack: give ${fieldName('items')} name:weight:value,… (or a file of them) or ${fieldName('randomItems')} N`);
  const spec = options.items;
  const file = existsSync(inputPath(spec));
  // A file when one is there, as --pieces and --board read theirs: a path may hold colons and read as items too
  // (a:3:4, ./a:3:4), and was taken for one item. Else items, written name:weight:value; a value without a colon
  // can only have been meant as a file.
  if (file || (!spec.includes(':') && spec.trim() !== '')) {
    if (!file) throw new UserError(`${fieldName('items')}: no file "${spec}" (items are name:weight:value,… or a file of "name weight value" lines)`);
    return checkedItems(fileEntries(spec), spec);
  }
  const typed = spec.split(',').map((raw, i) => ({
    text: raw.trim(),
    where: `${fieldName('items')}, item ${i + 1}`,
    shown: raw.trim(),
    form: 'name:weight:value',
    // One entry that is no item may have been meant as a file's name (a:b.txt): say that none is there either.
    ...(!spec.includes(',') && spec.trim() !== '' ? { absent: 'and no file has that name' } : {}),
  }));
  // Typed in the option: a bad item is a bad option value, a usage error (exit 2); a file's stays exit 1.
  return readingOption(() => checkedItems(typed, fieldName('items')));
}

/**
 * An item as written: `text` in the name:weight:value form parseItem reads;
 * `shown` and `form` as the user wrote it, for messages (a file's line has
 * spaces, not colons); `absent`, what else it was not, when it cannot be read.
 */
type ItemEntry = { text: string; where: string; shown: string; form: string; absent?: string };

/** The items of these entries, each name once, at least one; `source` (the file, or the option typed) is where none were found. */
function checkedItems(entries: readonly ItemEntry[], source: string): Item[] {
  const items = entries.map(parseItem);
  const names = new Set<string>();
  for (const [i, it] of items.entries()) {
    if (names.has(it.name)) throw new UserError(`${entries[i]!.where}: item "${it.name}" is named twice`);
    names.add(it.name);
  }
  if (items.length === 0) throw new UserError(`${source}: no items`);
  return items;
}

function fileEntries(path: string): ItemEntry[] {
  return contentLines(readTextFile(path, fieldName('items'))).map(({ line, content }) => ({
    text: content.split(/\s+/).join(':'),
    where: `${path}:${line}`,
    shown: content,
    form: 'name weight value',
  }));
}

/** Weights and values stay below 10⁹, so that the sums of a million of them stay exact integers. */
const MAX_AMOUNT = 999_999_999;

/** An item as parseItem reads it: name:weight:value. */
const ITEM = /^([^:\s,]+):(\d+):(\d+)$/;

function parseItem({ text, where, shown, form, absent }: ItemEntry): Item {
  const m = ITEM.exec(text);
  if (!m) throw new UserError(`${where}: "${shown}" is not ${form} (whole numbers)${absent ? `, ${absent}` : ''}`);
  for (const [what, digits] of [
    ['weight', m[2]!],
    ['value', m[3]!],
  ] as const)
    if (Number(digits) > MAX_AMOUNT)
      throw new UserError(`${where}: ${what} ${digits} is more than ${MAX_AMOUNT}, the most a weight or a value may be`);
  const item = { name: m[1]!, weight: Number(m[2]), value: Number(m[3]) };
  if (hasControlCharacter(item.name)) throw new UserError(`${where}: item "${item.name}" holds a control character; give it a printable name`);
  if (item.weight === 0) throw new UserError(`${where}: item "${item.name}" weighs nothing`);
  return item;
}

const KNAPSACK_OPTIONS: readonly PuzzleOption[] = [
  {
    name: 'items',
    type: 'string',
    describe:
      'a file of "name weight value" lines (# at the start of a line or after a space starts a comment), read where one has the name, else items as name:weight:value,…',
  },
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
