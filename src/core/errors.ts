/**
 * A problem with the user's input or environment. The CLI prints its message
 * on one line and exits 1 without a stack trace; anything else is a bug.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/**
 * Why a system call failed, in words a newcomer reads and with the code a
 * search engine finds: "no such file or directory (ENOENT)". Node's message
 * of a failed call reads "ENOENT: no such file or directory, open 'x'"; the
 * path is left out, as the caller's message names it already.
 */
export function systemReason(e: unknown): string {
  const { code, message } = e as NodeJS.ErrnoException;
  if (typeof code !== 'string') return e instanceof Error ? e.message : String(e);
  const words = typeof message === 'string' ? new RegExp(`^${code}: ([^,]+)`).exec(message)?.[1] : undefined;
  return words ? `${words} (${code})` : code;
}

/** Throws a UserError unless `condition` holds. */
export function require_(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new UserError(typeof message === 'string' ? message : message());
}

/** One line for a UserError: no line breaks, not too long. */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/**
 * Whether a name read from a file holds a control character (ESC, NUL, a
 * line break): names are printed as they are, and such a one would drive
 * the terminal or put a NUL in the output.
 */
export const hasControlCharacter = (name: string): boolean => /[\x00-\x1f\x7f]/.test(name);

/**
 * hasControlCharacter of a name a DIMACS comment line carries (`c var`,
 * `c family`): a tab is white space such a name may hold, kept as given.
 * The reader refuses the others, so the writers refuse them when a name is made.
 */
export const hasNameControlCharacter = (name: string): boolean => hasControlCharacter(name.replace(/\t/g, ' '));

/**
 * A usage error: a bad option value, an unknown puzzle, solver, encoding or
 * choice. The CLI exits 2 for it, as for yargs' own usage errors, and 1 for
 * any other UserError (bad input files, failed runs).
 */
export class UsageError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Reads an option's own value (not a file it names): what the reading
 * refuses is a bad option value, a usage error (exit 2). The readers it
 * calls (counts, art, JSON) are shared with files, where the same fault is
 * bad input (exit 1), so they throw plain UserErrors and the caller that
 * knows it is reading an option says so here. Subclasses (a deadline) pass.
 */
export function readingOption<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof UserError && Object.getPrototypeOf(e) === UserError.prototype) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * " (did you mean X?)" when one of `choices` is a likely typo of `given`, or
 * `given` is the start of one (the shortest: "hex" is hexagon rather than
 * hexagon-edges), else ''.
 */
export function didYouMean(given: string, choices: readonly string[]): string {
  // String(): a library caller's name may be any value (solver: 42 crashed here, "toLowerCase is not a function").
  const typed = String(given).toLowerCase();
  // A typo: a few edits, at most a third of the word (one for short words).
  const allowed = Math.max(1, Math.floor(typed.length / 3));
  let best: { choice: string; distance: number } | undefined;
  for (const choice of choices) {
    const distance = editDistance(typed, choice.toLowerCase());
    if (distance <= allowed && (!best || distance < best.distance)) best = { choice, distance };
  }
  // A start too short to say anything (one letter) is no suggestion.
  const started = typed.length < 2 ? [] : choices.filter((c) => c.toLowerCase().startsWith(typed)).sort((a, b) => a.length - b.length);
  const suggestion = best?.choice ?? started[0];
  return suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
}

/** Levenshtein distance with adjacent transpositions (one edit each). */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j]!, before[j - 2]! + 1);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}
