import { createHash } from 'node:crypto';
import {
  type CountMethod,
  type CountStrategy as Strategy,
  type FinishedUnit,
  type Instance,
  type SetUpPoll,
  type UniqueBy,
  UserError,
  chained,
  countedCover,
  parseJson,
  setUpPoll,
  setUpUnlessStopped,
  toolVersion,
} from '../index.js';
import { optionName } from './options.js';
import {
  ChainedFile,
  cnfHash,
  headerParams,
  otherParams,
  readBackUnlessStopped,
  refuseLackingField,
  refuseOtherEncoding,
  sha256,
} from './run-file.js';

/**
 * The `count --output` file: JSON lines that a stopped count resumes from.
 *
 *   line 1   {"puzzlesat":"count", "fingerprint":..., what the count is}
 *   units    {"term":"r1850 s0", "strategy":"mrv", "unit":"12 345", "count":"6683", "nodes":970262, "sum":...}
 *   last     {"done":true, "count":"16146", "sum":...}   once the count is complete
 *
 * A unit is a subtree of one term's search (runCount, countCnf) with its
 * count, written as soon as it is finished. --resume checks the header
 * against this run (puzzle, parameters, how classes are counted, the
 * problem itself, the tool version), refuses malformed or repeated units,
 * and the count refuses units it does not have; a few finished units are
 * also counted again and must agree, all before the resume says it resumes.
 * A finished file (its closing line read back) is the count's result once
 * its units are found to be all of the count's and to make its total: a
 * resume reports it, counting nothing again, and leaves the file as it is. Every record carries a checksum chained
 * over the lines above it (as enumerate's file does), so a line deleted,
 * moved, edited or added is refused where it is. Only a torn last line is
 * repaired.
 */
export interface CountHeader {
  puzzlesat: 'count';
  fingerprint: string;
  version: string;
  puzzle: string;
  params: Record<string, unknown>;
  unique: boolean;
  uniqueBy: UniqueBy | null;
  counter: CountMethod;
  /** SHA-256 of what is counted: the exact-cover rows (and for classes the symmetries' action on them), or the formula. */
  problem: string;
}

/** The header of a count's file; hashing its problem asks `poll`, which may stop it (throws Stopped). */
export function countHeader(
  instance: Instance,
  counter: CountMethod,
  unique: boolean,
  uniqueBy: UniqueBy | undefined,
  poll: SetUpPoll = () => {},
): CountHeader {
  const what = {
    version: toolVersion(),
    puzzle: instance.puzzle,
    params: headerParams(instance.params),
    unique,
    uniqueBy: unique ? (uniqueBy ?? null) : null,
    counter,
    problem: counter === 'cnf' ? cnfHash(instance, poll) : exactCoverHash(instance, unique ? 'rows' : 'none', poll),
  };
  return { puzzlesat: 'count', fingerprint: sha256(JSON.stringify(what)).slice(0, 16), ...what };
}

/**
 * How much of the symmetries an exact-cover hash takes in: none (a count of
 * solutions, which no group changes), their action on the rows (a count of
 * classes), or whole, their images of the formula's other variables too.
 */
type SymmetriesHashed = 'none' | 'rows' | 'whole';

/**
 * The exact-cover problem as the count reads it: its rows, each row's
 * variable (terms are named by them) and, for classes, each symmetry's
 * images of those. The symmetries' images of the formula's other variables,
 * the auxiliaries of its --amo encoding, are not the count's: 'whole' hashes
 * them too, as puzzlesat did before (problemBefore).
 */
function exactCoverHash(instance: Instance, symmetries: SymmetriesHashed, poll: SetUpPoll = () => {}): string {
  const ec = countedCover(instance)!;
  const hash = createHash('sha256');
  // JSON.stringify({ primary, secondary, rows, rowVars }) as it always was, its rows written a batch at a time between polls.
  hash.update(`{"primary":${JSON.stringify(ec.primary)},"secondary":${JSON.stringify(ec.secondary)},"rows":[`);
  for (let r = 0; r < ec.rows.length; r += ROWS_A_BATCH) {
    const batch = ec.rows.slice(r, r + ROWS_A_BATCH);
    poll(batch.length);
    hash.update(`${r ? ',' : ''}${JSON.stringify(batch).slice(1, -1)}`);
  }
  hash.update(`],"rowVars":${JSON.stringify(ec.rowVars)}}`);
  // The order copies are covered in (a problem without copies hashes as before).
  if (ec.prevCopy) hash.update(`{"prevCopy":${JSON.stringify(ec.prevCopy)}}`);
  for (const s of symmetries === 'none' ? [] : instance.symmetries) {
    poll(ec.rowVars.length);
    const images = symmetries === 'whole' ? s : Int32Array.from(ec.rowVars, (v) => (v === 0 ? 0 : s[v]!));
    hash.update(new Uint8Array(images.buffer, images.byteOffset, images.byteLength));
  }
  return hash.digest('hex').slice(0, 32);
}

/** Rows hashed between two polls of the stop. */
const ROWS_A_BATCH = 1024;

