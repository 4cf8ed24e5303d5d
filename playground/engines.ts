import minisatSource from 'logic-solver/minisat.js?raw';
import {
  type Capabilities,
  EXACT_COVER_CAPABILITIES,
  type Solver,
  type WasmModuleFactory,
  cadicalWasm,
  createMinisatAsm,
  dancingLinks,
  loadCadicalWasmFrom,
  loadMinisatWasmFrom,
  minisatWasm,
  solverCapabilities,
} from '../src/index.js';
import type { EngineInfo, SatEngine } from './protocol.js';

/**
 * The SAT solvers of the worker. logic-solver's asm.js MiniSat is bundled as
 * text and always there. The WebAssembly builds (npm run build:minisat-wasm,
 * build:cadical-wasm) are picked up by a glob at bundle time, so a missing
 * build leaves its engine out with a reason instead of breaking the bundle.
 */

// Each glob finds the one file of a build, or none when the build has not been run.
const scripts = import.meta.glob<string>('../solvers/{minisat,cadical}-wasm/build/*.js', { query: '?raw', import: 'default' });
const binaries = import.meta.glob<string>('../solvers/{minisat,cadical}-wasm/build/*.wasm', { query: '?url', import: 'default' });
const versions = import.meta.glob<string>('../solvers/{minisat,cadical}-wasm/build/version.txt', { query: '?raw', import: 'default' });

interface WasmEngine {
  name: SatEngine;
  label: string;
  /** The file names in solvers/<name>/build/ (without .js and .wasm). */
  base: string;
  loadFrom(createModule: WasmModuleFactory, wasmBinary: Uint8Array): Promise<boolean>;
  create(): Solver;
}

const WASM_ENGINES: WasmEngine[] = [
  { name: 'minisat-wasm', label: 'MiniSat 2.2 in WebAssembly', base: 'minisat', loadFrom: loadMinisatWasmFrom, create: () => minisatWasm.create() },
  { name: 'cadical-wasm', label: 'CaDiCaL in WebAssembly', base: 'cadical', loadFrom: loadCadicalWasmFrom, create: () => cadicalWasm.create() },
];

const LOGIC_SOLVER = { name: 'logic-solver', label: 'MiniSat in asm.js' } as const;

/**
 * Evaluates an emscripten MODULARIZE build given as text. Its CommonJS tail
 * assigns the factory to module.exports when both `module` and `exports` are
 * objects, so handing it a fresh pair returns the factory without a global.
 */
function factoryFromSource(source: string): WasmModuleFactory {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', source)(module, module.exports);
  if (typeof module.exports !== 'function') throw new Error('the build does not export an emscripten module factory');
  return module.exports as WasmModuleFactory;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Loads one WebAssembly engine: what the page may say about it. */
async function loadWasmEngine(engine: WasmEngine): Promise<EngineInfo> {
  const file = (ext: string) => `../solvers/${engine.name}/build/${engine.base}.${ext}`;
  const script = scripts[file('js')];
  const binary = binaries[file('wasm')];
  const info = { name: engine.name, label: engine.label, exactCover: false };
  if (!script || !binary) return { ...info, ok: false, reason: `not built (run npm run build:${engine.name}, then build the playground again)` };
  try {
    const [source, bytes, version] = await Promise.all([
      script(),
      binary().then(fetchBytes),
      versions[`../solvers/${engine.name}/build/version.txt`]?.(),
    ]);
    await engine.loadFrom(factoryFromSource(source), bytes);
    return { ...info, ok: true, version: version?.trim() };
  } catch (e) {
    return { ...info, ok: false, reason: `failed to load (${e instanceof Error ? e.message : String(e)})` };
  }
}

let loaded: Promise<EngineInfo[]> | undefined;

/** Dancing links, as the library registers it (solvers/dlx): it needs nothing loaded. */
const EXACT_COVER = { name: dancingLinks.name, label: dancingLinks.description, exactCover: true, ok: true } as const;

/** Every engine with whether it loaded: the SAT engines, logic-solver last of them (it always loads), then dancing links. */
export function loadEngines(): Promise<EngineInfo[]> {
  loaded ??= Promise.all(WASM_ENGINES.map(loadWasmEngine)).then((wasm) => [...wasm, { ...LOGIC_SOLVER, exactCover: false, ok: true }, EXACT_COVER]);
  return loaded;
}

/** What an engine can do: a throwaway solver is asked (an exact-cover engine has none). */
export function capabilitiesOf(name: string): Capabilities {
  if (name === EXACT_COVER.name) return EXACT_COVER_CAPABILITIES;
  const probe = createSolver(name as SatEngine);
  try {
    return solverCapabilities(probe, false);
  } finally {
    probe.dispose();
  }
}

/** A fresh solver of a loaded engine; loadEngines() must have resolved. */
export function createSolver(name: SatEngine): Solver {
  if (name === LOGIC_SOLVER.name) return createMinisatAsm(minisatSource);
  const engine = WASM_ENGINES.find((e) => e.name === name);
  if (!engine) throw new Error(`unknown engine ${name}`);
  return engine.create();
}
