import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering docs/architecture.md states, held against the imports as
 * written: no two folders import each other (directly or round a loop), the
 * CLI reaches the library through src/index.ts alone, nothing in the package
 * reaches up into bench/ or test/, and the engines in
 * solvers/ build on src/core alone.
 */
const root = join(import.meta.dirname, '..');

/** Every TypeScript source under the folder, by path from the root. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'build' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a source imports (type imports and re-exports included), by path from the root. */
function imports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)].map((m) =>
    normalize(join(dirname(file), m[1]!)).replace(/\.js$/, '.ts'),
  );
}

/** The folder a file belongs to: src/<sub> (src's own files each stand alone), encoders, solvers. */
function folderOf(file: string): string {
  const [top, sub] = file.split('/');
  return top === 'src' ? `src/${sub!.replace(/\.ts$/, '')}` : top!;
}

const files = ['src', 'encoders', 'solvers'].flatMap(sources);
const edges = new Map<string, Set<string>>();
for (const file of files) {
  for (const target of imports(file)) {
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
}

/** The folders reachable from `start` by imports. */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(edges.get(start) ?? [])];
  while (stack.length) {
    const folder = stack.pop()!;
    if (seen.has(folder)) continue;
    seen.add(folder);
    stack.push(...(edges.get(folder) ?? []));
  }
  return seen;
}

describe('layers', () => {
  it('has no import cycle between folders', () => {
    const cycles = [...edges.keys()].filter((folder) => reachable(folder).has(folder));
    expect(cycles).toEqual([]);
  });

  it('the CLI imports only src/index.ts and its own files', () => {
    const outside = files
      .filter((file) => file.startsWith('src/cli/'))
      .flatMap((file) => imports(file).map((target) => [file, target] as const))
      .filter(([, target]) => !target.startsWith('src/cli/') && target !== 'src/index.ts');
    expect(outside).toEqual([]);
  });

  it('the package imports nothing from the repository scripts and tests (bench/ builds on src/, not the reverse)', () => {
    const upward = files
      .flatMap((file) => imports(file).map((target) => [file, target] as const))
      .filter(([, target]) => !['src', 'encoders', 'solvers'].includes(target.split('/')[0]!));
    expect(upward).toEqual([]);
  });

  it('solvers/ imports only src/core', () => {
    const outside = files
      .filter((file) => file.startsWith('solvers/'))
      .flatMap((file) => imports(file).map((target) => [file, target] as const))
      .filter(([, target]) => !target.startsWith('solvers/') && !target.startsWith('src/core/'));
    expect(outside).toEqual([]);
  });

  it("the playground's stand-in for the Node built-ins has every name the package imports from them (regression: readlinkSync, then realpathSync, broke the playground's build)", () => {
    // The modules vite.config.ts sends to the stand-in, read from its alias.
    const aliased = /node:\(([a-z0-9_|\\/]+)\)/
      .exec(readFileSync(join(root, 'playground/vite.config.ts'), 'utf8'))![1]!
      .replaceAll('\\/', '/')
      .split('|');
    const stub = readFileSync(join(root, 'playground/node-stub.ts'), 'utf8');
    const stubbed = new Set([...stub.matchAll(/^export const (\w+)/gm)].map((m) => m[1]!));
    const missing = files.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/^import \{([^}]*)\} from 'node:([a-z0-9_/]+)'/gm)]
        .filter((m) => aliased.includes(m[2]!))
        .flatMap((m) => m[1]!.split(',').map((name) => name.trim()))
        // `type X` is erased; `type as osType` is the value `type`, renamed.
        .filter((name) => name !== '' && !/^type (?!as )/.test(name))
        .map((name) => name.replace(/ as .*/, ''))
        .filter((name) => !stubbed.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(aliased).toContain('fs');
    expect(stubbed).toContain('readFileSync');
    expect(missing).toEqual([]);
  });

  it('the playground imports only src/index.ts of the package (type imports too), as the CLI does: nothing of encoders/ or solvers/', () => {
    const reached = sources('playground').flatMap((file) => imports(file).map((target) => [file, target] as const));
    expect(reached.map(([, target]) => target)).toContain('src/index.ts');
    const inPackage = (target: string) => ['src', 'encoders', 'solvers'].includes(target.split('/')[0]!);
    expect(reached.filter(([, target]) => inPackage(target) && target !== 'src/index.ts')).toEqual([]);
  });

  it('reads the imports it judges (a folder that imports nothing would pass vacuously)', () => {
    expect(edges.get('src/cli')).toContain('src/index');
    expect(reachable('src/index')).toContain('solvers');
    expect(reachable('src/plan')).toContain('encoders');
  });
});