/**
 * How files written by puzzlesat before name this count's problem: exact
 * cover hashed the symmetries whole, then their action on the rows, for
 * solutions as for classes. Such a file still resumes, with the encoding
 * (--amo) and the group (--symmetry) it was written with. Asked only of a
 * file that has another hash.
 */
export const problemBefore = (instance: Instance, counter: CountMethod, unique: boolean, poll?: SetUpPoll): (() => string[]) | undefined =>
  counter === 'exact-cover'
    ? () => (unique ? (['whole'] as const) : (['rows', 'whole'] as const)).map((symmetries) => exactCoverHash(instance, symmetries, poll))
    : undefined;

/** What a count is, as its file's header records it. */
export interface CountKind {
  counter: CountMethod;
  unique: boolean;
  uniqueBy: UniqueBy | undefined;
}

/**
 * The count's file opened (locked, and when resumed read and checked), or
 * undefined when `stop` (a --timeout, Ctrl-C) came while the problem was
 * hashed or a resumed file's units were read back: the file is then left as
 * it was, never written, and no lock is left.
 */
export async function openCountFile(
  path: string,
  instance: Instance,
  kind: CountKind,
  options: { resume: boolean; force: boolean },
  stop: () => boolean,
): Promise<CountFile | undefined> {
  const poll = setUpPoll(stop);
  // Hashed as the front end runs set-ups, as the enumeration's file is (openRunFile).
  const header = await setUpUnlessStopped(() => countHeader(instance, kind.counter, kind.unique, kind.uniqueBy, poll));
  if (!header) return undefined;
  // Its records (its header checked against the hashes of before, problemBefore) read back the same way.
  return readBackUnlessStopped(new CountFile(path, header, options, problemBefore(instance, kind.counter, kind.unique, poll), poll));
}

/** How many finished units a resume counts again, the cheapest of them. */
const RECHECKS = 3;

/** A count's file, locked when made; a resumed one's records are read back by readBack. */
export class CountFile extends ChainedFile<CountHeader> {
  /** Finished units by term, then unit. */
  readonly finished = new Map<string, Map<string, bigint>>();
  readonly strategies = new Map<string, Strategy>();
  /** The line each finished unit came from, by "term|unit" (error messages). */
  private readonly lineOf = new Map<string, number>();
  private readonly nodesOf = new Map<string, number>();
  /** The count of a file that is finished (its closing line read back): the file stays as it is. */
  done: bigint | undefined;
  /** Where a finished file's closing line is (FILE:LINE), for a refusal of what it claims. */
  closedAt: string | undefined;

  /** `problemBefore`: the problem's hash as a file written before has it (problemBefore below). */
  constructor(
    path: string,
    header: CountHeader,
    options: { resume: boolean; force: boolean },
    private readonly problemBefore?: () => string[],
    /**
     * Polled at each record a resume reads back (each is checked and parsed): a stop
     * then ends the open, the file as it was. A record is as many steps as it
     * has characters: at one step a record, a million records of a count took
     * 0.3 s between two polls.
     */
    private readonly poll: SetUpPoll = () => {},
  ) {
    super(path, header, optionName('output'));
    this.lockFor(options);
  }

  get resumedUnits(): number {
    return this.lineOf.size;
  }

  /** The cheapest finished units (fewest nodes), a few per count, to count again. */
  recheck(): Map<string, Set<string>> {
    const byCost = [...this.nodesOf].sort((a, b) => a[1] - b[1]).slice(0, RECHECKS);
    const out = new Map<string, Set<string>>();
    for (const [key] of byCost) {
      const [term, unit] = splitKey(key);
      out.set(term, (out.get(term) ?? new Set()).add(unit));
    }
    return out;
  }

  /** Where a unit named in an error was read from. */
  where(term: string, unit: string): string {
    const line = this.lineOf.get(`${term}|${unit}`);
    return line === undefined ? this.path : `${this.path}:${line}`;
  }

  writeUnit(u: FinishedUnit): void {
    this.append({ term: u.term, ...(u.strategy ? { strategy: u.strategy } : {}), unit: u.unit, count: String(u.count), nodes: u.nodes });
  }

  /** Closes the count (its closing line), or makes sure the file exists when it stopped short; a finished file is left as it is. */
  finish(count: bigint | undefined): void {
    if (this.done !== undefined) return;
    if (count === undefined) this.openForWriting();
    else this.append({ done: true, count: String(count) });
  }

