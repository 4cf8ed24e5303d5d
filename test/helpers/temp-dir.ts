import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A fresh directory in the temporary directory (named `prefix` and six random
 * characters), removed with everything in it once the test file's tests are
 * done. Call it at the file's top level: inside a describe the removal would
 * be that describe's, which never runs when the describe is skipped. A test
 * that wants a directory of its own makes it inside one of these (hooks
 * cannot be added from inside a test).
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
