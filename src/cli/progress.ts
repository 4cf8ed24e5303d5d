import cliProgress from 'cli-progress';

/**
 * Progress on stderr, for a person watching a terminal: a bar with done/total,
 * percentage, rate and ETA when the amount of work is known,
 * a spinner with the count and the elapsed time when it is not. Redrawn a few
 * times a second even when nothing moves, so a long solve still shows a
 * heartbeat. Nothing at all when stderr is not a terminal (pipes, logs, CI)
 * or with --quiet, so that no output a program reads ever changes.
 *
 * Drawn by cli-progress: it keeps one line in place with the terminal's own
 * cursor controls, throttles redraws, stays silent off a TTY by itself, and
 * takes a formatter function, so every verb shows the same fields the same
 * way. (ora and listr2 draw spinners and task lists but no bar with an ETA.)
 */
export interface ProgressSpec {
  /** What is counted: cubes, rolls, cells, solutions ... */
  unit: string;
  /** The amount of work; undefined for a spinner. */
  total?: number;
  /** Who does the work (the solver), shown first. */
  who?: string;
  /** The work is a share of a whole, done and total 0..1 (a count's tree): shown as a percentage and an ETA, no count or rate. */
  share?: boolean;
}

export interface Progress {
  /** How much is done, and extra fields to show (e.g. { classes: 120 }). */
  update(done: number, extra?: Record<string, string | number>): void;
  /** The total, once it is known. */
  setTotal(total: number): void;
  /** Counts something else from now on (a spinner over solutions becomes a bar over subtrees). */
  restart(spec: ProgressSpec): void;
  /** Runs `write` (output on stdout) with the bar line cleared, so the two never mix. */
  above(write: () => void): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, setTotal() {}, restart() {}, above: (write) => write(), stop() {} };

const SPINNER = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
const BAR_WIDTH = 24;

/** Whether progress may be drawn: stderr is a terminal and the user did not ask for quiet. */
export const progressWanted = (args: Readonly<Record<string, unknown>>): boolean => Boolean(process.stderr.isTTY) && args.quiet !== true;

/** Starts a bar or a spinner on stderr; a silent stand-in when progress is not wanted. */
export function startProgress(args: Readonly<Record<string, unknown>>, spec: ProgressSpec): Progress {
  if (!progressWanted(args)) return SILENT;
  let { unit, who, total, share } = spec;
  let done = 0;
  let extra: Record<string, string | number> = {};
  let start = Date.now();
  const format = () => progressText({ unit, who, done, total, share, extra, elapsed: (Date.now() - start) / 1000 });
  const bar = new cliProgress.SingleBar({
    stream: process.stderr,
    format,
    fps: 5,
    gracefulExit: false,
    hideCursor: false,
    clearOnComplete: true,
    linewrap: false,
  });
  bar.start(Math.max(1, total ?? 1), 0);
  return {
    update(value, more) {
      done = value;
      if (more) extra = more;
      bar.update(Math.min(value, total ?? value));
    },
    setTotal(value) {
      total = value;
      bar.setTotal(Math.max(1, value));
    },
    restart(next) {
      ({ unit, who, total, share } = next);
      done = 0;
      start = Date.now();
      bar.setTotal(Math.max(1, total ?? 1));
      bar.update(0);
    },
    above(write) {
      process.stderr.write('\r\x1b[K');
      write();
    },
    stop() {
      bar.stop();
    },
  };
}

export interface ProgressState {
  unit: string;
  who?: string;
  done: number;
  total?: number;
  share?: boolean;
  extra: Record<string, string | number>;
  /** Seconds since the start. */
  elapsed: number;
}

/**
 * The progress line. With a total: `minisat-wasm [#####.....] 41.2% 781/1896 subtrees | 1203 cubes | 1203 classes | 35.1 subtrees/s | ETA 0:32 | 0:22`;
 * without: `⠹ minisat-wasm 1203 cubes | 120 classes | 35.1 cubes/s | 0:34`.
 */
export function progressText(s: ProgressState): string {
  const rate = s.done / Math.max(s.elapsed, 1e-3);
  const fields = [
    ...Object.entries(s.extra)
      .filter(([k]) => k !== s.unit)
      .map(([k, v]) => `${v} ${k}`),
    `${rate < 10 ? rate.toFixed(1) : Math.round(rate)} ${s.unit}/s`,
  ];
  const who = s.who ? `${s.who} ` : '';
  if (s.total === undefined) {
    const frame = SPINNER[Math.floor(s.elapsed * 5) % SPINNER.length];
    return `${frame} ${who}${s.done} ${s.unit} | ${[...fields, clock(s.elapsed)].join(' | ')}`;
  }
  // A total that falls short (work found along the way) is at least what is done.
  const total = Math.max(s.total, s.done);
  const fraction = total > 0 ? s.done / total : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  const eta = rate > 0 ? (total - s.done) / rate : Infinity;
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
  // A share's ETA extrapolates the time so far: the estimate of how much is done is what can be wrong.
  if (s.share)
    return `${who}${bar} ${(100 * fraction).toFixed(1)}% ${s.unit} | ${[...fields.slice(0, -1), `ETA ${clock(eta)}`, clock(s.elapsed)].join(' | ')}`;
  return `${who}${bar} ${(100 * fraction).toFixed(1)}% ${s.done}/${total} ${s.unit} | ${[...fields, `ETA ${clock(eta)}`, clock(s.elapsed)].join(' | ')}`;
}

/** Seconds as m:ss or h:mm:ss; '?' when unknown. */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const t = Math.round(seconds);
  const [h, m, s] = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60];
  return (h ? `${h}:${String(m).padStart(2, '0')}` : String(m)) + `:${String(s).padStart(2, '0')}`;
}
