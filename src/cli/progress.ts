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
  /**
   * The work each unit holds, in the order units are done (CubeTree.unitSizes):
   * the percentage and the ETA then count work, not units.
   */
  weights?: Float64Array;
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

/** Runs `work` with a bar or a spinner (startProgress), its line cleared however the work ends, so that what follows is written on a clean line. */
export async function withProgress<T>(
  args: Readonly<Record<string, unknown>>,
  spec: ProgressSpec,
  work: (progress: Progress) => Promise<T>,
): Promise<T> {
  const progress = startProgress(args, spec);
  try {
    return await work(progress);
  } finally {
    progress.stop();
  }
}

/** Starts a bar or a spinner on stderr; a silent stand-in when progress is not wanted. */
export function startProgress(args: Readonly<Record<string, unknown>>, spec: ProgressSpec): Progress {
  if (!progressWanted(args)) return SILENT;
  let { unit, who, total, share } = spec;
  let done = 0;
  let extra: Record<string, string | number> = {};
  let start = Date.now();
  let eta = new EtaEstimator(spec.weights);
  const format = () => {
    const elapsed = (Date.now() - start) / 1000;
    const fraction = total === undefined ? undefined : eta.fraction(done, total);
    return progressText({
      unit,
      who,
      done,
      total,
      share,
      extra,
      elapsed,
      fraction,
      eta: fraction === undefined ? undefined : eta.observe(elapsed, fraction),
    });
  };
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
      eta = new EtaEstimator(next.weights);
      bar.setTotal(Math.max(1, total ?? 1));
      bar.update(0);
    },
    above(write) {
      process.stderr.write('\r\x1b[K');
      write();
    },
    stop() {
      bar.stop();
      // Nothing of the bar or spinner stays on the line the next output starts on.
      process.stderr.write('\r\x1b[K');
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
  /** The share of the work done (weighted, see ProgressSpec.weights); done/total when absent. */
  fraction?: number;
  /** Seconds left, once the estimate is stable (EtaEstimator); shown as "ETA …" before. */
  eta?: number;
}

/**
 * The progress line. With a total: `minisat-wasm [#####.....] 41.2% 781/1896 subtrees | 1203 cubes | 1203 classes | 35.1 subtrees/s | ETA 0:32 | 0:22`
 * (the percentage is the share of the work, "ETA …" until the estimate is stable);
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
  const fraction = Math.min(1, s.fraction ?? (total > 0 ? s.done / total : 1));
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
  const eta = s.eta === undefined ? 'ETA …' : `ETA ${clock(s.eta)}`;
  // A share has no units to show or to rate: the percentage is the whole of it.
  if (s.share) return `${who}${bar} ${(100 * fraction).toFixed(1)}% ${s.unit} | ${[...fields.slice(0, -1), eta, clock(s.elapsed)].join(' | ')}`;
  return `${who}${bar} ${(100 * fraction).toFixed(1)}% ${s.done}/${total} ${s.unit} | ${[...fields, eta, clock(s.elapsed)].join(' | ')}`;
}

/** Before this share of the work is done, or this many seconds, no ETA is shown: too little has been measured. */
const ETA_MIN_FRACTION = 0.02;
const ETA_MIN_SECONDS = 3;
/** The ETA is shown once the finish times predicted over this many seconds agree within ETA_AGREEMENT. */
const ETA_WINDOW_SECONDS = 3;
const ETA_AGREEMENT = 0.25;

/**
 * The time left, from what the run has measured: the rest of the work at the
 * rate of the second half of the time so far (which leaves out the start-up,
 * the worker threads loading, and follows a machine whose load changes).
 * With unit weights (CubeTree.unitSizes, Knuth's estimates of each subtree)
 * the work done is the weight of the units passed; without, the units
 * themselves. It is shown only once stable: past a minimum of work and
 * time, and when the finish times it predicted over the last few seconds agree.
 */
export class EtaEstimator {
  /** cumulative[i]: the weight of units 0..i-1. */
  private readonly cumulative: Float64Array | undefined;
  /** (elapsed, fraction) as observed, for the rate over the second half. */
  private readonly samples: { at: number; fraction: number }[] = [];
  private readonly predictions: { at: number; finish: number }[] = [];
  private stable = false;

  constructor(weights?: Float64Array) {
    if (weights && weights.length > 0) {
      this.cumulative = new Float64Array(weights.length + 1);
      weights.forEach((w, i) => (this.cumulative![i + 1] = this.cumulative![i]! + w));
    }
  }

  /** The share of the work in the first `done` of `total` units. */
  fraction(done: number, total: number): number {
    const c = this.cumulative;
    if (c && c.length === total + 1) return c[Math.min(done, total)]! / c[total]!;
    return total > 0 ? Math.min(1, done / total) : 1;
  }

  /** Seconds left after `elapsed` seconds with `fraction` of the work done; undefined until stable. */
  observe(elapsed: number, fraction: number): number | undefined {
    this.samples.push({ at: elapsed, fraction });
    let half = this.samples[0]!;
    for (const s of this.samples) if (s.at <= elapsed / 2) half = s;
    const rate = (fraction - half.fraction) / (elapsed - half.at);
    if (!(rate > 0)) return undefined;
    const left = (1 - Math.min(1, fraction)) / rate;
    if (!this.stable) {
      this.predictions.push({ at: elapsed, finish: elapsed + left });
      while (this.predictions.length > 1 && this.predictions[0]!.at < elapsed - ETA_WINDOW_SECONDS) this.predictions.shift();
      const finishes = this.predictions.map((p) => p.finish);
      const spread = (Math.max(...finishes) - Math.min(...finishes)) / (elapsed + left);
      const measured = fraction >= ETA_MIN_FRACTION && elapsed >= ETA_MIN_SECONDS && this.predictions[0]!.at <= elapsed - ETA_WINDOW_SECONDS / 2;
      this.stable = measured && spread <= ETA_AGREEMENT;
      if (!this.stable) return undefined;
    }
    return left;
  }
}
/** Seconds as m:ss or h:mm:ss; '?' when unknown. */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const t = Math.round(seconds);
  const [h, m, s] = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60];
  return (h ? `${h}:${String(m).padStart(2, '0')}` : String(m)) + `:${String(s).padStart(2, '0')}`;
}
