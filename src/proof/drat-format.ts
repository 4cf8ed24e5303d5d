/**
 * Reading and writing DRAT proofs, in both of the formats solvers emit:
 *
 * - text: one clause a line, literals as DIMACS integers closed by 0; a
 *   leading `d` deletes the clause; `c` lines are comments;
 * - binary: each clause is a byte 'a' (add) or 'd' (delete), then its
 *   literals as unsigned LEB128 numbers (literal l is 2|l| + (l < 0)), then a
 *   0 byte.
 *
 * A binary proof begins with 'a' or 'd' and has a 0 byte at the end of its
 * first clause; a text proof is a text, which is how the format is told
 * apart.
 */
import { UserError } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
import { passedAt } from '../core/limits.js';
import { packingOf } from '../core/packing.js';
import { IntVec } from './int-vec.js';

export type DratFormat = 'text' | 'binary';

/** A parsed proof: step i adds (or deletes) the clause lits[starts[i] .. starts[i+1]). */
export interface ProofSteps {
  format: DratFormat;
  count: number;
  deletion: Uint8Array;
  starts: Int32Array;
  lits: Int32Array;
  /** Where step i is in the file: its line (text) or its 1-based step number (binary). */
  where: Int32Array;
  maxVar: number;
}

const BYTE_ADD = 0x61; // 'a'
const BYTE_DELETE = 0x64; // 'd'
/** How far into the file detection looks for a 0 byte: further than any first clause is long. */
const DETECT_BYTES = 1 << 16;

export function detectFormat(bytes: Uint8Array): DratFormat {
  if (bytes.length > 0 && bytes[0] === BYTE_ADD) return 'binary';
  // Only a 'd' opens both kinds; a text proof with a stray NUL after another start was read as binary, and refused
  // as such ("byte 0: expected 'a' or 'd'"), not at the line of the NUL.
  return bytes[0] === BYTE_DELETE && bytes.subarray(0, DETECT_BYTES).includes(0) ? 'binary' : 'text';
}

/** "line 12" or "step 12": where a step is, in words that fit the format. */
export function stepLabel(proof: ProofSteps, step: number): string {
  return `${proof.format === 'text' ? 'line' : 'step'} ${proof.where[step]}`;
}

/**
 * How far a proof's variables may go: the checker allocates per variable, so
 * a 15-byte proof naming variable 2^31-1 must be refused as it is read, not
 * after gigabytes. Variables past the formula's (extension variables) are
 * allowed up to the limit.
 */
export interface ProofLimits {
  maxVar?: number;
  /** What maxVar is and how to raise it, for the message: "the formula's 3 variables and the limit of 2000000 (raise it with --max-vars)". */
  maxVarText?: string;
  /**
   * When to give up reading (Date.now() clock; default never), the check's
   * own deadline: a proof of hundreds of MB takes seconds to read, and the
   * check's --timeout was first looked at once all of it was.
   */
  deadline?: number;
}

/** Why a check of a proof has no verdict: the deadline came `where` (the checker's words, and the reader's); the limit named as the run's caller spells it (the CLI's --timeout). */
export const ranOut = (where: string): string => `${fieldName('timeout')} ran out ${where}; no verdict`;

/** The deadline came while the proof was read (ProofLimits.deadline): no verdict, as when it comes in the check. */
export class ProofReadStopped extends UserError {
  constructor(
    readonly format: DratFormat,
    where: string,
  ) {
    super(ranOut(`while the proof was read (${where})`));
  }
}

export function parseProof(bytes: Uint8Array, source = '<proof>', limits: ProofLimits = {}): ProofSteps {
  return parseProofChunks([bytes], source, limits);
}

/**
 * A proof read from its bytes piece by piece (as a file is read, inputChunks),
 * so that what is held is the steps read and never the whole file, which for a
 * proof of GBs did not fit: a piece that ends inside a line (text) or a
 * clause (binary) leaves that part to be read with the next one. The steps and
 * the errors are a whole read's, and no piece is asked for past an error or
 * the deadline.
 */
