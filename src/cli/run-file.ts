import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, openSync, readFileSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import {
  type EncodingKind,
  type Instance,
  type SetUpPoll,
  type SymmetryBreaking,
  SUM_DIGITS,
  UsageError,
  UserError,
  chained,
  closeOutput,
  followingSum,
  linkTarget,
  openOutput,
  orbit,
  parseJson,
  processAlive,
  setUpPoll,
  setUpUnlessStopped,
  readWholeLines,
  readingResumed,
  writeOrExplain,
  systemReason,
  toolVersion,
} from '../index.js';
import { optionName } from './options.js';

/**
 * The `enumerate --output` file: JSON lines that a killed run resumes from.
 *
 *   line 1      {"puzzlesat":"enumerate", "fingerprint":..., what the run was}
 *   solutions   {"index":n, "orbit":k, "vars":[...], "solution":..., "sum":...}
 *   cubes       {"cube":"12 345 ...", "sum":...}  once every solution of that cube is above it
 *
 * A cube record claims solutions it does not list, so a file that lost a
 * solution line above one would resume to a wrong count reported complete.
 * Every record therefore ends in a checksum chained over the whole file
 * above it (SHA-256 of the previous sum and the record's text): a line
 * deleted, duplicated, moved, edited or added breaks the chain at that
 * line, and --resume refuses the file there, in one line. Only what a
 * killed run leaves is accepted: a prefix of what it wrote, whose cube
 * records hold by construction; a torn last line is cut.
 *
 * --resume trusts nothing else either: the header must describe this very
 * run (puzzle, parameters, --unique, the CNF itself, the tool version),
 * solutions are numbered in order, every one must pass the puzzle's
 * independent check, no solution (or, under --unique, no class) and no cube
 * may appear twice. A lock file holding the writer's pid keeps a second run
 * off the file. Nothing is truncated or created until the first record is
 * written, so a run that fails on its options or its puzzle leaves an
 * existing file as it was.
 */
export interface RunHeader {
  puzzlesat: 'enumerate';
  fingerprint: string;
  version: string;
  puzzle: string;
  params: Record<string, unknown>;
  unique: boolean;
  /**
   * With --unique, how each class's kept member is chosen (--unique-by): the
   * formula hashed is the puzzle's, without the symmetry-breaking family
   * (dancing links follows its plan and builds no clause), so that the
   * family's members and the orbits' differ here.
   */
  uniqueBy?: SymmetryBreaking;
  /** SHA-256 of the formula (variables, projection, clauses): any encoding change shows. */
  cnf: string;
}

/**
 * The header of an enumeration's file, of the puzzle's formula (the plan's
 * instance) and, for classes, how they are kept (false: every solution);
 * `poll` is asked while the formula is hashed (see cnfHash).
 */
export function runHeader(instance: Instance, classes: SymmetryBreaking | false, poll?: SetUpPoll): RunHeader {
  const what = {
    version: toolVersion(),
    puzzle: instance.puzzle,
    params: headerParams(instance.params),
    unique: classes !== false,
    ...(classes === false ? {} : { uniqueBy: classes }),
    cnf: cnfHash(instance, poll),
  };
  return { puzzlesat: 'enumerate', fingerprint: sha256(JSON.stringify(what)).slice(0, 16), ...what };
}

/**
 * The enumeration's file opened (locked, and when resumed read and checked),
 * or undefined when `stop` (a --timeout, Ctrl-C) came while the formula was
 * hashed for its header or a resumed file's records were read back: the file
 * is then left as it was, never written, and no lock is left. The formula is
 * hashed as the front end runs set-ups (setUpUnlessStopped): the CLI's
 * Ctrl-C reaches no poll inside it, and was heard once the hash was done
 * (0.4 s of 180 I pentominoes on a 30x30 board), the file then written.
 */
export async function openRunFile(
  path: string,
  instance: Instance,
  classes: SymmetryBreaking | false,
  options: RunFileOptions,
  stop: () => boolean,
): Promise<RunFile | undefined> {
  const poll = setUpPoll(stop);
  const header = await setUpUnlessStopped(() => runHeader(instance, classes, poll));
  return header && readBackUnlessStopped(new RunFile(path, instance, header, options, poll));
}

