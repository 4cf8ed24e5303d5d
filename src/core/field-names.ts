/**
 * How a message names a field its caller gave: as the library spells it
 * (`board`, `piecesFile`, `maxCells`) unless a front end maps the names to
 * its own (the CLI maps them to its options, --board, --pieces-file,
 * --max-cells: optionName in src/cli/common.ts, set once as it starts), so
 * that each caller reads the name it gave. The encoders and the size guards
 * name what they check through fieldName, never by a spelling of their own.
 */
let naming: (field: string) => string = (field) => field;

/** A field as this process's caller spells it (see above). */
export const fieldName = (field: string): string => naming(field);

/** The front end's spelling of fields, for the rest of the process (the CLI's options). */
export function setFieldNames(names: (field: string) => string): void {
  naming = names;
}

/** A name as the command line spells it, in the camel case of a library field (pieces-file is piecesFile). */
export const camelField = (name: string): string => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
