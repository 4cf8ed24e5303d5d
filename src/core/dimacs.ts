import { spawnSync } from 'node:child_process';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Cnf } from './cnf.js';
import { type Instance, NAMELESS_FORMULA, checkRendered } from './puzzle.js';
import { UserError, hasNameControlCharacter, oneLine, systemReason } from './errors.js';
import { readFileInput, readInput } from './input.js';
import { writeReplacing } from './output.js';
import { checkDeadlineAt, checkSize, limitOption, sizeLimit } from './limits.js';
import { type Packing, packingNamed, packingOf } from './packing.js';

/** What the DIMACS comment block says about where a formula came from. */
export interface DimacsMeta {
  puzzle: string;
  params: Record<string, unknown>;
  /** One `c var N name` line per variable (default true); `--no-names` turns it off. */
  names?: boolean;
}

export const TOOL = 'puzzlesat';
const CHUNK = 1 << 16;
const PROJECT_PER_LINE = 32;

/** What any DIMACS text is made of; the one writer below turns it into text. */
export interface DimacsBody {
  vars: number;
  clauseCount: number;
  /** Comment lines (without the leading `c `), right after the `p` line. */
  comments?: Iterable<string>;
  /** Written as `c project` lines after the comments (clasp reads them there, with --parse-ext). */
  projection?: readonly number[];
  clauses: Iterable<ArrayLike<number>>;
}

/**
 * DIMACS text in chunks of about 64 KiB, so that a million clauses never
 * become one string. The comment block comes right after the `p` line because
 * clasp (with --parse-ext) only reads directives there.
 */
