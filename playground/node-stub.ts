/**
 * Stands in for the Node built-ins (node:fs, node:fs/promises, node:module,
 * node:crypto, node:path, node:url, node:child_process, node:zlib, node:os,
 * node:worker_threads, node:v8, node:net, node:tty) in the browser bundle: the library
 * facade (src/index.ts) the playground imports reaches them all. The library
 * reads files, starts threads and probes the system only on paths the
 * playground never takes (board files, DIMACS files, logic-solver's
 * file loader, the WebAssembly builds' directory: the playground bundles
 * those itself); if one is taken after all, it fails with a message saying so.
 */
// A function, not an arrow: `new Worker(...)` must throw this message too, not "is not a constructor".
const unavailable = (name: string) =>
  function () {
    throw new Error(`${name} is not available in the browser playground`);
  };

export const readFileSync = unavailable('readFileSync');
export const writeFileSync = unavailable('writeFileSync');
export const appendFileSync = unavailable('appendFileSync');
// No file exists in the browser: a board option's art is told from a file's path by looking for the file (inlineUnlessFile), and is art here.
export const existsSync = () => false;
export const openSync = unavailable('openSync');
export const writeSync = unavailable('writeSync');
export const closeSync = unavailable('closeSync');
export const truncateSync = unavailable('truncateSync');
export const createRequire = unavailable('createRequire');
export const randomInt = unavailable('randomInt');
export const dirname = unavailable('dirname');
export const join = unavailable('join');
export const fileURLToPath = unavailable('fileURLToPath');
export const spawnSync = unavailable('spawnSync');
export const spawn = unavailable('spawn');
// The access modes of node:fs (W_OK ...), read by the CLI's output checks only.
export const constants = {};
export const gunzipSync = unavailable('gunzipSync');
export const gzipSync = unavailable('gzipSync');
export const renameSync = unavailable('renameSync');
export const rmSync = unavailable('rmSync');
export const statSync = unavailable('statSync');
export const fstatSync = unavailable('fstatSync');
export const readSync = unavailable('readSync');
export const unlinkSync = unavailable('unlinkSync');
export const mkdirSync = unavailable('mkdirSync');
export const accessSync = unavailable('accessSync');
export const lstatSync = unavailable('lstatSync');
export const readdirSync = unavailable('readdirSync');
export const readlinkSync = unavailable('readlinkSync');
export const realpathSync = unavailable('realpathSync');
export const createHash = unavailable('createHash');
export const basename = unavailable('basename');
export const resolve = unavailable('resolve');
export const delimiter = unavailable('delimiter');
export const readFile = unavailable('readFile');
export const mkdtempSync = unavailable('mkdtempSync');
export const open = unavailable('open');
export const rm = unavailable('rm');
export const availableParallelism = unavailable('availableParallelism');
export const arch = unavailable('arch');
export const cpus = unavailable('cpus');
export const loadavg = unavailable('loadavg');
export const release = unavailable('release');
export const totalmem = unavailable('totalmem');
export const type = unavailable('type');
export const tmpdir = unavailable('tmpdir');
export const getHeapStatistics = unavailable('getHeapStatistics');
export const isIP = unavailable('isIP');
// node:net's and node:tty's, for the CLI's read of an input that can wait (a FIFO, a pipe: readAhead).
export const Socket = unavailable('Socket');
export const isatty = unavailable('isatty');
export const Worker = unavailable('Worker');
export const getEnvironmentData = unavailable('getEnvironmentData');
export const setEnvironmentData = unavailable('setEnvironmentData');
// node:worker_threads as its main thread sees it: the page and its worker start no threads of Node's kind.
export const isMainThread = true;
export const parentPort = null;
export const workerData = null;
export default {};
