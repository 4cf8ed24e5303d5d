import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The type declarations a user's type check reads (dist/, built first: the
 * package's `exports` point there) name only packages every install has.
 * A declaration that imported an optional peer dependency's types (ioredis,
 * for parseQueueUrl's module) failed `tsc` in any project with skipLibCheck
 * off and without that package: "Cannot find module 'ioredis'".
 */
const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { types?: string }>;
  dependencies: Record<string, string>;
};

/** Every package a declaration file and the declarations it reaches import. */
function packagesReached(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
      if (spec!.startsWith('.')) todo.push(resolve(dirname(file), spec!.replace(/\.js$/, '.d.ts')));
      else reached.set(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!, file);
    }
  }
  return reached;
}

describe('the published declarations', () => {
  const entries = Object.entries(pkg.exports).filter(([, e]) => e.types);
  it.each(entries)('%s names only dependencies and Node built-ins', (_, entry) => {
    const file = join(root, entry.types!);
    expect(existsSync(file), `${file}: run npx tsc -p tsconfig.json first`).toBe(true);
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules.map((m) => m.replace(/^node:/, '')), 'node']);
    const stray = [...packagesReached(file)].filter(([name]) => !allowed.has(name.replace(/^node:/, '')));
    expect(stray.map(([name, where]) => `${name} (${where.slice(root.length + 1)})`)).toEqual([]);
  });
});
