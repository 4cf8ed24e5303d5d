import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { UserError, systemReason } from './errors.js';
import { withoutBom } from './input.js';
import { checkSize, sizeLimit } from './limits.js';

/**
 * The checksum chain of the files a stopped run resumes from (enumerate's
 * and count's JSON lines, sweep's TSV): every record carries the SHA-256 of
 * the previous record's sum and its own text, the first chained from the
 * file's header line. A record deleted, duplicated, moved, edited or added
 * breaks the chain at its line, which a resume then refuses. Each file
 * format only chooses where on its line the sum goes. What a kill leaves
 * after the last whole record (a torn line, NULs) is cut, not refused.
 */

/** How many hex digits of SHA-256 a record's checksum keeps (128 bits). */
export const SUM_DIGITS = 32;

/** The checksum of a record's text after the line whose sum is `previous` ('' for the header line). */
export const chained = (previous: string, body: string): string =>
  createHash('sha256').update(`${previous}\n${body}`).digest('hex').slice(0, SUM_DIGITS);

const SUM = new RegExp(`^[0-9a-f]{${SUM_DIGITS}}$`);

/** Whether text is a checksum as the chain writes one. */
export const isSum = (text: string): boolean => SUM.test(text);

/**
 * The sum a record carries, when it is the one the lines above call for;
 * else a UserError naming the line. `record` is the line split into its
 * text and its sum, or undefined when the line carries none.
 */
export function followingSum(record: { body: string; sum: string } | undefined, previous: string, where: string): string {
  if (!record) throw new UserError(`${where}: no checksum (the file was written by an older puzzlesat, or edited); cannot resume from it`);
  if (record.sum !== chained(previous, record.body))
    throw new UserError(
      `${where}: the checksum does not follow from the lines above (a line deleted, moved, duplicated, changed or added); cannot resume`,
    );
  return record.sum;
}

/**
 * Refuses a file whose bytes after its `lines` whole lines (`tail`) are not
 * what a kill leaves of one more line: the start of a record, as
 * `opens` tells one, and NULs. A resume cuts that tail; anything
 * else there (a file appended to by hand or by another program, however
 * large) is not ours to cut, and the resume stops at its line instead.
 */
function checkTail(tail: Buffer, lines: number, opens: (head: string) => boolean, path: string): void {
  // The tail is lines of NULs, then the unterminated rest, NULs in it left out.
  const rest = tail.toString('utf8').replace(/\0/g, '').replace(/^\n+/, '');
  if (rest === '' || opens(rest)) return;
  const line = lines + 1;
  throw new UserError(
    `${path}:${line}: the file ends in text without a line end that is not the start of a record (not what a stopped run leaves); cannot resume without cutting it: remove it, or write to another file`,
  );
}

/** Bytes read from a resumed file at a time. */
const READ_CHUNK = 1 << 16;

/** What follows a file's whole lines (readWholeLines): their length, and the tail a stopped run may have left. */
export interface AfterWholeLines {
  /** The bytes of the whole lines, the length a resume keeps (lines of NULs at the end left out: a crash's blocks allocated, never written). */
  length: number;
  /** The bytes after them: lines of NULs and an unterminated rest. */
  tail: Buffer;
}

/**
 * The whole lines of a file, as they were written: without the CR before
 * each LF (a file passed through a Windows editor, or git's autocrlf) or a
 * byte-order mark first (such an editor's), so that every checksum is over
 * the line as written; read a chunk at a time and yielded as they come, then
 * what follows them. Read whole first, a resumed file of gigabytes was in
 * memory, and read for seconds, before its first record was looked at (and
 * a stop heard): now it holds one line at a time, each within the input
 * limit (maxInputBytes). Lines of NULs are held back until a later line
 * shows they are not the tail a crash left. `opens` tells the start of a
 * record (checkTail); `option` names the file in a read error.
 */
export function* readWholeLines(path: string, option: string, opens: (head: string) => boolean): Generator<string, AfterWholeLines> {
  const fd = openOrExplain(path, option);
  const maxLine = sizeLimit('bytes');
  /** Lines of NULs (or empty) not yet known to be followed by a line. */
  let held: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let length = 0;
  let lines = 0;
  const textOf = (line: Buffer): string => {
    const text = line.toString('utf8', 0, line.length - 1).replace(/\r$/, '');
    return lines++ === 0 ? withoutBom(text) : text;
  };
  try {
    const chunk = Buffer.allocUnsafe(READ_CHUNK);
    for (;;) {
      const got = readOrExplain(fd, chunk, path, option);
      if (got === 0) break;
      let from = 0;
      for (let end = chunk.indexOf(0x0a, from); end >= 0 && end < got; end = chunk.indexOf(0x0a, from)) {
        const line = Buffer.concat([...pending, chunk.subarray(from, end + 1)]);
        pending = [];
        pendingBytes = 0;
        from = end + 1;
        checkLine(line.length, path, lines + held.length + 1, maxLine);
        if (line.length === 1 || (line[0] === 0 && line.subarray(0, -1).every((b) => b === 0))) {
          held.push(line);
          continue;
        }
        for (const nul of held) {
          length += nul.length;
          yield textOf(nul);
        }
        held = [];
        length += line.length;
        yield textOf(line);
      }
      if (from < got) {
        // Copied: the chunk is read into again.
        pending.push(Buffer.from(chunk.subarray(from, got)));
        pendingBytes += got - from;
        checkLine(pendingBytes, path, lines + held.length + 1, maxLine);
      }
    }
  } finally {
    closeSync(fd);
  }
  const tail = Buffer.concat([...held, ...pending]);
  if (lines > 0) checkTail(tail, lines, opens, path);
  return { length, tail };
}

/** Refuses a line longer than the input limit: a line is what a resume holds at once. */
const checkLine = (bytes: number, path: string, line: number, maxLine: number): void =>
  checkSize('bytes', bytes, `${path}:${line}`, 'the line holds at least', maxLine);

function openOrExplain(path: string, option: string): number {
  try {
    return openSync(path, 'r');
  } catch (e) {
    throw new UserError(`${option}: cannot read "${path}": ${systemReason(e)}`);
  }
}

function readOrExplain(fd: number, into: Buffer, path: string, option: string): number {
  try {
    return readSync(fd, into, 0, into.length, null);
  } catch (e) {
    throw new UserError(`${option}: cannot read "${path}": ${systemReason(e)}`);
  }
}
