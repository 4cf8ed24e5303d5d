import { closeSync, fstatSync, openSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError, systemReason } from './errors.js';
import { fieldName } from './field-names.js';

/**
 * Writes a whole output file so that it either appears complete or not at
 * all: into a temporary file beside it, then renamed over the path. A run
 * that fails half-way (a full disk, Ctrl-C) leaves what was there before.
 * A path that is not a regular file (/dev/null, a pipe) is written in place:
 * a rename would replace the device. A symbolic link is written through to
 * the file it names, as a shell's `>` writes: the rename replaced the link
 * itself with a regular file. Errors are thrown as they are.
 */
export function writeReplacing(given: string, chunks: Iterable<string | Uint8Array>): void {
  const own = ownSocket(given);
  if (own !== undefined) {
    for (const chunk of chunks) writeFully(own, chunk);
    return;
  }
  const path = linkTarget(given);
  const inPlace = isSpecialFile(path);
  if (!inPlace) removeStaleTemporaries(path);
  const target = inPlace ? path : temporaryOf(path, process.pid);
  let fd = -1;
  try {
    fd = openSync(target, 'w');
    for (const chunk of chunks) writeChunk(fd, chunk);
    closeSync(fd);
    fd = -1;
    if (!inPlace) renameSync(target, path);
  } catch (e) {
    if (fd >= 0) closeSync(fd);
    if (!inPlace) rmSync(target, { force: true });
    throw e;
  }
}

const writeChunk = (fd: number, chunk: string | Uint8Array): void => {
  if (typeof chunk === 'string') writeSync(fd, chunk);
  else writeSync(fd, chunk);
};

/** What a write waits on, in ms, while a socket's reader has not drained it (writeFully). */
const DRAIN_WAIT_MS = 5;

/**
 * Writes all of `chunk` on `fd`, as a blocking write would. A socket of
 * this process's own (ownSocket) may be non-blocking, its mode set by the
 * parent that made the pair: while the reader lags, a write takes part of
 * the bytes or none (EAGAIN), and `-o /dev/stdout` to a parent that read
 * late failed "resource temporarily unavailable".
 */
function writeFully(fd: number, chunk: string | Uint8Array): void {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      // Made here, not on import: the playground imports this module, and a page that is not cross-origin isolated has no SharedArrayBuffer.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, DRAIN_WAIT_MS);
    }
  }
}

/** This process's descriptors that name an output's path: by /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N. */
const OWN_DESCRIPTOR = /^\/(?:dev\/(?:(stdout)|(stderr)|fd\/(\d+))|proc\/self\/fd\/(\d+))$/;

/**
 * The descriptor of this process's own that `path` names when it is a
 * socket (-o /dev/stdout, /dev/fd/N, /proc/self/fd/N), else undefined.
 * Linux opens a pipe or a terminal by those names but not a socket (ENXIO),
 * and the standard output Node's child_process gives a child is a socket:
 * `-o /dev/stdout` failed after the work in every verb run from Node. Such
 * an output is written on the descriptor itself and never closed
 * (openOutput, closeOutput), as a shell's `>&1` would.
 */
export function ownSocket(path: string): number | undefined {
  const m = OWN_DESCRIPTOR.exec(path);
  if (!m) return undefined;
  const fd = m[1] ? 1 : m[2] ? 2 : Number(m[3] ?? m[4]);
  try {
    return fstatSync(fd).isSocket() ? fd : undefined;
  } catch {
    return undefined; // EBADF: no such descriptor; opening the path says so
  }
}

/** An output file opened to write (`w`) or append (`a`): the descriptor itself for one of this process's sockets (ownSocket). */
export const openOutput = (path: string, flags: 'w' | 'a'): number => ownSocket(path) ?? openSync(path, flags);

/** Closes what openOutput opened: a descriptor of this process's own stays open (standard output is still written after). */
export function closeOutput(fd: number, path: string): void {
  if (ownSocket(path) !== fd) closeSync(fd);
}

/**
 * Removes the regular file an output path names (through its links, the file
 * writeReplacing would replace), for a run whose output has nothing to say
 * there: left, an earlier run's file passes as this run's. A device or pipe is
 * left alone, as nothing would be written to it either. True when a file went.
 */
export function removeReplaced(given: string): boolean {
  const path = linkTarget(given);
  if (isSpecialFile(path)) return false;
  try {
    rmSync(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/** How many links a path may go through, as the kernel allows (SYMLOOP_MAX on Linux). */
const MAX_LINKS = 40;

/**
 * The file a path names once its last component's symbolic links are
 * followed (a directory's link on the way needs none: a rename goes through
 * it): the path itself when it is no link or does not exist, the target of a
 * link to a file not there yet, which the write then makes. A device or pipe
 * is written where it is, so a link to one is not followed: /dev/stdout leads
 * through /proc/self/fd/1 to "pipe:[N]", no path at all, where a write found
 * no file (ENOENT, after the run's work). A relative target
 * is read from the link's real directory, as the kernel reads it: through a
 * directory link (alias -> real), alias/link -> ../out/f is real/../out/f,
 * not out/f beside alias.
 */
export function linkTarget(path: string): string {
  let current = path;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    if (isSpecialFile(current)) return current;
    let link: string;
    try {
      link = readlinkSync(current);
    } catch {
      return current; // EINVAL: no link; ENOENT: not there yet
    }
    // The link was read, so its directory exists.
    current = resolve(realpathSync(dirname(current)), link);
  }
  throw Object.assign(new Error(`${path}: too many levels of symbolic links`), { code: 'ELOOP' });
}

const temporaryOf = (path: string, pid: number): string => join(dirname(path), `.${basename(path)}.${pid}.tmp`);

/**
 * The temporary files of earlier writes of `path` whose process is gone.
 * Ctrl-C kills a run in the middle of a write (the write is synchronous, so
 * no handler gets a turn to clean up), which leaves its temporary file; the
 * next write of the same path removes it. A live process's is left alone.
 */
function removeStaleTemporaries(path: string): void {
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  const prefix = `.${basename(path)}.`;
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length, -'.tmp'.length));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)) rmSync(temporaryOf(path, pid), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An existing path that is no regular file: a device, a pipe, a socket (or a directory). */
export function isSpecialFile(path: string): boolean {
  try {
    return !statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * A write to a run's output file (enumerate's and count's JSON lines, sweep's
 * TSV) whose failure (ENOSPC, EIO) is said in one line naming it, and the
 * field that gave it as its caller spells it (the library's out, the CLI's -o).
 */
export function writeOrExplain(fd: number, text: string, path: string): void {
  try {
    if (ownSocket(path) === fd) writeFully(fd, text);
    else writeSync(fd, text);
  } catch (e) {
    throw new UserError(`${fieldName('out')}: cannot write "${path}": ${systemReason(e)}`);
  }
}
