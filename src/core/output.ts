import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a whole output file so that it either appears complete or not at
 * all: into a temporary file beside it, then renamed over the path. A run
 * that fails half-way (a full disk, Ctrl-C) leaves what was there before.
 * A path that is not a regular file (/dev/null, a pipe) is written in place:
 * a rename would replace the device. Errors are thrown as they are.
 */
export function writeReplacing(path: string, chunks: Iterable<string | Uint8Array>): void {
  const inPlace = isSpecialFile(path);
  const target = inPlace ? path : join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  let fd = -1;
  try {
    fd = openSync(target, 'w');
    for (const chunk of chunks) {
      if (typeof chunk === 'string') writeSync(fd, chunk);
      else writeSync(fd, chunk);
    }
    closeSync(fd);
    fd = -1;
    if (!inPlace) renameSync(target, path);
  } catch (e) {
    if (fd >= 0) closeSync(fd);
    if (!inPlace) rmSync(target, { force: true });
    throw e;
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
