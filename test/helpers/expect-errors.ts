import { expect } from 'vitest';
import { UserError } from '../../src/core/errors.js';

/** What a CLI run left: its exit code and what it wrote. */
export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * The run failed as the contract says: one line on stderr matching `message`
 * (a `puzzlesat: note:` line beside it aside), no stack trace or internal
 * error, and exit `code`.
 */
export function expectOneLineError(r: CliRun, message: RegExp, code = 1): void {
  expect(r.err).toMatch(message);
  expect(
    r.err
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('puzzlesat: note: ')),
  ).toHaveLength(1);
  expect(r.err).not.toMatch(/internal error|Maximum call stack|^\s+at /m);
  expect(r.code).toBe(code);
}

/** The UserError message a call throws (fails the test on any other outcome). */
export function userErrorOf(call: () => unknown): string {
  try {
    call();
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
  throw new Error('expected a UserError');
}
