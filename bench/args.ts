/**
 * The benchmarks' one reading of a command line: `--flag value` pairs, no
 * more. The scripts are run by hand and by their reports' own command lines,
 * so they need nothing of the CLI's validation table.
 */
export function option(argv: readonly string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}
