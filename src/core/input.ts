import { type Stats, closeSync, constants, existsSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { isatty } from 'node:tty';
import { UserError, systemReason } from './errors.js';
import { fieldName } from './field-names.js';
import { DeadlineReached, checkSize, sizeLimit } from './limits.js';
import { lineAt } from './lines.js';

/** Where relative input paths are looked for first (withInputDirectory); undefined: the working directory alone. */
let directory: string | undefined;

/**
 * `run` with relative input paths looked for in `dir` first, then from the
 * working directory: a DIMACS header names a pieces or board file as encode
 * was given it, and a file moved with the DIMACS file is beside it, while a
 * file written before (named from where encode ran) is still found from there.
 */
export function withInputDirectory<T>(dir: string, run: () => T): T {
  const outer = directory;
  directory = dir;
  try {
    return run();
  } finally {
    directory = outer;
  }
}

/**
 * The path an input is read from: in the directory `dir` (withInputDirectory's)
 * when something is there by that name, else as given. Absolute paths are
 * as given (resolve keeps them).
 */
export function inputPath(path: string, dir = directory): string {
  if (dir === undefined) return path;
  const beside = resolve(dir, path);
  return existsSync(beside) ? beside : path;
}

/**
 * Whether an option's value that reads as given in the option (`inline`:
 * board art, a size) is that, rather than a file's path: it is unless a file
 * is there. A directory is none, and board art names one often: ".", ".."
 * and "../.." (the 2x2 square) are directories wherever the command runs.
 * The one rule of polyomino's board and polyform's: polyomino took art only
 * with a "/" in it, and looked for a one-row board "....." as a file.
 */
export function inlineUnlessFile(value: string, inline: (value: string) => boolean): boolean {
  if (!inline(value)) return false;
  const found = inputPath(value);
  return !existsSync(found) || statSync(found).isDirectory();
}

/** Inputs are read in pieces of this size (the default of inputChunks). */
const CHUNK = 1 << 20;

/**
 * The whole of an input — a file by path, or an open descriptor (0 for
 * standard input) — refused with a one-line UserError naming `where`, the
 * limit and --max-input-bytes as soon as it holds more than the input limit:
 * a regular file by its size before reading, a pipe or a device (/dev/zero)
 * once that many bytes have come. Open and read errors of a path are thrown as
 * they are (callers word them, or use readFileInput); a descriptor's are said
 * in one line, `WHERE: cannot read: EISDIR` (`solve - < DIR`), as no caller
 * words them.
 */
export function readInput(source: string | number, where: string): Buffer {
  return Buffer.concat([...inputChunks(source, where)]);
}

/**
 * readInput a piece at a time (pieces of `chunkSize` bytes, each a buffer of
 * its own), for a reader that keeps what it reads and not the bytes (a proof
 * of GBs): the same limit and the same errors, said when the piece that
 * meets them is read. The file is closed once read, or when the reader stops.
 */
export function* inputChunks(source: string | number, where: string, chunkSize = CHUNK): Generator<Buffer, void, undefined> {
  const ahead = readAheadBytes.get(typeof source === 'number' ? source : inputPath(source));
  if (ahead !== undefined) {
    for (let at = 0; at < ahead.length; at += chunkSize) yield ahead.subarray(at, at + chunkSize);
    return;
  }
  if (typeof source === 'number') {
    try {
      yield* chunksOf(source, where, chunkSize);
    } catch (e) {
      if (e instanceof UserError) throw e;
      throw new UserError(`${where}: cannot read: ${systemReason(e)}`);
    }
    return;
  }
  const fd = openSync(inputPath(source), 'r');
  try {
    noteRead(fstatSync(fd));
    yield* chunksOf(fd, where, chunkSize);
  } finally {
    closeSync(fd);
  }
}

/** A file by its device and inode: one file, by whatever path or link it is named. */
export const fileIdentity = (st: Stats): string => `${st.dev}:${st.ino}`;

/**
 * The regular files this process has read by path, by identity. A front
 * end that never writes over an input checks its outputs against them once
 * the puzzle is built: some inputs are named by no option, as a board or
 * pieces file a DIMACS header names, found only once the header is read.
 */
const filesRead = new Set<string>();

function noteRead(st: Stats): void {
  if (st.isFile()) filesRead.add(fileIdentity(st));
}

/** The regular files read so far (filesRead), by identity (fileIdentity). */
export const readFiles = (): ReadonlySet<string> => filesRead;

/** An open descriptor read to its end within the input limit, a piece at a time (inputChunks). */
function* chunksOf(fd: number, where: string, chunkSize: number): Generator<Buffer, void, undefined> {
  const limit = sizeLimit('bytes');
  const stat = fstatSync(fd);
  if (stat.isFile()) checkSize('bytes', stat.size, where, 'holds');
  let total = 0;
  for (;;) {
    const room = Math.min(chunkSize, limit + 1 - total);
    const chunk = Buffer.allocUnsafe(room);
    const got = readThroughSignals(fd, chunk, room);
    if (got === 0) return;
    total += got;
    checkSize('bytes', total, where, 'holds at least');
    yield got === room ? chunk : chunk.subarray(0, got);
  }
}

/** How long a read cut short by a signal waits before it reads again: time for the signal's handler to act. */
const SIGNAL_GRACE_MS = 50;

/**
 * readSync, read again when a signal cuts it short (EINTR, which libuv
 * retries for every call but a read). The one signal that does is Ctrl-C in
 * the CLI's set-up, heard on V8's watchdog thread, which stops the set-up in
 * the wait (interruptibleSetUp): the read's error raced the watchdog, and a
 * press on a pipe or FIFO not yet written often ended as "cannot read:
 * interrupted system call (EINTR)", exit 1. Any other signal was no fault of
 * the input.
 */
function readThroughSignals(fd: number, buffer: Buffer, length: number): number {
  for (;;) {
    try {
      return readSync(fd, buffer, 0, length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EINTR') throw e;
      // Made here, not on import: a page not cross-origin isolated (the playground) has no SharedArrayBuffer.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SIGNAL_GRACE_MS);
    }
  }
}

/** The offset where the line holding offset `at` starts. */
const lineStart = (text: string, at: number): number => Math.max(text.lastIndexOf('\n', at - 1), text.lastIndexOf('\r', at - 1)) + 1;

/**
 * A text input as UTF-8, without the byte-order mark some Windows editors
 * put first: it is no part of the text, and left in it read as a stray
 * character at line 1, column 1.
 */
export function readTextInput(source: string | number, where: string): string {
  return withoutBom(utf8Text(readInput(source, where), where));
}

/**
 * Bytes as UTF-8 text, refused at the line of the first byte that is not
 * UTF-8 (a Latin-1 file): decoded, it was U+FFFD, so that "café" and "cafè"
 * were one name ("named twice") and names were printed changed.
 */
function utf8Text(bytes: Buffer, where: string): string {
  const text = bytes.toString('utf8');
  // Every U+FFFD is a bad byte or one written as such (EF BF BD); the bytes before it are the text before it, re-encoded.
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
    const at = Buffer.byteLength(text.slice(0, i));
    if (bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd) continue;
    const line = lineAt(text, i);
    const column = i - lineStart(text, i) + 1;
    throw new UserError(`${where}:${line}: not UTF-8 text (byte 0x${bytes[at]!.toString(16)} at column ${column}); save the file as UTF-8`);
  }
  return text;
}

/** The text without a leading byte-order mark (a Windows editor's), which is no part of its first line. */
export const withoutBom = (text: string): string => text.replace(/^\uFEFF/, '');

/**
 * A puzzle's options with the text of each value read as a file's is, its
 * leading byte-order mark dropped: a value copied out of a file that has one
 * (--board "$(cat board.json)") brings it along, and it made the board
 * neither JSON nor art nor a file name, in a message where it did not show.
 */
export function withoutBoms<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).map(([name, value]) => [name, typeof value === 'string' ? withoutBom(value) : value])) as T;
}