  protected readExisting(): void {
    let i = -1;
    /** The closing line read, checked once it is known to be the file's last. */
    let closing: { where: string; count: unknown } | undefined;
    // Each line as it is read (for...of closes the file when a line is refused).
    for (const text of this.existingLines()) {
      if (++i === 0) {
        this.checkHeader(text);
        this.sum = chained('', text);
        continue;
      }
      if (closing) throw new UserError(`${closing.where}: the count's closing line is not the file's last; cannot resume`);
      this.poll(text.length);
      const where = `${this.path}:${i + 1}`;
      const record = this.record(text, where);
      if (record.done === true) {
        closing = { where, count: record.count };
        continue;
      }
      const { term, unit, count, strategy, nodes } = record;
      if (typeof term !== 'string' || typeof unit !== 'string' || typeof count !== 'string' || !/^\d+$/.test(count))
        throw new UserError(`${where}: not a unit of a count (term, unit, count); cannot resume`);
      if (strategy !== undefined && strategy !== 'sweep' && strategy !== 'mrv' && strategy !== 'components')
        throw new UserError(`${where}: unknown strategy "${String(strategy)}"; cannot resume`);
      const key = `${term}|${unit}`;
      const earlier = this.lineOf.get(key);
      if (earlier !== undefined) throw new UserError(`${where}: unit "${unit}" of ${term} again (first on line ${earlier}); cannot resume`);
      const before = this.strategies.get(term);
      if (strategy !== undefined && before !== undefined && before !== strategy)
        throw new UserError(`${where}: term ${term} ran with ${before} above, ${strategy} here; cannot resume`);
      if (strategy !== undefined) this.strategies.set(term, strategy);
      this.lineOf.set(key, i + 1);
      this.nodesOf.set(key, typeof nodes === 'number' ? nodes : Infinity);
      const units = this.finished.get(term) ?? new Map<string, bigint>();
      units.set(unit, BigInt(count));
      this.finished.set(term, units);
    }
    if (!closing) return;
    if (typeof closing.count !== 'string' || !/^\d+$/.test(closing.count))
      throw new UserError(`${closing.where}: the count's closing line has no count; cannot resume`);
    // The count is complete: the resume reports it and leaves the file whole (a stopped recount once cut this line off).
    this.done = BigInt(closing.count);
    this.closedAt = closing.where;
  }

  private checkHeader(text: string): void {
    let theirs: Partial<CountHeader> | undefined;
    try {
      theirs = parseJson(text, `${this.path}:1`) as Partial<CountHeader>;
    } catch {
      // reported below
    }
    if (theirs?.puzzlesat !== 'count')
      throw new UserError(`${this.path}:1 has no count header (not written by puzzlesat count --output); cannot resume`);
    const ours = this.header;
    if (theirs.fingerprint === ours.fingerprint) return;
    refuseLackingField(theirs, HEADER_FIELDS, this.path, 'count');
    if (theirs.unique !== ours.unique)
      throw new UserError(
        `${this.path}:1 counts ${theirs.unique ? 'classes (--unique)' : 'solutions (no --unique)'}; resume it the same way or start another file`,
      );
    theirs = { ...theirs, params: headerParams(theirs.params) };
    const differs = countFields(ours.counter, ours.unique, this.sameProblem(theirs.problem)).find(
      (k) => JSON.stringify(theirs![k]) !== JSON.stringify(ours[k]),
    );
    // The same count by every field (a file that recorded its formula's file name, as puzzlesat did before).
    if (differs === undefined) return;
    if (differs === 'params') refuseOtherEncoding(this.path, theirs.params, ours.params);
    const what = {
      uniqueBy: `a different way of counting classes (--unique-by ${String(theirs.uniqueBy ?? 'burnside')})`,
      counter: `a different counter (--method ${String(theirs.counter)})`,
      puzzle: 'a different puzzle',
      params: otherParams(theirs.params, ours.params),
      problem: 'a different problem (other rows, symmetries, clauses or projection)',
      version: `a different puzzlesat version (${String(theirs.version)})`,
    }[differs];
    throw new UserError(`${this.path}:1 was written for ${what}; resume it with the options it was started with, or start another file`);
  }

  /** Whether a file's problem is this count's (by this puzzlesat's hash, or by the one it wrote before). */
  private sameProblem(theirs: unknown): boolean {
    return theirs === this.header.problem || (typeof theirs === 'string' && this.problemBefore?.().includes(theirs) === true);
  }
}

/** The header fields a resume reads to say how a file differs from this run (refuseLackingField). */
const HEADER_FIELDS = {
  unique: 'true or false',
  uniqueBy: 'a name or null',
  counter: 'a name',
  puzzle: 'a name',
  version: 'a version',
} as const;

type CompareField = 'uniqueBy' | 'counter' | 'puzzle' | 'params' | 'problem' | 'version';

/**
 * The header fields a resume holds to this run's, those that explain a
 * refusal first. When the problem is the same, parameters that change
 * nothing counted are not compared, and the units on file are this count's:
 * the exact-cover count is of its problem alone (its rows, and for classes
 * the symmetries' action on them, are hashed), so --amo and --non-overlap,
 * which only change the formula, and for solutions --symmetry, change
 * nothing; the CNF count of solutions is of the formula alone. Classes by
 * clauses add to the formula a family its hash does not show (polycube's
 * --symmetry changes only that): their parameters are compared.
 */
function countFields(counter: CountMethod, unique: boolean, sameProblem: boolean): readonly CompareField[] {
  const meaning = ['uniqueBy', 'counter', 'puzzle'] as const;
  if (sameProblem && (counter === 'exact-cover' || !unique)) return [...meaning, 'version'];
  return [...meaning, 'params', 'problem', 'version'];
}

function splitKey(key: string): [string, string] {
  const bar = key.indexOf('|');
  return [key.slice(0, bar), key.slice(bar + 1)];
}
