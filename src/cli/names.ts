import { type AdvisedCall, setFieldNames } from '../index.js';
import { optionName } from './options.js';

/**
 * The command line's spelling of what the layers below name: fields as its
 * options (--board, --max-cells), advised calls as command lines. Kept apart
 * from the verbs, with what little it imports, because the worker threads of
 * a run import it too (by the URL setFieldNames is given) to name fields
 * as this thread does.
 */
export function useFieldNames(): void {
  setFieldNames(optionName, commandLine, import.meta.url);
}

/** A call the layers below advise, as a command line: the catalogue's listing, the solvers', a queue worker's option, a puzzle enumerated from options. */
export function commandLine(call: AdvisedCall): string {
  if ('catalogue' in call) return '`puzzlesat list puzzles`';
  if ('solvers' in call) return 'puzzlesat solvers';
  if ('worker' in call) return `puzzlesat worker ${optionName(call.worker)}`;
  const options = Object.entries(call.options).map(([field, value]) => `${optionName(field)} ${value}`);
  return ['puzzlesat enumerate', call.puzzle, ...options].join(' ');
}
