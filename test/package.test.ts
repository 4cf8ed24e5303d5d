import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { missing } from './helpers/requires.js';

/**
 * The npm package as a user gets it: `npm pack` of the built tree (pretest
 * builds dist), installed into a fresh project from the local npm cache, then
 * examples/quickstart.ts and examples/encodings.ts type-checked against the
 * package's declarations, compiled and run as ES modules.
 */
const root = join(import.meta.dirname, '..');
const scratch = tempDir('puzzlesat-package-');

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

describe('the npm package', () => {
  it('packs LICENSE, the library and its declarations, without the benchmarks', () => {
    const files = packedFiles();
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/src/index.js');
    expect(files).toContain('dist/src/index.d.ts');
    expect(files).toContain('dist/src/cli/main.js');
    expect(files.filter((f) => f.startsWith('dist/bench/'))).toEqual([]);
  });

  it.skipIf(missing('minisat-wasm', 'cadical-wasm'))('packs both WebAssembly engines', () => {
    expect(packedFiles()).toEqual(expect.arrayContaining(ENGINE_FILES));
  });

  it('refuses to pack without the WebAssembly engines (prepack), naming what is missing and how to build it', () => {
    expect(manifest().scripts.prepack).toMatch(/solvers\/setup\/check-pack\.js/);
    const r = spawnSync(process.execPath, [join(root, 'solvers', 'setup', 'check-pack.js'), scratch], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /^npm pack: refused: the WebAssembly engines are missing \(solvers\/minisat-wasm\/build\/minisat\.js, .*\); run npm run setup/,
    );
    // Nothing runs when the tarball is installed: no prepare, install or postinstall script.
    expect(Object.keys(manifest().scripts).filter((s) => /^(pre|post)?(install|prepare)$/.test(s))).toEqual([]);
  });

  it('promises only the Node versions every dependency it installs accepts (clingo-wasm, Node >= 22, is optional)', () => {
    const { engines, dependencies } = manifest();
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; optional?: boolean; engines?: { node?: string } }>;
    };
    const semver = createRequire(import.meta.url)('semver') as { subset(a: string, b: string): boolean };
    const stricter = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && !p.dev && !p.optional && p.engines?.node !== undefined)
      .filter(([, p]) => !semver.subset(engines.node, p.engines!.node!))
      .map(([path, p]) => `${path} wants ${p.engines!.node}`);
    expect(stricter).toEqual([]);
    expect(Object.keys(dependencies)).not.toContain('clingo-wasm');
  });

  it('installs from the tarball; the quick-start and encodings examples type-check and run as ES modules', () => {
    const app = join(scratch, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const installed = spawnSync('npm', ['install', tarball(), '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app, encoding: 'utf8' });
    expect(installed.status).toBe(0);
    // No warning about a script of ours (a prepare script would be named here).
    expect(installed.stderr).not.toMatch(/puzzlesat/);
    // A small tree: the heavy, feature-specific packages (bullmq, ioredis, resvg, clingo-wasm) are optional peers, not installed.
    const tree = installedTree(join(app, 'node_modules'));
    expect(tree.packages.filter((p) => /^(bullmq|ioredis|@resvg|ajv|clingo-wasm)/.test(p))).toEqual([]);
    console.log(
      `a consumer of the tarball installs ${tree.packages.length} packages, ${(tree.bytes / 1e6).toFixed(1)} MB: ${tree.packages.join(', ')}`,
    );
    expect(tree.bytes).toBeLessThan(10e6);

    for (const example of ['quickstart.ts', 'encodings.ts']) copyFileSync(join(root, 'examples', example), join(app, example));
    const compilerOptions = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'ES2022',
      strict: true,
      skipLibCheck: true,
      outDir: 'out',
      types: [],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['quickstart.ts', 'encodings.ts'] }));
    const typed = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
    expect(typed.stdout + typed.stderr).toBe('');
    expect(typed.status).toBe(0);

    const run = spawnSync(process.execPath, [join(app, 'out', 'quickstart.js')], { cwd: app, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    // 3 named variables, the sequential at-most-one's 2 auxiliaries; its 5 clauses and the 2 written by hand.
    expect(lines[0]).toBe('p cnf 5 7');
    expect(lines[1]).toBe('SAT blue (blue is true)');
    // The 3x4 rectangle has 4 tilings by L-trominoes, each labelled in C(4,2) = 6 ways.
    expect(lines.at(-1)).toBe('24 tilings, 8 up to symmetry');

    // Writing your own encodings: operators, a weighted sum, the solver object's assumptions and minimal core, a proved optimum.
    const own = spawnSync(process.execPath, [join(app, 'out', 'encodings.js')], { cwd: app, encoding: 'utf8', timeout: 120_000 });
    expect(own.stderr).toBe('');
    expect(own.stdout.trim().split('\n')).toEqual([
      // One family: the rules' 1 + 1 + 2 clauses and 3 for their one gate (concert ∨ cinema); the budget's diagram, 4 clauses and 3 nodes.
      'clauses: 11 clauses, 4 auxiliary',
      'UNSAT concert and museum',
      'SAT concert hike dinner',
      'OPTIMUM 12 concert hike dinner',
    ]);

    // Only the public entry points are reachable; deep imports stay blocked by the exports map.
    const deep = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('puzzlesat/dist/src/core/cnf.js')"], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(deep.stderr).toMatch(/ERR_PACKAGE_PATH_NOT_EXPORTED/);
    // The command line from the package: the 3x20 strip has 2 classes.
    const bin = join(app, 'node_modules', '.bin', 'puzzlesat');
    const strip = spawnSync(bin, ['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--json', '--show', '0'], {
      cwd: app,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(strip.stderr).toBe('');
    expect(JSON.parse(strip.stdout)).toMatchObject({ count: 2, raw: 8, complete: true });
    // The bench verb ships too: its suites are in src/bench, only the repository's own scripts stay out.
    expect(spawnSync(bin, ['bench', '--help'], { cwd: app, encoding: 'utf8' }).stdout).toMatch(/benchmark encodings x solvers x puzzles/);
    const sub = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const c = await import('puzzlesat/card'); const p = await import('puzzlesat'); console.log(c.AMO_ENCODINGS.length > 0, c.atMostOne === p.atMostOne)",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(sub.stdout.trim()).toBe('true true');
  }, 240_000);
});

const ENGINE_FILES = [
  'minisat-wasm/build/minisat.js',
  'minisat-wasm/build/minisat.wasm',
  'cadical-wasm/build/cadical.js',
  'cadical-wasm/build/cadical.wasm',
].map((f) => `solvers/${f}`);

const manifest = () =>
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
    dependencies: Record<string, string>;
    scripts: Record<string, string>;
  };

/** The packages under node_modules (scoped ones by their full name) and the bytes of every file there. */
function installedTree(modules: string): { packages: string[]; bytes: number } {
  const packages = readdirSync(modules)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]))
    .sort();
  const bytes = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? bytes(join(dir, e.name)) : e.isFile() ? statSync(join(dir, e.name)).size : 0),
      0,
    );
  return { packages, bytes: bytes(modules) };
}

let packed: { filename: string; files: { path: string }[] } | undefined;

/** npm pack of the tree as built, once; its scripts are not run (pretest has built dist already). */
function pack(): { filename: string; files: { path: string }[] } {
  packed ??= (
    JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], root)) as { filename: string; files: { path: string }[] }[]
  )[0]!;
  return packed;
}

const packedFiles = () => pack().files.map((f) => f.path);
const tarball = () => join(scratch, pack().filename);