export function* dimacsText(body: DimacsBody): Generator<string> {
  let out = `p cnf ${body.vars} ${body.clauseCount}\n`;
  for (const comment of body.comments ?? []) {
    out += `c ${comment}\n`;
    if (out.length > CHUNK) {
      yield out;
      out = '';
    }
  }
  const projection = body.projection ?? [];
  // `c project` for our reader and clasp, `c ind` for projected counters (ApproxMC, GANAK, d4).
  for (const directive of ['project', 'ind']) {
    for (let i = 0; i < projection.length; i += PROJECT_PER_LINE) {
      out += `c ${directive} ${projection.slice(i, i + PROJECT_PER_LINE).join(' ')} 0\n`;
    }
  }
  // The Model Counting Competition's form: the whole set on one `c p show` line.
  if (projection.length) out += `c p show ${projection.join(' ')} 0\n`;
  for (const clause of body.clauses) {
    out += clause.length ? `${Array.prototype.join.call(clause, ' ')} 0\n` : '0\n';
    if (out.length > CHUNK) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

/**
 * Text a caller chose, on one comment line: a line break in it (a library
 * caller's puzzle name) wrote a file no reader took, and so did another
 * control character, which the reader refuses (it drove the terminal): it is
 * written as U+FFFD.
 */
const inLine = (text: unknown): string =>
  String(text)
    .replace(/\s+/g, ' ')
    .replace(/[\x00-\x1f\x7f]/g, '\uFFFD');

/** Our comment block: where the formula came from, its families, and each variable's name. */
function* metaComments(cnf: Cnf, meta: DimacsMeta): Generator<string> {
  yield `tool ${TOOL}`;
  yield `puzzle ${inLine(meta.puzzle)}`;
  for (const [key, value] of Object.entries(meta.params)) {
    if (value !== undefined) yield `param ${inLine(key)} ${inLine(value)}`;
  }
  // A family's name is one line already (Cnf.family): written as it is, it reads back exactly, inner runs of white space too.
  for (const f of cnf.familyCounts()) yield `family ${f.name} ${f.clauses} clauses ${f.auxVars} aux`;
  if (meta.names !== false) for (let v = 1; v <= cnf.varCount; v++) yield `var ${v} ${cnf.vars.name(v)}`;
  const aux = cnf.auxiliaryVariables();
  for (let i = 0; i < aux.length; i += PROJECT_PER_LINE) yield `aux ${aux.slice(i, i + PROJECT_PER_LINE).join(' ')} 0`;
  // A projection set onto no variable is written as such (dimacsText writes none for it), lest it read back as every variable.
  if (cnf.projected && cnf.projection.length === 0) yield* ['project 0', 'ind 0', 'p show 0'];
}

/** The DIMACS text of a puzzle formula, with our comment block. */
export function dimacsChunks(cnf: Cnf, meta: DimacsMeta): Generator<string> {
  return dimacsText({
    vars: cnf.varCount,
    clauseCount: cnf.clauseCount,
    comments: metaComments(cnf, meta),
    projection: cnf.checkedProjection(),
    clauses: cnf.clauses(),
  });
}

export function dimacsString(cnf: Cnf, meta: DimacsMeta): string {
  return Array.from(dimacsChunks(cnf, meta)).join('');
}

/** The compressions writeDimacsFile writes, told by the file's name (packingNamed): gzip for FILE.gz; Node has no xz, bzip2 or zstd encoder. */
export const DIMACS_PACKINGS: readonly string[] = ['gzip'];

/**
 * Writes DIMACS to a file chunk by chunk, gzip for FILE.gz; `option` names the
 * file in a failure, as the caller gave it (the CLI's -o). A name of another
 * compression is refused before anything is written: plain DIMACS under
 * FILE.xz was what xz -d and the solvers then failed to unpack.
 */
export function writeDimacsFile(path: string, cnf: Cnf, meta: DimacsMeta, option?: string): void {
  const where = option ? `${option}: ` : '';
  const packing = packingNamed(path);
  if (packing !== undefined && !DIMACS_PACKINGS.includes(packing))
    throw new UserError(`${where}"${path}" names ${packing} data, which is not written (only ${DIMACS_PACKINGS.join(', ')})`);
  const explain = (e: unknown): never => {
    throw new UserError(`${where}cannot write "${path}": ${systemReason(e)}`);
  };
  try {
    const chunks = dimacsChunks(cnf, meta);
    writeReplacing(path, packing === 'gzip' ? gzipped(chunks) : chunks);
  } catch (e) {
    explain(e);
  }
}

/** How much text a gzip member of a written FILE.gz holds: a formula of GBs is packed a piece at a time, never whole. */
const GZIP_MEMBER_BYTES = 1 << 20;

/**
 * Text as gzip, a member for each MiB of it: gzip files of several members
 * are one file to gunzip, zcat and the solvers, which read FILE.gz by its
 * magic bytes as these readers do. Plain DIMACS under a .gz name was written
 * before, which zcat refused ("not in gzip format").
 */
function* gzipped(chunks: Iterable<string>): Generator<Buffer> {
  let batch: string[] = [];
  let size = 0;
  for (const chunk of chunks) {
    batch.push(chunk);
    size += chunk.length;
    if (size < GZIP_MEMBER_BYTES) continue;
    yield gzipSync(batch.join(''));
    [batch, size] = [[], 0];
  }
  if (batch.length > 0) yield gzipSync(batch.join(''));
}

/** Writes DIMACS to a stream (stdout), waiting for it to drain. */
export async function writeDimacsStream(stream: NodeJS.WritableStream, cnf: Cnf, meta: DimacsMeta): Promise<void> {
  for (const chunk of dimacsChunks(cnf, meta)) {
    if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  }
}

/** A formula read from DIMACS: clauses stored flat, ends[i] closes clause i. */
export interface DimacsFormula {
  vars: number;
  lits: Int32Array;
  ends: Int32Array;
  /** Variable names from `c var N name` lines, when the file has them. */
  names: Map<number, string>;
  /** Variables from `c project`/`c ind`/`c p show` lines: undefined when the file has none, empty for `c p show 0` (a projection onto no variable). */
  projection?: number[];
  /** Variables from `c aux ... 0` lines: auxiliaries of an encoding, not the puzzle's own. */
  aux: Set<number>;
  /** `c param key value` lines. */
  params: Map<string, string>;
  puzzle?: string;
  /** The line of the `c puzzle` line and of each `c param` key, for messages about what they say (decode rebuilding the puzzle). */
  headerLines?: { puzzle?: number; params: ReadonlyMap<string, number> };
  /** `c family NAME N clauses M aux` lines, in file order: the clauses come family after family (metaComments writes them). */
  families?: FileFamily[];
  /** The line of the first `c p weight` line (the Model Counting Competition's literal weights), when the file has one. */
  weightLine?: number;
}

/** A constraint family as a `c family` line gives it. */
export interface FileFamily {
  name: string;
  clauses: number;
  auxVars: number;
}

/** A digit or a minus sign: how a clause's first literal begins. */
const isClauseStart = (c: number): boolean => (c >= 48 && c <= 57) || c === 45;

/** A line of the input as a message quotes it: as written (asWritten), control characters and a byte-order mark as \xNN or \uNNNN (a binary file's), at most 40 characters. */
const shownLine = (text: string): string =>
  oneLine(
    asWritten(text).replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff]/g, (c) => {
      const code = c.charCodeAt(0);
      return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
    }),
    40,
  );

