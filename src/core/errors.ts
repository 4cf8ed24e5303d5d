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

/** Throws a UserError unless `condition` holds. */
export function require_(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new UserError(typeof message === 'string' ? message : message());
}

/** One line for a UserError: no line breaks, not too long. */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}