/**
 * A resumable file (locked when made) with its records read back as the
 * front end runs set-ups: read plainly, a large file's records took seconds,
 * and the CLI's Ctrl-C was heard once they were read. A stop there, heard by
 * a poll (a refusal, which releases the lock) or by the runner cutting the
 * read short, leaves the file as it was and unlocked: undefined then.
 */
export async function readBackUnlessStopped<F extends ChainedFile<{ puzzlesat: string }>>(file: F): Promise<F | undefined> {
  const read = await setUpUnlessStopped(() => file.readBack());
  if (!read) file.close();
  return read;
}

/** What a verb says when --resume found nothing to continue in its --output file (ChainedFile.nothingResumed): `run` starts from the beginning. */
export const nothingToResume = (file: { path: string; nothingResumed?: string }, run: string): string =>
  `puzzlesat: resuming: nothing to resume at ${file.path} (${file.nothingResumed}); the ${run} starts from the beginning\n`;

/** A resumed file refused, `message` naming where in it (FILE:LINE: why): every such refusal is said as the option that read it. */
export const resumeRefusal = (message: string): UserError => new UserError(`${optionName('resume')}: ${message}`);

/** What a verb says when a stop came before its --output file was opened. */
export const stoppedBeforeOutput = (path: string): string => `puzzlesat: stopped before ${path} was read or written; it is left as it was\n`;

/**
 * What the resumable output files share (enumerate's and count's): the
 * lock, the header line, records chained by checksum (see RunFile), and
 * appending after the whole lines a resume kept. A subclass reads its own
 * records back (readExisting, each line through record()) and calls
 * lockFor() in its constructor; readBack() reads later, a read its opener
 * can cut short (readBackUnlessStopped).
 */
export abstract class ChainedFile<Header extends { puzzlesat: string }> {
  private fd: number | undefined;
  /** Bytes of the existing file to keep (resume); undefined for a fresh file. */
  protected keepBytes: number | undefined;
  /** What followed a resumed file's whole lines (a torn line, NULs): cut once the run appends, put back if what it added is discarded. */
  private tail: Buffer | undefined;
  /** The checksum of the last line written (or kept): the next record's chains from it. */
  protected sum: string;
  private lock: { release(): void } | undefined;
  /** A resumed file is there to read back. */
  private toRead = false;
  /**
   * Why a resume found nothing to continue (no such file, an empty one, a header cut short): the run then starts
   * from the beginning, as without --resume, and the verb says so (nothingToResume). Undefined otherwise.
   */
  nothingResumed: string | undefined;

  protected constructor(
    readonly path: string,
    protected readonly header: Header,
    /** The option that named the file, for errors. */
    private readonly option: string,
  ) {
    this.sum = chained('', JSON.stringify(header));
  }

  /** Locks the file, noting whether a resume has something to read back (readBack). */
  protected lockFor(options: RunFileOptions): void {
    const exists = existsSync(this.path);
    this.lock = lockOutput(this.path, options);
    if (options.resume && !exists) this.nothingResumed = 'no such file';
    this.toRead = exists && options.resume;
  }

  /** Reads back what a resumed file holds (none otherwise); a refusal, named as every refusal of a resumed file is (readingResumed), releases the lock. */
  readBack(): this {
    try {
      // What the file holds is refused at its line (--resume: FILE:LINE: ...); a file that cannot be read names --output instead.
      if (this.toRead) readingResumed(this.path, () => this.readExisting(), optionName('resume'));
      return this;
    } catch (e) {
      this.lock?.release();
      throw e;
    }
  }

  protected abstract readExisting(): void;

  /**
   * The whole lines of the existing file (a torn or NUL-padded tail left
   * out, CRLF endings read as LF), the header first, each as it is read (a
   * line at a time: the caller's polls come while the file is read), and
   * keepBytes set to their length once they are all read; none when all
   * there is a torn header (a kill while writing it), which starts the file
   * afresh. Anything else without a whole line is not ours to replace.
   */
  protected *existingLines(): Generator<string> {
    const { length, tail } = yield* readWholeLines(this.path, this.option, isRecordStart);
    if (length > 0) {
      this.keepBytes = length;
      this.tail = tail;
      return;
    }
    const text = tail.toString('utf8').replace(/\0+$/, '');
    if (JSON.stringify(this.header).startsWith(text)) {
      this.nothingResumed = text ? 'only the start of its header, cut short' : 'the file is empty';
      return;
    }
    const verb = this.header.puzzlesat;
    throw new UserError(`${this.path} is not a file of puzzlesat ${verb} --output (no run header); cannot resume from it`);
  }

