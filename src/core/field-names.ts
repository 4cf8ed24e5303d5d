/**
 * How a message names a field its caller gave: as the library spells it
 * (`board`, `piecesFile`, `maxCells`) unless a front end maps the names to
 * its own (the CLI maps them to its options, --board, --pieces-file,
 * --max-cells: optionName in src/cli/common.ts, set once as it starts), so
 * that each caller reads the name it gave. The encoders and the size guards
 * name what they check through fieldName, never by a spelling of their own;
 * advice to make another call (the catalogue's listing, another puzzle)
 * names it through callName, which the front end maps alike.
 */

import { UserError } from './errors.js';
let naming: ((field: string) => string) | undefined;

/** Names that hold while one call runs (withFieldNames); a field they do not name is named the usual way. */
let scoped: ((field: string) => string | undefined) | undefined;

/**
 * A field as this process's caller spells it (see above). `inLibrary` is
 * how a library caller gives it where that is not a field of the call that
 * failed: the size limits, which only puzzles.byName's options and
 * setSizeLimits take (a typed builder's caller cannot give it maxCells).
 */
export const fieldName = (field: string, inLibrary = field): string => scoped?.(field) ?? (naming ? naming(field) : inLibrary);

/**
 * `run` with fields named by `names` where it names them: a puzzle rebuilt
 * from a DIMACS header was given its fields by the header's `c param` lines,
 * not by options, and a message naming --pieces-file sent the user to an
 * option they never gave.
 */
export function withFieldNames<T>(names: (field: string) => string | undefined, run: () => T): T {
  const outer = scoped;
  scoped = (field) => names(field) ?? outer?.(field);
  try {
    return run();
  } finally {
    scoped = outer;
  }
}

/**
 * A call a message advises: the listing of the catalogue's named puzzles or
 * of the solvers, a queue worker started with one of its options, or a
 * puzzle built from options.
 */
export type AdvisedCall =
  { catalogue: true } | { solvers: true } | { worker: string } | { puzzle: string; options: Readonly<Record<string, string>> };

/** An advised call as the library writes it: the CATALOGUE export, engines(), startWorker's options, puzzles.byName. */
function libraryCall(call: AdvisedCall): string {
  if ('catalogue' in call) return 'CATALOGUE';
  if ('solvers' in call) return 'engines()';
  if ('worker' in call) return `startWorker's ${call.worker}`;
  const options = Object.entries(call.options).map(([field, value]) => `${field}: '${value}'`);
  return `puzzles.byName('${call.puzzle}', { ${options.join(', ')} })`;
}

let calling: (call: AdvisedCall) => string = libraryCall;

/** An advised call as this process's caller makes it: the library's, or the front end's (the CLI's command line). */
export const callName = (call: AdvisedCall): string => calling(call);

/**
 * Where the front end's spelling is declared, as data a worker thread can
 * take: the URL of a module whose `useFieldNames()` sets it. A thread starts
 * with the library's names; one that adopts this URL (adoptFieldNames) names
 * fields as the thread that started it does, so that a message raised on a
 * worker thread names what the caller gave (--amo on the command line, amo
 * in the library).
 */
let namesModule: string | undefined;

/**
 * The front end's spelling of fields and calls, for the rest of the process
 * (the CLI's options and command lines); `module` is the URL of the module
 * that makes this call in its `useFieldNames()`, for the worker threads.
 */
export function setFieldNames(names: (field: string) => string, calls: (call: AdvisedCall) => string, module?: string): void {
  naming = names;
  calling = calls;
  namesModule = module;
}

/** What a worker thread is handed so that it spells fields as this thread does (undefined: the library's names). */
export const fieldNamesModule = (): string | undefined => namesModule;

/** Takes on the spelling of the thread that started this one (its fieldNamesModule()). */
export async function adoptFieldNames(module: string | undefined): Promise<void> {
  if (module !== undefined) ((await import(module)) as { useFieldNames(): void }).useFieldNames();
}

/** A name as the command line spells it, in the camel case of a library field (pieces-file is piecesFile). */
export const camelField = (name: string): string => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** A library field as the command line spells it (piecesFile is pieces-file): camelField's inverse. */
export const kebabField = (field: string): string => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Reads a resumed file, naming what `read` refuses in it (FILE:LINE: …) by
 * the option that resumes it, as every resumable file's refusals are
 * (`--resume: FILE:LINE: …`; resume for a library caller, unless `resume`
 * names it): bare, FILE:LINE read as if the file had been given for itself.
 */
export function readingResumed<T>(path: string, read: () => T, resume = fieldName('resume')): T {
  try {
    return read();
  } catch (e) {
    throw e instanceof UserError && e.message.startsWith(path) ? new UserError(`${resume}: ${e.message}`) : e;
  }
}
