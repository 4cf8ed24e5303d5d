import { writeFileSync } from 'node:fs';

/**
 * The benchmarks' one reading of a command line: `--flag value` pairs, no
 * more. The scripts are run by hand and by their reports' own command lines,
 * so they need nothing of the CLI's validation table.
 */
export function option(argv: readonly string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Prints a report, and writes it to the file `--write` names when given. */
export function publish(argv: readonly string[], report: string): void {
  process.stdout.write(report);
  const out = option(argv, '--write');
  if (out) writeFileSync(out, report);
}

/** Runs a script's main: a failure is one line on stderr naming the script, exit 1. */
export function runMain(script: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${script}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