  /** A kept line's record, once its checksum follows from the lines above. */
  protected record(text: string, where: string): Record<string, unknown> {
    this.sum = checkedSum(text, this.sum, where);
    return parseLine(text, where);
  }

  protected append(record: object): void {
    this.openForWriting();
    const body = JSON.stringify(record).slice(0, -1);
    this.sum = chained(this.sum, body);
    writeOrExplain(this.fd!, `${body},"sum":"${this.sum}"}\n`, this.path);
  }

  protected openForWriting(): void {
    this.fd ??= openForAppending(this.path, this.keepBytes, this.header, this.option);
  }

  /** Cuts what this run appended, the file then byte for byte what its resume read (its torn tail too): for a file refused once the run went on. */
  discardAdded(): void {
    if (this.fd === undefined || this.keepBytes === undefined) return;
    try {
      truncateSync(this.path, this.keepBytes);
      if (this.tail?.length) appendFileSync(this.path, this.tail);
    } catch (e) {
      throw new UserError(`${this.option}: cannot write "${this.path}": ${systemReason(e)}`);
    }
  }

  close(): void {
    if (this.fd !== undefined) closeOutput(this.fd, this.path);
    this.fd = undefined;
    this.lock?.release();
  }
}

export interface RunFileOptions {
  resume: boolean;
  /** Overwrite an existing file that is not resumed. */
  force: boolean;
}

export class RunFile extends ChainedFile<RunHeader> {
  /** Solutions already in the file (resume), as projection variables. */
  readonly known: number[][] = [];
  /** Cubes whose every solution is in the file. */
  readonly finishedCubes = new Set<string>();
  private written = 0;

  constructor(
    path: string,
    private readonly instance: Instance,
    header: RunHeader,
    options: RunFileOptions,
    /**
     * Polled at each record a resume reads back (each is decoded and checked): a stop
     * then ends the open, the file as it was. A record is as many steps as it
     * has characters: at one step a record, a million records of a count took
     * 0.3 s between two polls.
     */
    private readonly poll: SetUpPoll = () => {},
  ) {
    super(path, header, optionName('output'));
    this.lockFor(options);
  }

  writeSolution(record: { orbit: number; vars: number[]; solution: unknown }): void {
    this.append({ index: this.known.length + ++this.written, ...record });
  }

  writeCube(key: string): void {
    this.append({ cube: key });
  }

  /** Makes sure the file exists (with its header) even when the run found nothing. */
  finish(): void {
    this.openForWriting();
  }

