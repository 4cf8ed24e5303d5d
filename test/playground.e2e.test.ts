import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polyomino } from '../encoders/polyomino.js';
import { missing } from './helpers/requires.js';

/**
 * The playground in a real browser: Debian's Chromium driven by
 * playwright-core, on the production build served from 127.0.0.1. Skipped,
 * with the reason printed and in the suite's title, where either is missing.
 * The WebAssembly solvers are tested where they are built (npm run
 * build:minisat-wasm, build:cadical-wasm: CI builds both before npm test).
 *
 * UPDATE_SCREENSHOT=1 writes the screenshot to docs/playground.png;
 * PLAYGROUND_SHOTS=DIR saves a PNG of each page checked, to look at.
 */

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Through a variable, so that the bundler does not try to resolve a package that may be absent.
const PLAYWRIGHT = 'playwright-core';
type Playwright = typeof import('playwright-core');
const playwright = (await import(/* @vite-ignore */ PLAYWRIGHT).catch(() => null)) as Playwright | null;
const absent = !playwright ? 'playwright-core is not installed' : missing('chromium');

/** The formulas the page should show, built here by the library with the puzzles' default encodings. */
const FORMULAS = {
  '3x20': polyomino({ preset: '3x20' }, 'pentomino').cnf,
  '6x10': polyomino({ preset: '6x10' }, 'pentomino').cnf,
  drawn: polyomino({ board: '6x4', pieces: 'L4,O4,I4,S4,L3,I3,D2' }).cnf,
};
const variables = (cnf: { varCount: number }) => `${cnf.varCount.toLocaleString('en-US')} variables`;

/** The WebAssembly engines and whether their build is there for the bundle to pick up. */
const WASM_ENGINES = (['minisat-wasm', 'cadical-wasm'] as const).map((name) => {
  const base = join(ROOT, 'solvers', name, 'build', name.replace('-wasm', ''));
  return { name, built: existsSync(`${base}.js`) && existsSync(`${base}.wasm`) };
});

/** Every two cards share exactly one symbol: the deck checker's rule, checked here on what the page shows. */
function pairsShareExactlyOne(cards: readonly (readonly string[])[]): boolean {
  return cards.every((a, i) => cards.slice(i + 1).every((b) => a.filter((s) => b.includes(s)).length === 1));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * The sources as a fresh clone has them before `npm run build:*-wasm`: a
 * copy without the WebAssembly builds, sharing node_modules.
 */
function copyWithoutWasmBuilds(dir: string): void {
  const isWasmBuild = (path: string) => basename(path) === 'build' && basename(dirname(path)).endsWith('-wasm');
  for (const part of ['package.json', 'tsconfig.json', 'playground', 'src', 'encoders', 'solvers']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true, filter: (path) => !isWasmBuild(path) && basename(path) !== 'dist' });
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'));
}

