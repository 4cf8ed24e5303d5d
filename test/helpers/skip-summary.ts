/**
 * vitest globalSetup: a file where test/helpers/requires.ts records why tests
 * were skipped, printed once, one line per reason, when the run ends.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    skipLog: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-skips-'));
  const log = join(dir, 'skips.txt');
  project.provide('skipLog', log);
  return () => {
    let lines: string[] = [];
    try {
      lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    } catch {
      // Nothing was skipped.
    }
    rmSync(dir, { recursive: true, force: true });
    const byReason = new Map<string, Set<string>>();
    for (const line of lines) {
      const [file, reason] = line.split(/: (.*)/s) as [string, string];
      byReason.set(reason, (byReason.get(reason) ?? new Set()).add(file));
    }
    if (byReason.size === 0) return;
    console.log(`\nSkipped, for what this machine lacks:`);
    for (const [reason, files] of byReason) console.log(`  ${reason}: ${[...files].join(', ')}`);
  };
}