/**
 * readInput of a file by path, a failure to open or read it said in one
 * line: `OPTION: cannot read "PATH": ENOENT` (no option when none names
 * the file, as for a positional argument).
 */
export function readFileInput(path: string, option?: string): Buffer {
  try {
    return readInput(path, path);
  } catch (e) {
    throw readFailure(e, path, option);
  }
}

/** readFileInput a piece at a time (inputChunks), a failure to open or read the file said as readFileInput says it. */
export function* readFileChunks(path: string, option?: string, chunkSize?: number): Generator<Buffer, void, undefined> {
  try {
    yield* inputChunks(path, path, chunkSize);
  } catch (e) {
    throw readFailure(e, path, option);
  }
}

/** A failure to read the file `path` in one line (a UserError, as the limit's, is one already). */
const readFailure = (e: unknown, path: string, option?: string): unknown =>
  e instanceof UserError ? e : new UserError(`${option ? `${option}: ` : ''}cannot read "${path}": ${systemReason(e)}`);

/** readFileInput as UTF-8 text, without a byte-order mark (readTextInput). */
export const readTextFile = (path: string, option?: string): string => withoutBom(utf8Text(readFileInput(path, option), path));

/** Inputs read ahead (readAhead), by what readInput reads them by: 0 for standard input, else the path as inputPath finds it. */
const readAheadBytes = new Map<string | number, Buffer>();