  protected readExisting(): void {
    const projection = new Set(this.instance.cnf.projection);
    const group = this.header.unique ? this.instance.symmetries : [];
    const seenAt = new Map<string, number>();
    const cubeAt = new Map<string, number>();
    let i = -1;
    // Each line as it is read (for...of closes the file when a line is refused).
    for (const text of this.existingLines()) {
      if (++i === 0) {
        checkHeader(text, this.header, this.path);
        this.sum = chained('', text);
        continue;
      }
      this.poll(text.length);
      const where = `${this.path}:${i + 1}`;
      const record = this.record(text, where);
      if (typeof record.cube === 'string') {
        const earlier = cubeAt.get(record.cube);
        if (earlier !== undefined) throw new UserError(`${where}: cube ${record.cube} is already finished at line ${earlier}; cannot resume`);
        cubeAt.set(record.cube, i + 1);
        this.finishedCubes.add(record.cube);
        continue;
      }
      // A record of neither kind (a cube that is no text, an index that is no number) was taken for a solution out of
      // place: "solution undefined where solution 1 should be".
      if (record.cube !== undefined || typeof record.index !== 'number')
        throw new UserError(`${where}: neither a solution ({"index": N, "vars": [...]}) nor a finished cube ({"cube": "LITERALS"}); cannot resume`);
      if (record.index !== this.known.length + 1)
        throw new UserError(`${where}: solution ${String(record.index)} where solution ${this.known.length + 1} should be; cannot resume`);
      const vars = record.vars;
      if (!Array.isArray(vars) || !vars.every((v) => Number.isInteger(v) && projection.has(v as number))) {
        throw new UserError(`${where}: not a solution of this run (cannot resume)`);
      }
      const problem = this.instance.check(this.instance.decode(vars as number[]));
      if (problem) throw new UserError(`${where}: this solution fails the puzzle's check (${problem}); cannot resume`);
      // Under --unique a class is one orbit: any member seen before makes this line a duplicate.
      for (const image of orbit(group, vars as number[])) {
        const earlier = seenAt.get(image.join(','));
        if (earlier !== undefined)
          throw new UserError(`${where}: duplicate of line ${earlier}${group.length ? ' (the same class)' : ''}; cannot resume`);
      }
      seenAt.set([...(vars as number[])].sort((a, b) => a - b).join(','), i + 1);
      this.known.push(vars as number[]);
    }
  }
}

