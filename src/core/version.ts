import { readFileSync } from 'node:fs';

/**
 * This package's version, read once from the package.json above this file
 * (in sources and in dist alike), on first use: a browser bundle (the
 * playground's dev server) imports the modules that call this and has no
 * files to read. One lookup for every use: the resume files' headers (the
 * CLI) and the queue's job fingerprints, which workers compare.
 */
let toolVersionRead: string | undefined;
export function toolVersion(): string {
  return (toolVersionRead ??= readToolVersion());
}

function readToolVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'puzzlesat' && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level: look further up
    }
    if (dir.pathname === '/') throw new Error('puzzlesat: cannot find its own package.json');
  }
}