export function parseProofChunks(chunks: Iterable<Uint8Array>, source = '<proof>', limits: ProofLimits = {}): ProofSteps {
  const maxVar = Math.min(limits.maxVar ?? LARGEST_VAR, LARGEST_VAR);
  const beyond = (v: number) => (v > maxVar ? `variable ${v} is beyond ${limits.maxVarText ?? `the largest, ${maxVar}`}` : undefined);
  const read = { source, beyond, deadline: limits.deadline ?? Infinity };
  const pieces = chunks[Symbol.iterator]();
  try {
    let pending = formatHead(pieces);
    refusePacked(pending, source);
    const parser = detectFormat(pending) === 'binary' ? new BinaryParser(read) : new TextParser(read);
    for (;;) {
      pending = pending.subarray(parser.parse(pending, false));
      const next = pieces.next();
      if (next.done) break;
      pending = joined(pending, next.value);
    }
    parser.parse(pending, true);
    return parser.steps.done();
  } finally {
    // Stopped early (an error, the deadline), the source is told, so that a file it reads is closed.
    pieces.return?.();
  }
}

/**
 * The first pieces, joined, as many as detectFormat needs to tell the format
 * for good: one byte, unless it is a 'd' (which opens both), then up to the
 * first 0 byte or DETECT_BYTES of them; fewer at the end of the proof.
 */
function formatHead(pieces: Iterator<Uint8Array>): Uint8Array {
  let head: Uint8Array = new Uint8Array(0);
  let zero = false;
  while (head.length === 0 || (head[0] === BYTE_DELETE && !zero && head.length < DETECT_BYTES)) {
    const next = pieces.next();
    if (next.done) break;
    zero ||= next.value.subarray(0, DETECT_BYTES - head.length).includes(0);
    head = joined(head, next.value);
  }
  return head;
}

/**
 * A compressed proof is refused by what it is: read a piece at a time, it is
 * not unpacked as a DIMACS file is, and its first byte alone (gzip's 0x1f)
 * read as a garbled text proof.
 */
function refusePacked(head: Uint8Array, source: string): void {
  const packing = packingOf(head);
  if (packing)
    throw new UserError(`${source}: ${packing === 'gzip' ? 'a gzip' : 'an xz'}-compressed proof; proofs are read unpacked (unpack it first)`);
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const both = new Uint8Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
}

/** A parser of one format that reads a piece at a time: whole lines or clauses only, until the last piece. */
interface PieceParser {
  readonly steps: StepBuilder;
  /** Reads what it can of `bytes` (all of them when `last`, where anything left open is an error); returns how many it read. */
  parse(bytes: Uint8Array, last: boolean): number;
}

/** What a parser reads a proof with: its name for messages, the variable check, and the deadline. */
interface Reading {
  source: string;
  beyond: VarCheck;
  deadline: number;
}

/** A printable ASCII byte other than the space: one that would go on a token (a NUL or other byte is refused as a byte). */
const isPrintable = (c: number | undefined): boolean => c !== undefined && c > 0x20 && c < 0x7f;

/** Bytes start..end of a text proof as written, the first 40 of them. */
function written(bytes: Uint8Array, start: number, end: number): string {
  const shown = String.fromCharCode(...bytes.subarray(start, Math.min(end, start + 40)));
  return end - start > 40 ? `${shown}…` : shown;
}

/** Why a variable cannot be read (beyond the limit), or undefined. */
type VarCheck = (v: number) => string | undefined;

/** Collects steps while a parser runs. */
class StepBuilder {
  private readonly deletion = new IntVec(1024);
  private readonly starts = new IntVec(1024);
  private readonly lits = new IntVec(8192);
  private readonly where = new IntVec(1024);
  private maxVar = 0;

  constructor(private readonly format: DratFormat) {
    this.starts.push(0);
  }

  literal(lit: number): void {
    this.lits.push(lit);
    const v = lit < 0 ? -lit : lit;
    if (v > this.maxVar) this.maxVar = v;
  }

  get literalCount(): number {
    return this.lits.size;
  }

  /** Forgets the literals from the `mark`-th on, a clause cut short by the end of a piece: they are read again with the next (so maxVar stays right). */
  dropLiterals(mark: number): void {
    this.lits.size = mark;
  }

