import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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

/** tsc's diagnostics for a program that imports the built library by its path (strict, library checks on). */
function typeErrors(program: (dist: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-types-'));
  try {
    writeFileSync(join(dir, 'use.ts'), program(join(root, 'dist', 'src')));
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['use.ts'] }));
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    return r.stdout + r.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the tables of encodings, as typed', () => {
  // README: puzzlesat/card exports the constraint functions "with the tables of encodings"; a
  // table's names were typed string, so passing one to its constraint failed to compile.
  it("each table's names are the encodings its constraints take", () => {
    const errors = typeErrors(
      (dist) => `
import { AMO_ENCODINGS, CARD_ENCODINGS, PB_ENCODINGS, atMost, atMostOne, atMostWeighted } from '${dist}/constraints.js';
import { Formula } from '${dist}/index.js';
const f = new Formula();
for (const { name } of AMO_ENCODINGS) atMostOne(f, ['a', 'b'], { encoding: name });
for (const { name } of CARD_ENCODINGS) atMost(f, ['a', 'b', 'c'], 2, { encoding: name });
for (const { name } of PB_ENCODINGS) atMostWeighted(f, ['a', 'b'], [2, 3], 4, { encoding: name });
`,
    );
    expect(errors).toBe('');
  });
});
