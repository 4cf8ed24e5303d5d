/**
 * vitest setupFiles: a test file that leaves a directory in the temporary
 * directory fails. Each directory mkdtemp makes directly in it while the
 * file runs (the tests' own, and the library's when a test runs it in this
 * process) is noted; once the file's tests and their afterAll hooks are done
 * (this hook, added first, runs last), each must be gone. One left is
 * removed, and named in the file's failure.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { afterAll, expect } from 'vitest';

const made: string[] = [];
/** tmpdir() is read at each call: a test may point TMPDIR elsewhere for a while. */
const noted = (dir: string): string => {
  if (dirname(dir) === tmpdir()) made.push(dir);
  return dir;
};

const { mkdtempSync } = fs;
const { mkdtemp } = fs.promises;
fs.mkdtempSync = ((prefix: string, options?: fs.EncodingOption) => noted(mkdtempSync(prefix, options))) as typeof fs.mkdtempSync;
fs.promises.mkdtemp = (async (prefix: string, options?: fs.EncodingOption) => noted(await mkdtemp(prefix, options))) as typeof fs.promises.mkdtemp;
// The ES module bindings (import { mkdtempSync } from 'node:fs') follow the change.
syncBuiltinESMExports();

afterAll(() => {
  const left = made.filter((dir) => fs.existsSync(dir));
  for (const dir of left) fs.rmSync(dir, { recursive: true, force: true });
  expect(left, 'directories this test file left in the temporary directory').toEqual([]);
});