  close(isDeletion: boolean, where: number): void {
    this.deletion.push(isDeletion ? 1 : 0);
    this.where.push(where);
    this.starts.push(this.lits.size);
  }

  done(): ProofSteps {
    return {
      format: this.format,
      count: this.deletion.size,
      deletion: Uint8Array.from(this.deletion.toArray()),
      starts: this.starts.toArray(),
      lits: this.lits.toArray(),
      where: this.where.toArray(),
      maxVar: this.maxVar,
    };
  }
}

const LARGEST_VAR = 2 ** 31 - 1;

/** Text DRAT, read a line at a time: a piece's bytes after its last line end wait for the next piece. */
class TextParser implements PieceParser {
  readonly steps = new StepBuilder('text');
  private line = 1;
  private token = 0;
  private atStart = true;
  // The clause being read: whether it began with `d`, and the line it began on (0: none open).
  private isDeletion = false;
  private openedOn = 0;

  constructor(private readonly read: Reading) {}

  parse(bytes: Uint8Array, last: boolean): number {
    const { source, beyond, deadline } = this.read;
    const steps = this.steps;
    const fail = (line: number, msg: string): never => {
      throw new UserError(`${source}:${line}: ${msg}`);
    };
    // Whole lines only, so that no number or comment is cut in two.
    const n = last ? bytes.length : wholeLines(bytes);
    let { line, token, isDeletion, openedOn } = this;
    let i = 0;
    // A byte-order mark first (an editor's, EF BB BF) is no part of line 1, as in DIMACS.
    if (this.atStart && n > 0) {
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
      this.atStart = false;
    }
    for (; i < n; token++) {
      if (passedAt(token, deadline)) throw new ProofReadStopped('text', `line ${line}`);
      const c = bytes[i]!;
      if (c === 10 || (c === 13 && bytes[i + 1] !== 10)) {
        // A lone CR ends a line too, as in DIMACS: a CR-only file was one line, its first comment the whole proof.
        line++;
        i++;
      } else if (c === 32 || c === 9 || c === 13) {
        i++;
      } else if (c === 99 /* c */ && openedOn === 0) {
        while (i < n && bytes[i] !== 10 && bytes[i] !== 13) i++;
      } else if (c === 100 /* d */ && openedOn === 0) {
        isDeletion = true;
        openedOn = line;
        i++;
      } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
        const negative = c === 45;
        if (negative) i++;
        let value = 0;
        const first = i;
        while (i < n && bytes[i]! >= 48 && bytes[i]! <= 57) {
          value = value * 10 + (bytes[i]! - 48);
          i++;
        }
        if (i === first) fail(line, 'a "-" without digits');
        // A literal is a whole token, as in DIMACS: "1-2" was read as 1 and -2, and "-0" as a 0 that closed the clause.
        if (isPrintable(bytes[i]) || (negative && value === 0)) {
          let end = i;
          while (isPrintable(bytes[end])) end++;
          fail(line, `stray token "${written(bytes, first - (negative ? 1 : 0), end)}"`);
        }
        // Quoted as written: past 2^53 the value read is no longer the number typed.
        if (value > LARGEST_VAR) fail(line, `literal ${written(bytes, first - (negative ? 1 : 0), i)} is out of range`);
        const tooBig = beyond(value);
        if (tooBig) fail(line, tooBig);
        if (openedOn === 0) openedOn = line;
        if (value === 0) {
          steps.close(isDeletion, openedOn);
          isDeletion = false;
          openedOn = 0;
        } else {
          steps.literal(negative ? -value : value);
        }
      } else {
        // A byte outside printable ASCII is shown as a byte: read as a character, a NUL or a byte of UTF-8 is no help.
        fail(
          line,
          c > 0x20 && c < 0x7f ? `unexpected character "${String.fromCharCode(c)}"` : `unexpected byte 0x${c.toString(16).padStart(2, '0')}`,
        );
      }
    }
    if (last && openedOn !== 0) fail(openedOn, 'the last clause has no closing 0');
    this.line = line;
    this.token = token;
    this.isDeletion = isDeletion;
    this.openedOn = openedOn;
    return n;
  }
}