/** A static file server for the built playground, on a free loopback port. */
function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(absent)('playground in Chromium', () => {
  let work: string;
  let server: Server;
  let url: string;
  /** The playground built without the WebAssembly solvers. */
  let bareServer: Server;
  let bareUrl: string;
  let context: Awaited<ReturnType<Playwright['chromium']['launchPersistentContext']>>;
  let page: Awaited<ReturnType<typeof context.newPage>>;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'puzzlesat-playground-'));
    const outDir = join(work, 'dist');
    const { build } = await import('vite');
    await build({ root: join(ROOT, 'playground'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await serve(outDir);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const bare = join(work, 'bare');
    copyWithoutWasmBuilds(bare);
    await build({ root: join(bare, 'playground'), logLevel: 'warn', build: { outDir: join(work, 'bare-dist'), emptyOutDir: true } });
    bareServer = await serve(join(work, 'bare-dist'));
    bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;
    context = await playwright!.chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1400, height: 1000 },
      acceptDownloads: true,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    server?.close();
    bareServer?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** A fresh page (and solver worker), once the default puzzle is built. */
  const open = async (base = url) => {
    await page.goto(base);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready');
  };
  const state = () => page.getAttribute('#status', 'data-state');
  const count = async () => Number(await page.textContent('#count'));
  const totalsStartWith = (text: string) => page.waitForFunction((t) => document.querySelector('#totals')?.textContent?.startsWith(t), text);
  const waitDone = (timeout: number) =>
    page.waitForFunction(() => document.querySelector<HTMLElement>('#status')?.dataset.state === 'done', undefined, { timeout });
  const shot = async (name: string) => {
    if (process.env.PLAYGROUND_SHOTS) writeFileSync(join(process.env.PLAYGROUND_SHOTS, `${name}.png`), await page.screenshot({ fullPage: true }));
  };
  const openDobble = async (base = url) => {
    await page.goto(`${base}dobble.html`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready');
  };
  /** Makes a deck of order n and waits for the answer; returns the cards as the page lists them. */
  const makeDeck = async (n: number, method: 'algebraic' | 'sat' | 'cyclic', engine?: string) => {
    await page.fill('#order', String(n));
    await page.selectOption('#method', method);
    if (engine) await page.selectOption('#engine', engine);
    await page.click('#make');
    await waitDone(120_000);
    return page.$$eval('#cards-gallery figure', (figures) => figures.map((f) => JSON.parse((f as HTMLElement).dataset.symbols!) as string[]));
  };
  /** The deck is a projective plane of order n, as drawn: n² + n + 1 cards of n + 1 symbols, one SVG each, the checker's verdict OK. */
  const expectPlane = async (cards: string[][], n: number) => {
    const size = n * n + n + 1;
    expect(cards).toHaveLength(size);
    for (const card of cards) expect(new Set(card).size).toBe(n + 1);
    expect(new Set(cards.flat()).size).toBe(size);
    expect(pairsShareExactlyOne(cards)).toBe(true);
    expect(await page.locator('#cards-gallery svg').count()).toBe(size);
    const drawn = await page.$$eval('#cards-gallery figure', (figures) =>
      figures.map((f) => [...f.querySelectorAll('svg text')].map((t) => t.textContent)),
    );
    expect(drawn).toEqual(cards);
    expect(await page.getAttribute('#check', 'data-valid')).toBe('true');
    expect(await page.textContent('#check')).toBe(`OK: ${size} cards, ${n + 1} symbols per card, ${size} symbols; every two cards share exactly one`);
  };
  const selectedEngine = () => page.$eval('#engine', (s) => (s as HTMLSelectElement).value);

  it('fits a 390 px phone screen: nothing wider than the viewport', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open();
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await width()).toBeLessThanOrEqual(390);
      // With a tiling drawn, and with the widest board the editor takes.
      await page.click('#solve');
      await waitDone(60_000);
      expect(await width()).toBeLessThanOrEqual(390);
      await shot('tilings-390');
      await page.selectOption('#puzzle', 'polyomino');
      await page.fill('#width', '20');
      await page.dispatchEvent('#width', 'change');
      expect(await page.locator('#editor .cell').count()).toBe(80);
      expect(await width()).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1400, height: 1000 });
    }
  }, 60_000);

  it('offers the solvers that are built, says which are not, and picks minisat-wasm first', async () => {
    await open();
    const offered = await page.$$eval('#engine option', (options) => options.map((o) => (o as HTMLOptionElement).value));
    const built = WASM_ENGINES.filter((e) => e.built).map((e) => e.name);
    expect(offered).toEqual([...built, 'logic-solver', 'dlx']);
    expect(await selectedEngine()).toBe(built[0] ?? 'logic-solver');
    const note = (await page.textContent('#engine-note')) ?? '';
    for (const { name, built } of WASM_ENGINES) expect(note.includes(`${name}: not built (run npm run build:${name}`)).toBe(!built);
    expect(await page.isVisible('#engine-note')).toBe(note !== '');
  }, 60_000);

  it('built without the WebAssembly solvers, says how to build them, and solves with logic-solver', async () => {
    const notBuilt = (name: string) => `${name}: not built (run npm run build:${name}, then build the playground again).`;
    await open(bareUrl);
    expect(await page.$$eval('#engine option', (options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['logic-solver', 'dlx']);
    expect(await page.textContent('#engine-note')).toBe(`${notBuilt('minisat-wasm')} ${notBuilt('cadical-wasm')}`);
    expect(await page.isVisible('#engine-note')).toBe(true);
    await page.click('#enumerate');
    await waitDone(120_000);
    expect(await page.textContent('#status')).toMatch(/^2 classes \(8 solutions\) in [\d.]+ s with logic-solver$/);
    await shot('tilings-without-wasm');
    await openDobble(bareUrl);
    expect(await page.textContent('#engine-note')).toBe(`${notBuilt('minisat-wasm')} ${notBuilt('cadical-wasm')}`);
    await expectPlane(await makeDeck(3, 'sat'), 3);
    expect(await page.textContent('#status')).toMatch(/ with logic-solver /);
  }, 120_000);

  it('solves 3x20 and draws the tiling, naming the solver', async () => {
    await open();
    const cnf = FORMULAS['3x20'];
    expect(await page.textContent('#totals')).toMatch(new RegExp(`^${variables(cnf)} .*, ${cnf.clauseCount.toLocaleString('en-US')} clauses$`));
    const solver = await selectedEngine();
    await page.click('#solve');
    await waitDone(60_000);
    expect(await page.textContent('#status')).toMatch(new RegExp(`^solved in \\d+\\.\\d\\d s with ${solver}$`));
    expect(await count()).toBe(1);
    expect(await page.locator('#gallery svg').count()).toBe(1);
    // All 60 cells are painted, in the 12 pieces' 12 colours.
    const fills = await page.$$eval('#gallery svg rect', (rects) => rects.map((r) => r.getAttribute('fill')));
    expect(fills).toHaveLength(60);
    expect(new Set(fills).size).toBe(12);
  }, 120_000);

  it("enumerates 3x20 with logic-solver's MiniSat: 2 symmetry classes (8 solutions)", async () => {
    await open();
    await page.selectOption('#engine', 'logic-solver');
    await page.click('#enumerate');
    await waitDone(170_000);
    expect(await count()).toBe(2);
    expect(await page.textContent('#status')).toMatch(/^2 classes \(8 solutions\) in [\d.]+ s with logic-solver$/);
    expect(await page.locator('#gallery svg').count()).toBe(2);
  }, 180_000);

  describe.each(WASM_ENGINES)('$name in the browser', ({ name, built }) => {
    it.skipIf(!built)(
      `solves 3x20 and enumerates its 2 classes (8 solutions) with ${name}`,
      async () => {
        await open();
        await page.selectOption('#engine', name);
        await page.click('#solve');
        await waitDone(60_000);
        expect(await page.textContent('#status')).toMatch(new RegExp(`^solved in [\\d.]+ s with ${name}$`));
        expect(await page.locator('#gallery svg rect').count()).toBe(60);
        await page.click('#enumerate');
        await waitDone(120_000);
        expect(await count()).toBe(2);
        expect(await page.textContent('#status')).toMatch(new RegExp(`^2 classes \\(8 solutions\\) in [\\d.]+ s with ${name}$`));
      },
      180_000,
    );

    // 370 classes and 1480 tilings: the CLI's count with dlx, minisat-wasm and cadical-wasm alike
    // (enumerate polyomino --board 6x4 --pieces L4,O4,I4,S4,L3,I3,D2 [--unique]).
    it.skipIf(!built)(
      `enumerates the drawn 6x4 board with ${name}: 370 classes, 1480 tilings`,
      async () => {
        await open();
        await page.selectOption('#puzzle', 'polyomino');
        await totalsStartWith(variables(FORMULAS.drawn));
        await page.selectOption('#engine', name);
        await page.click('#enumerate');
        await waitDone(120_000);
        expect(await count()).toBe(370);
        expect(await page.textContent('#status')).toMatch(new RegExp(`^370 classes \\(1,480 solutions\\) in [\\d.]+ s with ${name}$`));
        await page.uncheck('#unique');
        await page.click('#enumerate');
        await waitDone(120_000);
        expect(await count()).toBe(1480);
        expect(await page.locator('#gallery svg').count()).toBe(24);
      },
      240_000,
    );
  });

  // Polyform Puzzler, docs/hexiamonds.txt and docs/polyhexes.txt: the hexiamonds in the 4x9 parallelogram, 74 solutions;
  // the tetrahexes in the 4x7 parallelogram, 9 (classes under the board's symmetry, as the CLI counts them).
  it('draws and solves on triangles and hexagons: 74 hexiamond classes in 4x9, 9 tetrahex classes in 4x7', async () => {
    await open();
    await page.selectOption('#puzzle', 'polyform');
    expect(await page.locator('#grid-editor polygon').count()).toBe(72);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready');
    await page.selectOption('#engine', 'dlx');
    await page.click('#enumerate');
    await waitDone(170_000);
    expect(await page.textContent('#status')).toMatch(/^74 classes \(148 solutions\) in [\d.]+ s with dlx$/);
    // Each tiling drawn: 72 triangles in 12 pieces.
    expect(await page.locator('#gallery svg').first().locator('polygon').count()).toBe(72);
    expect(await page.locator('#gallery svg').first().locator('text').count()).toBe(12);
    await shot('polyiamonds');
    await page.selectOption('#grid', 'hexagon');
    await page.waitForFunction(() => document.querySelectorAll('#grid-editor polygon').length === 28);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready');
    const sat = (await page.$$eval('#engine option', (options) => options.map((o) => (o as HTMLOptionElement).value)))[0]!;
    await page.selectOption('#engine', sat);
    await page.click('#enumerate');
    await waitDone(170_000);
    expect(await page.textContent('#status')).toMatch(new RegExp(`^9 classes \\(18 solutions\\) in [\\d.]+ s with ${sat}$`));
    // Cutting a hexagon out leaves 27 cells for 28 cells of pieces: an area error, said on the page.
    await page.click('#grid-editor [data-cell="0,0,0"]');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#status')?.dataset.state === 'error');
    expect(await page.textContent('#status')).toBe('board and pieces: area mismatch: the board has 27 cells but the pieces cover 28');
    await shot('polyhexes');
  }, 360_000);

  it('downloads the DIMACS of the formula shown', async () => {
    await open();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toBe('pentomino-3x20.cnf');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith(`p cnf ${FORMULAS['3x20'].varCount} ${FORMULAS['3x20'].clauseCount}\n`)).toBe(true);
    expect(text).toContain('c family cover 60 clauses 0 aux');
  }, 60_000);

  it('solves a drawn board, and says why a board with a hole cannot be tiled', async () => {
    await open();
    await page.selectOption('#puzzle', 'polyomino');
    await totalsStartWith(variables(FORMULAS.drawn));
    await page.click('#solve');
    await waitDone(60_000);
    expect(await page.locator('#gallery svg rect').count()).toBe(24);
    await page.click('#editor [data-cell="0,0"]');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#status')?.dataset.state === 'error');
    expect(await page.textContent('#status')).toBe('board and pieces: area mismatch: the board has 23 cells but the pieces cover 24');
  }, 120_000);

  it('stops an enumeration of 6x10: the count stops growing', async () => {
    await open();
    await page.selectOption('#preset', '6x10');
    await totalsStartWith(variables(FORMULAS['6x10']));
    await page.selectOption('#engine', 'dlx');
    await page.click('#enumerate');
    await page.waitForFunction(() => Number(document.querySelector<HTMLOutputElement>('#count')?.value) >= 50, undefined, { timeout: 120_000 });
    expect(await state()).toBe('running');
    await page
      .locator('#families details')
      .first()
      .evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const png = await page.screenshot();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.UPDATE_SCREENSHOT) writeFileSync(join(ROOT, 'docs', 'playground.png'), png);
    await page.click('#stop');
    expect(await state()).toBe('stopped');
    const atStop = await count();
    await page.waitForTimeout(2000);
    expect(await count()).toBe(atStop);
    expect(atStop).toBeLessThan(2339);
    expect(await page.textContent('#status')).toBe(`stopped after ${atStop.toLocaleString('en-US')} classes`);
    // A fresh worker is ready for the next run.
    await page.selectOption('#preset', '3x20');
    await totalsStartWith(variables(FORMULAS['3x20']));
    await page.click('#solve');
    await waitDone(60_000);
    expect(await count()).toBe(1);
  }, 180_000);

  it('Dobble: the finite field gives the plane of order 3, drawn and checked', async () => {
    await openDobble();
    const cards = await makeDeck(3, 'algebraic');
    await expectPlane(cards, 3);
    expect(await page.textContent('#status')).toMatch(/^13 cards made by the finite field in [\d.]+ s$/);
    await shot('dobble-order-3');
  }, 60_000);

  it('Dobble: names the symbols from the list given', async () => {
    await openDobble();
    await page.fill('#names', ['apple', 'bee', 'cat', 'dog', 'egg', 'fox', 'gull'].join('\n'));
    const cards = await makeDeck(2, 'algebraic');
    await expectPlane(cards, 2);
    expect(new Set(cards.flat())).toEqual(new Set(['apple', 'bee', 'cat', 'dog', 'egg', 'fox', 'gull']));
    // The list is read as the CLI reads a --symbols file (regression: a comment was a symbol, a repeated name a deck "not valid").
    await page.fill('#names', ['# farm and garden', 'apple', 'bee  # buzzes', 'cat', 'dog', 'egg', 'fox', 'gull'].join('\n'));
    expect(new Set((await makeDeck(2, 'algebraic')).flat())).toEqual(new Set(['apple', 'bee', 'cat', 'dog', 'egg', 'fox', 'gull']));
    await page.fill('#names', ['apple', 'bee', 'cat', 'apple', 'egg', 'fox', 'gull'].join('\n'));
    await page.click('#make');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#status')?.dataset.state === 'error');
    expect(await page.textContent('#status')).toBe('the symbol list:4: symbol "apple" already named on line 1');
  }, 60_000);

  describe.each(WASM_ENGINES)('Dobble by SAT with $name', ({ name, built }) => {
    it.skipIf(!built)(
      `finds a plane of order 5 with ${name}`,
      async () => {
        await openDobble();
        const cards = await makeDeck(5, 'sat', name);
        await expectPlane(cards, 5);
        expect(await page.textContent('#status')).toMatch(
          new RegExp(`^31 cards made by SAT in [\\d.]+ s with ${name} \\([\\d,]+ variables, [\\d,]+ clauses\\)$`),
        );
      },
      150_000,
    );
  });

  it.skipIf(!WASM_ENGINES[0]!.built)(
    'Dobble: order 6 has no plane; SAT proves it, the finite field says why it cannot',
    async () => {
      await openDobble();
      expect(await makeDeck(6, 'sat', 'minisat-wasm')).toEqual([]);
      expect(await page.textContent('#status')).toMatch(/^no deck of 43 cards of 7 symbols exists: proved by minisat-wasm in [\d.]+ s/);
      await page.selectOption('#method', 'algebraic');
      await page.click('#make');
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#status')?.dataset.state === 'error');
      expect(await page.textContent('#status')).toBe('the algebraic method needs a prime-power order, not 6');
    },
    150_000,
  );

  it.skipIf(!WASM_ENGINES[0]!.built)(
    'Dobble: SAT cyclic makes the 91-card deck of order 9; its UNSAT for order 6 speaks of cyclic decks only',
    async () => {
      await openDobble();
      await expectPlane(await makeDeck(9, 'cyclic', 'minisat-wasm'), 9);
      expect(await page.textContent('#status')).toMatch(/^91 cards made by SAT in [\d.]+ s with minisat-wasm \([\d,]+ variables, [\d,]+ clauses\)$/);
      expect(await makeDeck(6, 'cyclic', 'minisat-wasm')).toEqual([]);
      expect(await page.textContent('#status')).toMatch(/^no cyclic deck of 43 cards of 7 symbols exists: proved by minisat-wasm in [\d.]+ s/);
    },
    150_000,
  );

  it('Dobble: Stop ends a long SAT search, and the next deck comes from a fresh worker', async () => {
    await openDobble();
    await page.fill('#order', '7');
    await page.selectOption('#method', 'sat');
    await page.selectOption('#engine', 'logic-solver');
    await page.click('#make');
    expect(await state()).toBe('running');
    await page.waitForTimeout(500);
    await page.click('#stop');
    expect(await state()).toBe('stopped');
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('#make')?.disabled);
    await expectPlane(await makeDeck(3, 'algebraic'), 3);
  }, 60_000);

  it('Dobble: a deck of order 5 fits a 390 px phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openDobble();
      await expectPlane(await makeDeck(5, 'algebraic'), 5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const rightEdges = await page.$$eval('#cards-gallery svg', (svgs) => svgs.map((s) => s.getBoundingClientRect().right));
      expect(Math.max(...rightEdges)).toBeLessThanOrEqual(390);
      await shot('dobble-order-5-390');
    } finally {
      await page.setViewportSize({ width: 1400, height: 1000 });
    }
  }, 60_000);

  it('loads both pages from the dev server (npm run playground), which runs every module the facade reaches, unshaken (regression: Node-only work on import stopped both)', async () => {
    const { createServer } = await import('vite');
    const dev = await createServer({ root: join(ROOT, 'playground'), logLevel: 'warn', server: { host: '127.0.0.1', port: 0 } });
    try {
      await dev.listen();
      const base = dev.resolvedUrls!.local[0]!;
      await open(base);
      await openDobble(base);
    } finally {
      await dev.close();
    }
  }, 60_000);

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