/**
 * Text read as latin1 (a character a byte, as the reader reads) as the UTF-8
 * it is, when it is: a message quoted "é" as "Ã©". Other bytes stay one
 * character each.
 */
function asWritten(latin: string): string {
  // ASCII reads the same either way, and most text is; a character past 0xff is no byte read as latin1 (a caller's string).
  if (!/[\x80-\xff]/.test(latin) || /[^\x00-\xff]/.test(latin)) return latin;
  try {
    return UTF8.decode(Buffer.from(latin, 'latin1'));
  } catch {
    return latin;
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function clauseCount(f: DimacsFormula): number {
  return f.ends.length;
}

export function* dimacsClauses(f: DimacsFormula): Generator<Int32Array> {
  let start = 0;
  for (const end of f.ends) {
    yield f.lits.subarray(start, end);
    start = end;
  }
}

/** A DIMACS file, or standard input for "-". */
/** `option` names the file in a read failure (decode's and check-proof's `<cnf>`), as readPackedText's does. */
export function readDimacsFile(path: string, limits: DimacsLimits = runLimits(), option?: string): DimacsFormula {
  return withTextAsWritten(parseDimacs(readPackedText(path, option), inputName(path), limits));
}

/**
 * A file's names (`c var`, `c puzzle`, `c param`, `c family`) as the UTF-8
 * they are written in (asWritten): the file is read a byte a character
 * (latin1), so that a token is its bytes, and "café" came out "cafÃ©" in
 * decode's solutions and explain's families.
 */
function withTextAsWritten(f: DimacsFormula): DimacsFormula {
  return {
    ...f,
    names: new Map([...f.names].map(([v, name]) => [v, asWritten(name)])),
    params: new Map([...f.params].map(([key, value]) => [asWritten(key), asWritten(value)])),
    ...(f.puzzle === undefined ? {} : { puzzle: asWritten(f.puzzle) }),
    ...(f.families ? { families: f.families.map((g) => ({ ...g, name: asWritten(g.name) })) } : {}),
    ...(f.headerLines
      ? { headerLines: { ...f.headerLines, params: new Map([...f.headerLines.params].map(([key, at]) => [asWritten(key), at])) } }
      : {}),
  };
}

/** What messages call an input path: standard input, "-", is <stdin>. */
export const inputName = (path: string) => (path === '-' ? '<stdin>' : path);

/** A file a solver reads or writes (DIMACS, a model), or standard input for "-", unpacked if gzip or xz; `option` names it in a read failure. */
export function readPackedText(path: string, option?: string): string {
  const bytes = path === '-' ? readInput(0, inputName(path)) : readFileInput(path, option);
  return decompressed(bytes, inputName(path)).toString('latin1');
}

/**
 * gzip and xz files (and standard input) as minisat and cadical read them: by
 * their magic bytes, whatever the name; what they unpack to is held to the
 * input limit too.
 */
export function decompressed(bytes: Buffer, path: string): Buffer {
  const limit = sizeLimit('bytes');
  const tooLarge = () => checkSize('bytes', limit + 1, path, 'decompresses to at least');
  const packing = packingOf(bytes);
  if (packing === 'gzip') {
    try {
      return gunzipSync(bytes, { maxOutputLength: limit });
    } catch (e) {
      const { code, message } = e as NodeJS.ErrnoException;
      if (code === 'ERR_BUFFER_TOO_LARGE') tooLarge();
      throw damagedData(path, 'gzip', code === 'Z_BUF_ERROR', GZIP_CHECKS[message] ?? `not valid gzip (${message})`);
    }
  }
  if (packing === 'xz') {
    const xz = spawnSync('xz', ['-dc'], { input: bytes, maxBuffer: limit });
    if (xz.error && (xz.error as NodeJS.ErrnoException).code === 'ENOBUFS') tooLarge();
    if (xz.error && (xz.error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new UserError(`${path}: xz-compressed, and no xz program is installed to read it (install xz-utils or decompress the file)`);
    if (xz.status !== 0) {
      // "xz: (stdin): Compressed data is corrupt": the program's and standard input's names are none of the user's.
      const said = String(xz.stderr ?? xz.error)
        .trim()
        .split('\n')[0]!
        .replace(/^xz: \(stdin\): /, '');
      throw damagedData(path, 'xz', /unexpected end of input/i.test(said), said.charAt(0).toLowerCase() + said.slice(1));
    }
    return xz.stdout;
  }
  return bytes;
}

/** zlib's words for the gzip trailer's checks, which find data changed after it was packed. */
const GZIP_CHECKS: Readonly<Record<string, string>> = {
  'incorrect data check': 'its checksum does not match the data (the file was changed or damaged after it was packed)',
  'incorrect length check': 'its recorded length does not match the data (the file was changed or damaged after it was packed)',
};

/**
 * Compressed data that does not unpack, said in words (zlib's codes,
 * Z_BUF_ERROR, said nothing to the reader): data that ends early is a file
 * cut short, as a copy or download that stopped leaves it; other damage is
 * named by `detail`.
 */
function damagedData(path: string, packing: Packing, truncated: boolean, detail: string): UserError {
  if (truncated) return new UserError(`${path}: the compressed data ends early: the file is truncated (${packing} data cut short)`);
  return new UserError(`${path}: damaged ${packing} data: ${detail}`);
}

/** The largest variable or clause count DIMACS solvers accept (a signed 32-bit literal). */
export const DIMACS_MAX = 2 ** 31 - 1;

export interface DimacsLimits {
  /** Refuse headers declaring more variables than this (memory is allocated per variable). */
  maxVars?: number;
  /** The option that raises maxVars, for the message. */
  maxVarsOption?: string;
  /**
   * Meet the run's deadline (--timeout) as the file is read (DeadlineReached), as building a formula from it
   * does (Cnf.add): a puzzle read to be run. check-proof reads its formula without, and meets the deadline itself.
   */
  meetDeadline?: boolean;
}

/**
 * The variable limit in force (--max-vars; a build's `max-vars` option), the
 * default of every reader: a header's count is allocated for, and 2e9
 * variables ran the process out of heap.
 */
export const runLimits = (): DimacsLimits => ({ maxVars: sizeLimit('vars'), maxVarsOption: limitOption('vars') });

const isSpace = (c: number) => c === 32 || c === 9 || c === 11 || c === 12;

/** A set of variables for a message: ascending, the first eight and how many in all. */
function shownSet(vars: ReadonlySet<number>): string {
  const list = [...vars].sort((a, b) => a - b);
  if (list.length === 0) return 'no variable';
  return list.length <= 8 ? list.join(' ') : `${list.slice(0, 8).join(' ')} … (${list.length} variables)`;
}
const isLineEnd = (c: number) => c === 10 || c === 13;

/** The comment directives whose text names something: printed and quoted as the file gives it. */
const NAMING_DIRECTIVES: ReadonlySet<string> = new Set(['var', 'puzzle', 'family', 'param']);

/**
 * A strict DIMACS CNF reader: a bad header, a number beyond 2^31-1, a literal
 * beyond the declared variable count, a missing terminating 0, a
 * clause-count mismatch or a stray token (hex, float, ...) is a UserError
 * naming `source:line`. Clauses may span lines; lines end with LF, CRLF or
 * a lone CR; a `%` line (the SATLIB trailer) ends the formula, and only 0s follow it.
 */
export function parseDimacs(text: string, source = '<input>', limits: DimacsLimits = runLimits()): DimacsFormula {
  const fail = (line: number, msg: string): never => {
    throw new UserError(`${source}:${line}: ${msg}`);
  };
  let vars = -1;
  let declared = -1;
  let lits = new Int32Array(1024);
  let nLits = 0;
  const ends: number[] = [];
  const names = new Map<number, string>();
  /** Each named variable's `c var` line, and the variable of each name: for the refusal of a name given twice. */
  const nameLines = new Map<number, number>();
  const byName = new Map<string, number>();
  const projection: number[] = [];
  const projected = new Set<number>();
  /** Each kind of projection line's set and first line: kinds that disagree are refused (which one a counter reads would decide the count). */
  const projectedBy = new Map<string, { line: number; vars: Set<number> }>();
  const aux = new Set<number>();
  /** The largest variable a `c project`/`c ind`/`c aux` line named before the header, checked once the header is known. */
  let early: { v: number; line: number; kind: string } | undefined;
  const params = new Map<string, string>();
  const paramLines = new Map<string, number>();
  let puzzleLine: number | undefined;
  const families: FileFamily[] = [];
  let puzzle: string | undefined;
  let weightLine: number | undefined;
  let clauseStartLine = 0;
  /** The header's line, and the line where the first clause past the header's count starts. */
  let headerLine = 0;
  let extraLine = 0;
  /** The line of the "%" that ends the formula (SATLIB's trailer), once one has come. */
  let trailerLine: number | undefined;
  let line = 0;
  // A byte-order mark first (EF BB BF, read as latin1; or U+FEFF) is no part of line 1.
  let pos = text.startsWith('\u00ef\u00bb\u00bf') ? 3 : text.startsWith('\ufeff') ? 1 : 0;
  const n = text.length;
  while (pos < n) {
    line++;
    // Reading a file of 1.5 million clauses took a second past a --timeout (meetDeadline).
    if (limits.meetDeadline) checkDeadlineAt(line);
    let eol = pos;
    while (eol < n && !isLineEnd(text.charCodeAt(eol))) eol++;
    let p = pos;
    while (p < eol && isSpace(text.charCodeAt(p))) p++;
    const first = text.charCodeAt(p);
    if (p === eol) {
      // blank line
    } else if (first === 99 /* c */) {
      // A directive is a word after "c" and a space ("cind 3 0" is a comment like any other); a projection line may name nothing (`c p show 0`).
      const comment = isSpace(text.charCodeAt(p + 1)) ? text.slice(p + 1, eol).trim() : '';
      const m = /^(var|project|ind|p\s+show|p\s+weight|aux|param|puzzle|family)\s+(.*)$/.exec(comment) ?? /^(project|ind|p\s+show)()$/.exec(comment);
      if (m) readDirective(m[1]!.replace(/\s+/, ' '), m[2]!);
    } else if (first === 37 /* % */) {
      // SATLIB files end with "%" and a stray "0"; a "%" before the header ends a file that is none.
      if (declared < 0) break;
      trailerLine ??= line;
    } else if (trailerLine !== undefined) {
      // Read past, a clause after the "%" was dropped unread: only the trailer's 0 may follow.
      const rest = text.slice(p, eol).trim();
      if (!/^0(\s+0)*$/.test(rest))
        fail(line, `"${shownLine(rest)}" after the "%" line that ends the formula (line ${trailerLine}); SATLIB's trailer is "%" and "0"`);
    } else if (first === 112 /* p */) {
      if (declared >= 0) fail(line, 'second "p cnf" header');
      const header = text.slice(p, eol);
      const m = /^p\s+cnf\s+(\d+)\s+(\d+)\s*$/.exec(header);
      if (!m) fail(line, `bad header "${asWritten(header.trim())}", expected "p cnf <vars> <clauses>"`);
      vars = headerCount(m![1]!, 'variables');
      declared = headerCount(m![2]!, 'clauses');
      headerLine = line;
      if (limits.maxVars !== undefined && vars > limits.maxVars) {
        fail(
          line,
          `the header declares ${vars} variables, more than the limit of ${limits.maxVars}${limits.maxVarsOption ? ` (raise it with ${limits.maxVarsOption})` : ''}`,
        );
      }
    } else {
      if (declared < 0 && !isClauseStart(first))
        fail(line, `expected the "p cnf <vars> <clauses>" header or a comment, found "${shownLine(text.slice(p, eol))}"`);
      if (declared < 0) fail(line, 'clause before the "p cnf" header');
      while (p < eol) {
        const start = p;
        let sign = 1;
        if (text.charCodeAt(p) === 45) {
          sign = -1;
          p++;
        }
        let value = 0;
        const digits = p;
        while (p < eol) {
          const d = text.charCodeAt(p) - 48;
          if (d < 0 || d > 9) break;
          // Stop before the double loses precision: 2^53 would read as a neighbour.
          if (value <= DIMACS_MAX) value = value * 10 + d;
          p++;
        }
        // -0 is no literal; read as 0 it ended the clause in the middle.
        if (p === digits || (p < eol && !isSpace(text.charCodeAt(p))) || (sign < 0 && value === 0)) {
          let e = p;
          while (e < eol && !isSpace(text.charCodeAt(e))) e++;
          fail(line, `stray token "${asWritten(text.slice(start, e))}"`);
        }
        if (value > DIMACS_MAX) fail(line, `literal ${text.slice(start, p)} is out of range (at most ${DIMACS_MAX})`);
        if (value === 0) {
          // An empty clause starts where its 0 is.
          if (ends.length === declared && extraLine === 0) extraLine = nLits === (ends.length ? ends[ends.length - 1]! : 0) ? line : clauseStartLine;
          ends.push(nLits);
        } else {
          if (value > vars) fail(line, `literal ${sign * value} exceeds the declared ${vars} variables`);
          if (nLits === (ends.length ? ends[ends.length - 1]! : 0)) clauseStartLine = line;
          if (nLits === lits.length) {
            const bigger = new Int32Array(lits.length * 2);
            bigger.set(lits);
            lits = bigger;
          }
          lits[nLits++] = sign * value;
          // And literal by literal: a clause may be the whole file.
          if (limits.meetDeadline) checkDeadlineAt(nLits);
        }
        while (p < eol && isSpace(text.charCodeAt(p))) p++;
      }
    }
    // CRLF is one line end.
    pos = text.charCodeAt(eol) === 13 && text.charCodeAt(eol + 1) === 10 ? eol + 2 : eol + 1;
  }
  if (declared < 0) fail(Math.max(line, 1), 'no "p cnf" header');
  if (early && early.v > vars) fail(early.line, `"c ${early.kind}" names variable ${early.v}, beyond the declared ${vars} variables`);
  const lastEnd = ends.length ? ends[ends.length - 1]! : 0;
  if (nLits > lastEnd) fail(clauseStartLine, 'clause not terminated by 0 at end of file');
  // Too few: the header is at fault; too many: the first clause past its count.
  if (ends.length !== declared)
    fail(
      ends.length < declared ? headerLine : extraLine,
      `header declares ${declared} ${declared === 1 ? 'clause' : 'clauses'} but the file has ${ends.length}`,
    );
  const kinds = [...projectedBy];
  for (const [kind, { line: at, vars: set }] of kinds.slice(1)) {
    const [firstKind, first] = kinds[0]!;
    if (set.size !== first.vars.size || [...set].some((v) => !first.vars.has(v)))
      fail(
        at,
        `"c ${kind}" names ${shownSet(set)}, but "c ${firstKind}" (line ${first.line}) names ${shownSet(first.vars)}: the projection lines disagree; keep one set`,
      );
  }
  // A projection line naming no variable (`c p show 0`) projects onto none: a solution is then that the formula has a model.
  return {
    vars,
    lits: lits.slice(0, nLits),
    ends: Int32Array.from(ends),
    names,
    projection: projectedBy.size ? projection : undefined,
    aux,
    params,
    puzzle,
    headerLines: { puzzle: puzzleLine, params: paramLines },
    ...(families.length ? { families } : {}),
    ...(weightLine === undefined ? {} : { weightLine }),
  };

  /** A header count: digits only (the regex saw to that), at most 2^31-1, checked before any allocation; leading zeros are no digits of it. */
  function headerCount(digits: string, what: string): number {
    const significant = digits.replace(/^0+(?=\d)/, '');
    const value = significant.length > 10 ? Infinity : Number(significant);
    if (value > DIMACS_MAX) fail(line, `the header declares too many ${what} (at most ${DIMACS_MAX})`);
    return value;
  }

  /**
   * The variables of a `c project`/`c ind`/`c aux` line, each checked against the header (or, before it, once it comes).
   * A projection line must end in 0, as GANAK's and ApproxMC's `c ind` and the Model Counting Competition's `c p show`
   * do (a long set goes on over several lines, each ending in 0): one without it may have been cut short, and read as
   * it stands it would count over a set nobody gave. Our `c aux` lines end in 0 alike (metaComments writes them so),
   * and a cut one would do the same harm: the variables it leaves out would count, where no projection line is given.
   */
  function variableList(kind: string, rest: string): number[] {
    const out: number[] = [];
    const tokens = rest.split(/\s+/).filter(Boolean);
    for (const [k, tok] of tokens.entries()) {
      if (!/^0*\d{1,10}$/.test(tok)) fail(line, `bad variable "${tok}" in "c ${kind}"`);
      const v = Number(tok);
      if (v > DIMACS_MAX) fail(line, `variable ${tok} in "c ${kind}" is out of range`);
      if (v === 0) {
        if (k + 1 < tokens.length) fail(line, `"c ${kind}" goes on after its closing 0: "${tokens.slice(k + 1).join(' ')}"`);
        return out;
      }
      if (declared >= 0 && v > vars) fail(line, `"c ${kind}" names variable ${v}, beyond the declared ${vars} variables`);
      if (declared < 0 && v > (early?.v ?? 0)) early = { v, line, kind };
      out.push(v);
    }
    const shown = tokens.length <= 8 ? tokens : [tokens[0]!, '…', tokens.at(-1)!];
    const what = kind === 'aux' ? 'a line of auxiliary variables' : 'a projection line';
    return fail(line, `"c ${kind}" has no closing 0: ${what} ends in 0 ("${['c', kind, ...shown, '0'].join(' ')}")`);
  }

  /**
   * A `c var N name` line. One naming no variable of the file was dropped, and a
   * second variable of a name renamed as an unnamed one is (freeName; or a variable named twice took
   * the last name): the file is not what wrote it, and no writer of ours makes
   * such lines (a formula's names are its variables', one each).
   */
  function nameVariable(v: number, name: string): void {
    if (v === 0) fail(line, '"c var" names variable 0; variables are numbered from 1');
    if (declared >= 0 && v > vars) fail(line, `"c var" names variable ${v}, beyond the declared ${vars} variables`);
    if (declared < 0 && v > (early?.v ?? 0)) early = { v, line, kind: 'var' };
    const before = nameLines.get(v);
    if (before !== undefined) fail(line, `"c var" names variable ${v} again (line ${before} named it "${oneLine(names.get(v)!, 40)}")`);
    const holder = byName.get(name);
    if (holder !== undefined)
      fail(line, `"c var" names variable ${v} "${oneLine(name, 40)}", the name of variable ${holder} (line ${nameLines.get(holder)})`);
    names.set(v, name);
    nameLines.set(v, line);
    byName.set(name, v);
  }

  function readDirective(kind: string, rest: string): void {
    // What these lines name is printed (decode's verdict, explain) and quoted as written: an ESC in it drove the terminal.
    if (NAMING_DIRECTIVES.has(kind) && hasNameControlCharacter(rest))
      fail(line, `"c ${kind}" holds a control character ("${shownLine(rest)}"); names are printable text`);
    if (kind === 'var') {
      const m = /^(\d{1,10})\s+(.+)$/.exec(rest);
      if (m) nameVariable(Number(m[1]), m[2]!);
    } else if (kind === 'project' || kind === 'ind' || kind === 'p show') {
      // `c ind` (ApproxMC, GANAK, d4), `c p show` (the Model Counting Competition) and `c project` name the same set; a file may carry several.
      // A bare line is no list (it was taken for a comment, and every variable counted); onto none is `c p show 0`.
      if (rest.trim() === '') fail(line, `"c ${kind}" names no variable and has no closing 0 (a projection onto none is "c ${kind} 0")`);
      const byKind = projectedBy.get(kind) ?? { line, vars: new Set<number>() };
      projectedBy.set(kind, byKind);
      for (const v of variableList(kind, rest)) {
        byKind.vars.add(v);
        if (projected.has(v)) continue;
        projected.add(v);
        projection.push(v);
      }
    } else if (kind === 'aux') {
      for (const v of variableList(kind, rest)) aux.add(v);
    } else if (kind === 'p weight') {
      // Read by no one but count, which refuses it: weights change no model, only what a model counts for.
      weightLine ??= line;
    } else if (kind === 'param') {
      const m = /^(\S+)\s*(.*)$/.exec(rest);
      if (m) {
        // Read last-wins, a second line decided the rebuilt puzzle unseen: which one the file meant is a guess.
        const first = paramLines.get(m[1]!);
        if (first !== undefined) fail(line, `a second "c param ${m[1]!}" line (the first is line ${first}); a header gives each parameter once`);
        params.set(m[1]!, m[2]!);
        paramLines.set(m[1]!, line);
      }
    } else if (kind === 'family') {
      // A name may hold spaces (metaComments folds each run to one); a line of another form is a comment like any other.
      const m = /^(.+?)\s+(\d{1,10})\s+clauses\s+(\d{1,10})\s+aux$/.exec(rest);
      if (m) families.push({ name: m[1]!, clauses: Number(m[2]), auxVars: Number(m[3]) });
    } else {
      puzzle = rest.trim();
      puzzleLine = line;
    }
  }
}

/**
 * The file's name for variable v when it is still free, else x<v>, else
 * x<v>#<v> (with more #s if a file name took that too). x<v> is passed over
 * when the file gives it to another variable (`named`), which keeps its name.
 */
function freeName(cnf: Cnf, name: string | undefined, v: number, named: ReadonlySet<string>): string {
  if (name !== undefined && cnf.vars.lookup(name) === undefined) return name;
  if (!named.has(`x${v}`) && cnf.vars.lookup(`x${v}`) === undefined) return `x${v}`;
  let fallback = `x${v}#${v}`;
  while (cnf.vars.lookup(fallback) !== undefined) fallback += '#';
  return fallback;
}

/**
 * Any DIMACS file as an instance: variables keep the file's names where it has
 * them (else `x<n>`), the projection is the file's `c project` set (else every
 * variable not marked `c aux`), and a solution is the list of true projection
 * variables. The CLI and the library's parseDimacs both read files here.
 */
export function instanceFromDimacs(f: DimacsFormula, source: string): Instance<number[]> {
  const instance = plainInstance(f, source);
  if (f.names.size > 0) fileNames.set(instance, f.names);
  return instance;
}

const fileNames = new WeakMap<Instance, ReadonlyMap<number, string>>();

/** Where a formula read from DIMACS gave literal weights (`source:line`), by its Cnf: the library's parseDimacs hands out the Cnf alone. */
const weightedAt = new WeakMap<Cnf, string>();

/**
 * A weighted file's count is a sum of weights, which the counter does not
 * compute: it printed the unweighted count as the file's answer.
 */
export function refuseWeightedCount(cnf: Cnf): void {
  const where = weightedAt.get(cnf);
  if (where !== undefined)
    throw new UserError(
      `${where}: "c p weight" gives literals weights, and count counts models unweighted; drop the weight lines to count the models`,
    );
}

/** The names of the model's true variables that the file named (`c var N name`); undefined when it names none. */
export function trueNamesInFile(instance: Instance, model: readonly number[]): string[] | undefined {
  const names = fileNames.get(instance);
  return names && model.filter((lit) => lit > 0 && names.has(lit)).map((v) => names.get(v)!);
}

/**
 * The file's clauses under its `c family` lines (what `explain` shows of a
 * file we wrote), each family its range of clauses in order; a file without
 * them, or whose lines do not account for its clauses one for one (edited by
 * hand), is one family "clauses".
 */
function addFamilies(cnf: Cnf, f: DimacsFormula, source: string): void {
  const total = clauseCount(f);
  const given = f.families ?? [];
  const names = new Set(given.map((g) => g.name));
  const fits = given.length > 0 && names.size === given.length && given.reduce((n, g) => n + g.clauses, 0) === total;
  const plan = fits ? given : [{ name: 'clauses', clauses: total, auxVars: 0 }];
  const clauses = dimacsClauses(f);
  let first = 1;
  for (const g of plan) {
    const range = g.clauses === 0 ? 'no clauses' : `clauses ${first}–${first + g.clauses - 1}`;
    const family = cnf.family(g.name, fits ? `${range} of ${source}` : `the clauses of ${source}`);
    for (let i = 0; i < g.clauses; i++) cnf.add(clauses.next().value!);
    // The variables were all made before any family: the file says which family made its auxiliaries.
    family.auxVars = g.auxVars;
    first += g.clauses;
  }
}

/** A model as solvers print it, in the SAT competition's v lines: 16 literals a line, then "v 0" to close it. */
export function modelLines(model: readonly number[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < model.length; i += 16) lines.push(`v ${model.slice(i, i + 16).join(' ')}`);
  return [...lines, 'v 0'];
}

/**
 * A solution (its true projection variables) as a model of the projection,
 * in variable order: each projected variable signed, false ones negative.
 * The true variables alone ("v 2 0") read as a model whose other variables
 * were left out, not set false.
 */
function signedProjection(projection: readonly number[], trueVars: readonly number[]): number[] {
  const on = new Set(trueVars);
  return [...projection].sort((a, b) => a - b).map((v) => (on.has(v) ? v : -v));
}

function plainInstance(f: DimacsFormula, source: string): Instance<number[]> {
  const cnf = new Cnf();
  const named = new Set(f.names.values());
  for (let v = 1; v <= f.vars; v++) {
    const name = freeName(cnf, f.names.get(v), v, named);
    if (f.aux.has(v)) cnf.vars.auxNamed(name);
    else cnf.vars.named(name);
  }
  addFamilies(cnf, f, source);
  // No projection line: the variables the file does not mark auxiliary, the rule of a formula written by hand (Cnf.solutionVariables).
  cnf.projection = f.projection ? [...f.projection] : cnf.solutionVariables();
  if (f.weightLine !== undefined) weightedAt.set(cnf, `${source}:${f.weightLine}`);
  return {
    puzzle: f.puzzle ?? NAMELESS_FORMULA,
    params: { file: source },
    cnf,
    decode: (trueVars) => [...trueVars],
    check: () => null,
    render: (trueVars) => {
      checkRendered(f.puzzle ?? NAMELESS_FORMULA, trueVars);
      return modelLines(signedProjection(cnf.projection, trueVars)).join('\n');
    },
    toJson: (trueVars) => {
      checkRendered(f.puzzle ?? NAMELESS_FORMULA, trueVars, undefined, 'toJson');
      return { true: trueVars };
    },
    symmetries: [],
    splitGroups: [],
    formula: true,
  };
}