/** What a kill can leave of a record: its first characters, `{` and then JSON's text (which has no control characters). */
const isRecordStart = (head: string): boolean => /^\{[^\x00-\x1f]*$/.test(head);

/** A record line: its text (its JSON without the closing brace), then its sum. */
const SUMMED = new RegExp(`^(.*),"sum":"([0-9a-f]{${SUM_DIGITS}})"\\}$`);

/** The sum a record line carries, when it is the one the lines above call for; else a UserError naming the line. */
function checkedSum(text: string, previous: string, where: string): string {
  const m = SUMMED.exec(text);
  return followingSum(m ? { body: m[1]!, sum: m[2]! } : undefined, previous, where);
}

/**
 * A file of JSON lines opened to write on: after the whole lines kept from a
 * resumed run (a torn last line, a kill mid-write, cut first), or afresh with
 * its header line. `option` names the file in an error.
 */
export function openForAppending(path: string, keepBytes: number | undefined, header: object, option: string): number {
  try {
    if (keepBytes !== undefined) {
      truncateSync(path, keepBytes);
      return openSync(path, 'a');
    }
    const fd = openOutput(path, 'w');
    writeOrExplain(fd, JSON.stringify(header) + '\n', path);
    return fd;
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${option}: cannot write "${path}": ${systemReason(e)}`);
  }
}

export function parseLine(text: string, where: string): Record<string, unknown> {
  try {
    const value: unknown = parseJson(text, where);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new UserError(`${where}: not a JSON record (cannot resume from it)`);
}

/** The header fields a resume reads to say how a file differs from this run (uniqueBy may be missing: files of before had none). */
const HEADER_FIELDS = { unique: 'true or false', puzzle: 'a name', version: 'a version' } as const;

/** Words for what a header field must be, as in HEADER_FIELDS: 'true or false' a boolean, 'a name or null' a string or null, else a string. */
function fitsField(value: unknown, words: string): boolean {
  if (words === 'true or false') return typeof value === 'boolean';
  return typeof value === 'string' || (value === null && words.endsWith(' or null'));
}

/**
 * Refuses a header without a field a resume compares, naming it: without
 * one ({"puzzlesat":"count"} alone) the refusal named a difference the run
 * did not have ("counts solutions (no --unique)" to a count of solutions).
 */
export function refuseLackingField(header: object, fields: Readonly<Record<string, string>>, path: string, verb: string): void {
  const lacking = Object.entries(fields).find(([key, words]) => !fitsField((header as Record<string, unknown>)[key], words));
  if (lacking)
    throw resumeRefusal(
      `${path}:1: the ${verb} header has no "${lacking[0]}" (${lacking[1]}); it was edited, or not written by puzzlesat ${verb} --output: cannot resume`,
    );
}

function checkHeader(text: string, ours: RunHeader, path: string): void {
  let theirs: Partial<RunHeader> | undefined;
  try {
    theirs = parseJson(text, `${path}:1`) as Partial<RunHeader>;
  } catch {
    // reported below
  }
  if (theirs?.puzzlesat !== 'enumerate')
    throw new UserError(`${path}:1 has no run header (not written by puzzlesat enumerate --output); cannot resume`);
  if (theirs.fingerprint === ours.fingerprint) return;
  refuseLackingField(theirs, HEADER_FIELDS, path, 'enumerate');
  if (theirs.unique !== ours.unique)
    throw new UserError(`${path}:1 was written ${theirs.unique ? 'with' : 'without'} --unique; resume it the same way or start another file`);
  if (theirs.uniqueBy !== ours.uniqueBy) refuseOtherClasses(path, theirs.uniqueBy, ours.uniqueBy);
  theirs = { ...theirs, params: headerParams(theirs.params) };
  const differs = (['puzzle', 'params', 'cnf', 'version'] as const).find((k) => JSON.stringify(theirs![k]) !== JSON.stringify(ours[k]));
  // The same run by every field (a file that recorded its formula's file name, as puzzlesat did before).
  if (differs === undefined) return;
  if (differs === 'params') refuseOtherEncoding(path, theirs.params, ours.params);
  const what = {
    puzzle: 'a different puzzle',
    params: otherParams(theirs.params, ours.params),
    cnf: 'a different encoding (another CNF)',
    version: `a different puzzlesat version (${String(theirs.version)})`,
  }[differs];
  throw new UserError(`${path}:1 was written for ${what}; resume it with the options it was started with, or start another file`);
}

/** A file of classes kept another way than this run's (a file written before headers said: by its formula, which then differs too). */
function refuseOtherClasses(path: string, theirs: SymmetryBreaking | undefined, ours: SymmetryBreaking | undefined): never {
  const option = optionName('uniqueBy');
  if (theirs === undefined)
    throw new UserError(`${path}:1 does not say how its classes were kept (${option}: written by an earlier puzzlesat); start another file`);
  throw new UserError(
    `${path}:1 was written with ${option} ${theirs}, and this run's is ${String(ours)}; give ${option} ${theirs} to resume it, or start another file`,
  );
}

/** The first puzzle parameter that differs between a file's header and this run, with both sides. */
function firstDiffering(theirs: unknown, ours: unknown): { key?: string; inFile: Record<string, unknown>; now: Record<string, unknown> } {
  const inFile = (theirs ?? {}) as Record<string, unknown>;
  const now = (ours ?? {}) as Record<string, unknown>;
  const key = [...new Set([...Object.keys(inFile), ...Object.keys(now)])].find((k) => JSON.stringify(inFile[k]) !== JSON.stringify(now[k]));
  return { key, inFile, now };
}

/** The encodings a header records, each a parameter named as its option. */
const ENCODING_PARAMS = { amo: true, card: true, pb: true } satisfies Record<EncodingKind, true>;

/**
 * A file written with another encoding is refused naming the option that
 * resumes it. The user may never have given that option: a default can
 * depend on the run (enumerating on minisat-wasm, --amo is the puzzle's
 * choice for natively propagated groups, pairwise for pentomino; with
 * --solver dlx or --propagation clauses, its everyday default), so
 * resuming with another --solver changes the formula unasked.
 */
export function refuseOtherEncoding(path: string, theirs: unknown, ours: unknown): void {
  const { key, inFile, now } = firstDiffering(theirs, ours);
  if (key === undefined || !(key in ENCODING_PARAMS) || typeof inFile[key] !== 'string' || typeof now[key] !== 'string') return;
  throw new UserError(
    `${path}:1 was written with --${key} ${inFile[key]}, and this run's is ${now[key]} ` +
      `(the default --${key} depends on the puzzle, --solver, --enum-mode and --propagation); give --${key} ${inFile[key]} to resume it, or start another file`,
  );
}

/** "other puzzle parameters (preset: "6x10" in the file, "5x12" now)": the first parameter that differs, so that the user knows which option to give. */
export function otherParams(theirs: unknown, ours: unknown): string {
  const { key, inFile, now } = firstDiffering(theirs, ours);
  const shown = (v: unknown) => (v === undefined ? 'none' : JSON.stringify(v).slice(0, 60));
  return key === undefined
    ? 'other puzzle parameters'
    : `other puzzle parameters (${key}: ${shown(inFile[key])} in the file, ${shown(now[key])} now)`;
}

/**
 * The guard every --output file goes through (enumerate's JSONL, sweep's TSV):
 * an existing file is only continued (--resume) or replaced (--force), and
 * only by one process at a time. Returns the lock to release when done.
 */
export function lockOutput(path: string, options: RunFileOptions): { release(): void } {
  // A device or pipe (-o /dev/null) holds no file to keep or continue, and its lock would be made beside it, in /dev
  // ("/dev/null exists; add --force", then /dev/null.lock, or "cannot lock" where /dev is not writable).
  if (existsSync(path) && !statSync(path).isFile()) return { release: () => undefined };
  if (existsSync(path) && !options.resume && !options.force)
    throw new UserError(`${optionName('output')}: ${path} exists; add --resume to continue it or --force to overwrite it`);
  return new Lock(path);
}

/**
 * An advisory lock: FILE.lock made exclusively, holding the writer's pid. A
 * lock whose process is gone (a SIGKILL), or that names this process, is
 * stale and taken over.
 */
class Lock {
  private readonly path: string;
  private held = false;
  private readonly onExit = () => this.release();

  constructor(file: string) {
    // Beside the file written, not the name given: runs writing one file through a link and by its name meet one lock.
    this.path = `${linkTarget(file)}.lock`;
    for (let attempt = 0; ; attempt++) {
      try {
        writeFileSync(this.path, `${process.pid}\n`, { flag: 'wx' });
        break;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // The path checks passed the name, a file's: only the lock's, five bytes longer, is past the file system's limit.
        if (code === 'ENAMETOOLONG')
          throw new UsageError(`${optionName('output')}: "${file}" is too long a name to lock as FILE.lock beside it; give a shorter one`);
        if (code !== 'EEXIST') throw new UserError(`${optionName('output')}: cannot lock "${file}": ${systemReason(e)}`);
        const owner = lockOwner(this.path, file);
        // This process takes each lock once: one naming its own pid was left by an earlier process that had it (a container's PID 1, restarted).
        if (owner !== undefined && owner !== process.pid && processAlive(owner))
          throw new UserError(`${optionName('output')}: ${file} is being written by process ${owner} (its lock is ${this.path})`);
        if (attempt > 0) throw new UserError(`${optionName('output')}: cannot take over the stale lock ${this.path}`);
        unlinkQuietly(this.path);
      }
    }
    this.held = true;
    process.on('exit', this.onExit);
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    process.off('exit', this.onExit);
    unlinkQuietly(this.path);
  }
}

/**
 * The pid a lock holds; none when it cannot be read (gone meanwhile) or is
 * empty, torn by a kill between its making and its pid's writing (stale).
 * A file holding anything else is no lock of ours but someone's file that
 * happens to be named FILE.lock, perhaps an input of this very run: taken
 * for a stale lock, it was deleted.
 */
function lockOwner(path: string, file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError(
      `${optionName('output')}: ${path} holds no process id, so it is no lock puzzlesat made; move it, or write elsewhere than ${file}`,
    );
  return Number(text);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** The formula's hash (its variables, projection and clauses), asking `poll` at every clause: millions take seconds. */
export function cnfHash(instance: Instance, poll: SetUpPoll = () => {}): string {
  const hash = createHash('sha256');
  const cnf = instance.cnf;
  hash.update(`${cnf.varCount} ${cnf.projection.join(' ')}\n`);
  for (const clause of cnf.clauses()) {
    poll();
    hash.update(new Uint8Array(clause.buffer, clause.byteOffset, clause.byteLength));
    hash.update('0');
  }
  return hash.digest('hex').slice(0, 32);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The parameters a file's header records of the run: a formula read from a
 * file (DIMACS) is known by its content, which the header hashes, not by the
 * file's name, so that a renamed or moved copy resumes and another formula
 * is refused by its hash.
 */
export function headerParams(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const { file: _, ...rest } = JSON.parse(JSON.stringify(params ?? {})) as Record<string, unknown>;
  return rest;
}
