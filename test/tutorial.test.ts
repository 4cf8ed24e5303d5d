import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';

/**
 * docs/tutorial.md, run: every `$ command` of its console blocks in order (later
 * ones read the files earlier ones write), its output compared with what the
 * page prints. Runs whose result depends on the machine (the tiling a SAT solver
 * happens to find) are compared on their last line, the summary; times and the
 * default solver's name are masked everywhere. A code block whose info string
 * names a file (```ts kakuro.ts) is the reader's program: it is written to that
 * file first, in a directory where `import … from 'puzzlesat'` finds this package.
 */
const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'src', 'cli', 'main.js');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/** The programs the page asks the reader to save: file name and text. */
function programs(markdown: string): { file: string; text: string }[] {
  return [...markdown.matchAll(/^```\w+ ([\w.-]+)\n([\s\S]*?)^```$/gm)].map((m) => ({ file: m[1]!, text: m[2]! }));
}

interface Step {
  command: string;
  expected: string[];
  line: number;
}

function steps(markdown: string): Step[] {
  const out: Step[] = [];
  let inConsole = false;
  markdown.split('\n').forEach((text, i) => {
    if (text.startsWith('```')) {
      inConsole = !inConsole && text.trim() === '```console';
      return;
    }
    if (!inConsole) return;
    if (text.startsWith('$ ')) out.push({ command: text.slice(2), expected: [], line: i + 1 });
    else out.at(-1)?.expected.push(text);
  });
  return out;
}

const mask = (line: string) =>
  line
    .replace(/\b\d+(\.\d+)? s\b/g, 'T s')
    .replace(/\b(minisat-wasm|cadical-wasm|logic-solver)\b/g, 'SOLVER')
    .replace(/\b\d+ worker threads?|this thread/g, 'WORKERS')
    .trimEnd();

/**
 * The formula's size in a summary depends on the default solver when no
 * --solver is named (enumeration on minisat-wasm takes the pairwise
 * encoding, logic-solver's the puzzle's own): the counts are compared, the
 * size only where the solver is pinned.
 */
const sizesMasked = (line: string, command: string) =>
  /--solver /.test(command) ? line : line.replace(/\[\d+ vars?, \d+ clauses?\]/, '[V vars, C clauses]');

/** Output that is the same on every machine: no SAT-solver choice shows in it. */
const deterministic = (command: string) =>
  !/puzzlesat (solve|enumerate|sweep|dobble)\b/.test(command) || /--solver dlx|puzzlesat dobble --symbols-per-card \d+$/.test(command);

const dir = tempDir('puzzlesat-tutorial-');

describe('docs/tutorial.md', () => {
  const page = readFileSync(join(root, 'docs', 'tutorial.md'), 'utf8');
  const all = steps(page);
  // The reader's programs run as ES modules that import this package, as they would in a checkout.
  for (const { file, text } of programs(page)) writeFileSync(join(dir, file), text);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'puzzlesat'), 'dir');

  it('saves the programs it runs', () => expect(programs(page).map((p) => p.file)).toContain('kakuro.ts'));

  it('has commands to run', () => expect(all.length).toBeGreaterThan(30));

  it('builds the package before its commands and programs need it: npm install runs no script of ours (it said "npm install (it also compiles)")', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(['preinstall', 'install', 'postinstall', 'prepare'].filter((s) => s in scripts)).toEqual([]);
    const installing = page.split(/\n\s*\n/).filter((paragraph) => paragraph.includes('`npm install'));
    expect(installing.length).toBeGreaterThan(0);
    for (const paragraph of installing) {
      expect(paragraph).toMatch(/`npm install && npm run build`/);
      expect(paragraph).not.toMatch(/npm install`[^.]*(compiles|builds)/);
    }
    expect(scripts.build).toMatch(/^tsc /);
  });

  for (const step of all) {
    it(`line ${step.line}: ${step.command}`, { timeout: 300_000 }, () => {
      const shell = step.command
        .replace(/\bnpx puzzlesat\b/g, `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)}`)
        .replace(/\bnpx tsx\b/g, JSON.stringify(tsx));
      const actual = execFileSync('sh', ['-c', `${shell} 2>&1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
        .split('\n')
        .map(mask);
      while (actual.at(-1) === '') actual.pop();
      const expected = step.expected.map(mask);
      if (deterministic(step.command)) expect(actual).toEqual(expected);
      else expect(sizesMasked(actual.at(-1)!, step.command)).toBe(sizesMasked(expected.at(-1)!, step.command));
    });
  }
});

describe('README', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('its quick start is what CI runs, exactly (.ci/run adds only the noninteractive environment)', () => {
    const block = readme.slice(readme.indexOf('## Quick start'));
    const open = block.indexOf('```\n') + 4;
    const quickStart = block.slice(open, block.indexOf('\n```', open)).split('\n');
    const commands = quickStart.map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);
    expect(commands).toEqual(['npm install && npm run setup && npm start', 'npm test']);
    const ci = readFileSync(join(root, '.ci', 'run'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#') && !/^(set |cd |export DEBIAN_FRONTEND=noninteractive$)/.test(l));
    expect(ci).toEqual(commands);
  });

  it('ships every file its examples read, in examples/', () => {
    const files = [...new Set([...readme.matchAll(/\bexamples\/[\w.-]+/g)].map((m) => m[0]))];
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect(() => readFileSync(join(root, f)), f).not.toThrow();
  });

  it('its worked example prints what the page shows (times masked)', { timeout: 300_000 }, () => {
    const block = readme.slice(readme.indexOf('## A worked example'));
    const example = block.slice(block.indexOf('```\n') + 4, block.indexOf('\n```', block.indexOf('```\n') + 4));
    const commands = example.split('\n').filter((l) => l.startsWith('$ '));
    expect(commands).toHaveLength(3);
    for (const c of commands) {
      const shell = c.slice(2).replace(/\bnpx puzzlesat\b/g, `${JSON.stringify(process.execPath)} ${JSON.stringify(cli)}`);
      const actual = execFileSync('sh', ['-c', shell], { encoding: 'utf8' }).trimEnd().split('\n');
      const shown = example.slice(example.indexOf(c) + c.length + 1).split('\n');
      const expected = shown.slice(
        0,
        shown.findIndex((l) => l.startsWith('$ ') || l === '') === -1 ? undefined : shown.findIndex((l) => l.startsWith('$ ') || l === ''),
      );
      // The summary line is the same on every machine; so is the tiling, for a pinned deterministic solver.
      expect(sizesMasked(mask(actual.at(-1)!), c)).toBe(sizesMasked(mask(expected.at(-1)!), c));
      if (/--solver (dlx|logic-solver)/.test(c)) expect(actual.map(mask)).toEqual(expected.map(mask));
    }
  });
});