/**
 * Where the whole lines of `bytes` end: past its last LF, or past its last
 * CR that is not its last byte (a CR last may be half of a CR LF, which the
 * next piece tells). Lines ended by a lone CR alone were held whole.
 */
function wholeLines(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= 0; i--) if (bytes[i] === 10 || (bytes[i] === 13 && i < bytes.length - 1)) return i + 1;
  return 0;
}

/** Binary DRAT, read a clause at a time: a clause a piece ends inside is read again, whole, with the next piece. */
class BinaryParser implements PieceParser {
  readonly steps = new StepBuilder('binary');
  private step = 0;
  /** Bytes read before the piece, for the offsets errors name. */
  private offset = 0;

  constructor(private readonly read: Reading) {}

  parse(bytes: Uint8Array, last: boolean): number {
    const { source, deadline } = this.read;
    const n = bytes.length;
    let i = 0;
    while (i < n) {
      if (passedAt(this.step, deadline)) throw new ProofReadStopped('binary', `step ${this.step + 1}`);
      const kind = bytes[i]!;
      if (kind !== BYTE_ADD && kind !== BYTE_DELETE) {
        throw new UserError(`${source}: byte ${this.offset + i}: expected 'a' or 'd' to start a binary DRAT clause, found 0x${kind.toString(16)}`);
      }
      const mark = this.steps.literalCount;
      const end = this.literals(bytes, i + 1, this.step + 1);
      if (end < 0) {
        if (last) throw new UserError(`${source}: step ${this.step + 1}: the proof ends inside a clause`);
        this.steps.dropLiterals(mark);
        break;
      }
      i = end;
      this.step++;
      this.steps.close(kind === BYTE_DELETE, this.step);
    }
    this.offset += i;
    return i;
  }

  /** The literals of step `step` from byte `i` to its closing 0: the offset past that 0, or -1 when the bytes end first. */
  private literals(bytes: Uint8Array, i: number, step: number): number {
    const { source, beyond } = this.read;
    const n = bytes.length;
    for (;;) {
      let value = 0;
      let scale = 1;
      let byte: number;
      do {
        if (i >= n) return -1;
        // Five bytes hold the largest code, 2^32 - 1; past 2^1024 the value read was NaN, stored as a literal 0.
        if (scale > 128 ** 4) throw new UserError(`${source}: step ${step}: a literal code runs past 5 bytes; no literal needs more`);
        byte = bytes[i++]!;
        value += (byte & 0x7f) * scale;
        scale *= 128;
      } while (byte & 0x80);
      if (value === 0) return i;
      const v = Math.floor(value / 2);
      if (v === 0 || v > LARGEST_VAR) throw new UserError(`${source}: step ${step}: bad literal code ${value}`);
      const tooBig = beyond(v);
      if (tooBig) throw new UserError(`${source}: step ${step}: ${tooBig}`);
      this.steps.literal(value % 2 === 1 ? -v : v);
    }
  }
}

/** Steps written as binary DRAT. */
export function toBinary(proof: ProofSteps): Uint8Array {
  const out: number[] = [];
  for (let s = 0; s < proof.count; s++) {
    out.push(proof.deletion[s] ? BYTE_DELETE : BYTE_ADD);
    for (let k = proof.starts[s]!; k < proof.starts[s + 1]!; k++) {
      const lit = proof.lits[k]!;
      let code = 2 * Math.abs(lit) + (lit < 0 ? 1 : 0);
      while (code >= 128) {
        out.push((code % 128) | 0x80);
        code = Math.floor(code / 128);
      }
      out.push(code);
    }
    out.push(0);
  }
  return Uint8Array.from(out);
}

/** Steps written as text DRAT. */
export function toText(proof: ProofSteps): string {
  const lines: string[] = [];
  for (let s = 0; s < proof.count; s++) {
    const lits = Array.from(proof.lits.subarray(proof.starts[s]!, proof.starts[s + 1]!));
    lines.push(`${proof.deletion[s] ? 'd ' : ''}${[...lits, 0].join(' ')}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