/**
 * Reads ahead, asynchronously, those of `sources` ("-" for standard input,
 * else paths) that a synchronous read could wait on without end: a FIFO
 * with no writer yet, a pipe or terminal no one writes to. A run's set-up
 * reads its inputs synchronously, where no timer and no signal handler gets
 * a turn, so a --timeout ran out unheard while `count FIFO` waited for a
 * writer. Here the wait ends at `deadline` (Date.now() clock) or when
 * `signal` aborts (Ctrl-C), each a DeadlineReached naming the input, and
 * the bytes read are kept for readInput, within the same input limit.
 * Regular files, directories and devices that never make a reader wait are
 * left to the synchronous read.
 */
export async function readAhead(sources: readonly string[], deadline: number, signal?: AbortSignal): Promise<void> {
  for (const source of sources) {
    const key = source === '-' ? 0 : inputPath(source);
    if (readAheadBytes.has(key)) continue;
    const stream = waitingStream(key);
    if (stream !== undefined) readAheadBytes.set(key, await readStream(stream, source === '-' ? '<stdin>' : source, deadline, signal));
  }
}

/** A stream over the input `key` (readAheadBytes') when a synchronous read of it could wait without end; else undefined. */
function waitingStream(key: string | number): Readable | undefined {
  let stat: Stats;
  try {
    stat = typeof key === 'number' ? fstatSync(key) : statSync(key);
  } catch {
    return undefined; // The synchronous read says why it cannot read it.
  }
  if (typeof key === 'number') return stat.isFIFO() || stat.isSocket() || isatty(key) ? process.stdin : undefined;
  if (!stat.isFIFO()) return undefined;
  let fd: number;
  try {
    // Opened without waiting for a writer; the socket reads only once one has written, and ends when the last one closes.
    fd = openSync(key, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined; // Refused (a FIFO this user may not read): the synchronous read says why, at once.
  }
  return new Socket({ fd, readable: true, writable: false });
}

/** Timers wait at most this long (Node's limit); a deadline further off is as none. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The whole of `stream`, within the input limit, unless `deadline` passes or `signal` aborts first (the stream then closed). */
function readStream(stream: Readable, where: string, deadline: number, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupted);
      if (error === undefined) return resolve(Buffer.concat(chunks));
      stream.destroy();
      reject(error);
    };
    const wait = deadline - Date.now();
    const timer =
      wait > LONGEST_TIMER_MS
        ? undefined
        : setTimeout(
            () => finish(new DeadlineReached(`${fieldName('timeout')} ran out while reading ${where}, before any solving`)),
            Math.max(0, wait),
          );
    const interrupted = (): void => finish(new DeadlineReached(`Ctrl-C while reading ${where}, before any solving`));
    if (signal?.aborted) return interrupted();
    signal?.addEventListener('abort', interrupted, { once: true });
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      try {
        checkSize('bytes', total, where, 'holds at least');
      } catch (e) {
        return finish(e);
      }
      chunks.push(chunk);
    });
    stream.on('end', () => finish());
    stream.on('error', (e) => finish(new UserError(`${where}: cannot read: ${systemReason(e)}`)));
  });
}
