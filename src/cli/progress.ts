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
  /** Seconds left, while the estimate can be trusted (EtaEstimator); shown as "ETA estimating…" otherwise. */
  eta?: number;
}

/**
 * The progress line. With a total: `minisat-wasm [#####.....] 41.2% 781/1896 subtrees | 1203 cubes | 1203 classes | 35.1 subtrees/s | ETA 0:32 | 0:22`
 * (the percentage is the share of the work, "ETA estimating…" while the estimate cannot be trusted);
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
  const eta = s.eta === undefined ? 'ETA estimating…' : `ETA ${clock(s.eta)}`;
  // A share has no units to show or to rate: the percentage is the whole of it.
  if (s.share) return `${who}${bar} ${(100 * fraction).toFixed(1)}% ${s.unit} | ${[...fields.slice(0, -1), eta, clock(s.elapsed)].join(' | ')}`;
  return `${who}${bar} ${(100 * fraction).toFixed(1)}% ${s.done}/${total} ${s.unit} | ${[...fields, eta, clock(s.elapsed)].join(' | ')}`;
}

/** Before this share of the work is done, or this many seconds, no ETA is shown: too little has been measured. */
const ETA_MIN_FRACTION = 0.02;
const ETA_MIN_SECONDS = 3;
/**
 * The ETA is shown only while it reaches no further ahead than this many
 * times the time measured: a search's pace changes by factors over its run
 * (a count's memo makes its later subtrees cheap: `count pentomino --preset
 * 8x8-square` did 10% of its tree in its first 20 s and the other 90% in its
 * last 42), so a rate measured over t seconds says little about the pace 10t
 * seconds on.
 */
const ETA_HORIZON = 2;
/** And only while the finish it predicts agrees with the one predicted this share of the elapsed time ago ... */
const ETA_LOOKBACK = 1 / 6;
/** ... within this share of the time left, plus ETA_SLACK of the elapsed time (the last seconds' jitter is no disagreement). */
const ETA_AGREEMENT = 0.5;
const ETA_SLACK = 0.05;
/** Once shown, the ETA is hidden only when a test fails by this factor; either change stands only once it has held for ETA_DWELL of the elapsed time: no flicker. */
const ETA_RELEASE = 1.5;
const ETA_DWELL = 0.1;
/** Samples are kept at least this share of the elapsed time apart: a few hundred, however long the run. */
const ETA_SPACING = 1 / 1000;

/** What the estimator measured at a frame: the share of the work done, and the finish time it predicted then (Infinity when it had none). */
export interface EtaSample {
  at: number;
  fraction: number;
  finish: number;
}

/**
 * When the finish predicted at a frame is overdue: once the time it said
 * was left has passed and ETA_AGREEMENT of it more (the agreement the
 * predictions are held to), the work still not done.
 */
const overdueAt = (s: EtaSample): number => s.finish + ETA_AGREEMENT * (s.finish - s.at) + ETA_TICK;
/**
 * What the bar's clock shows at most wrong ("0:01" is 0.5 to 1.5 s), the
 * slack of an overdue finish: not ETA_SLACK of the elapsed time, which let
 * a "0:02" stand for 30 s ten minutes into a run.
 */
const ETA_TICK = 1;

/** Whether the ETA is shown, and since when the tests have said otherwise (a change waiting out ETA_DWELL). */
export interface EtaShowing {
  shown: boolean;
  changing?: number;
}

export interface EtaVerdict extends EtaShowing {
  /** Seconds left, when shown. */
  left?: number;
  /** The finish time predicted now, shown or not (Infinity when the work has not moved). */
  finish: number;
}

/**
 * The ETA at `at` seconds with `fraction` of the work done: the rest of the
 * work at the rate since `base` (the frame at half the time so far, which
 * leaves out the start-up and follows a machine whose load changes), shown
 * only when it can be trusted: past a minimum of work and time, reaching no
 * further ahead than ETA_HORIZON times the time measured, and agreeing with
 * the finish predicted at `past` (ETA_LOOKBACK ago). A pace that changes
 * (a memo that makes the later work cheap, a subtree far larger than its
 * share) moves the predicted finish, and the bar says "estimating" rather
 * than a time off by a factor. And never once the run has overrun a finish
 * predicted since `base` (`due`, overdue): the figure is taken back at once.
 * Pure: the same frames give the same verdict.
 */
export function etaVerdict(
  at: number,
  fraction: number,
  base: EtaSample | undefined,
  past: EtaSample | undefined,
  before: EtaShowing,
  due = Infinity,
): EtaVerdict {
  const rate = base && at > base.at ? (fraction - base.fraction) / (at - base.at) : 0;
  const left = rate > 0 ? (1 - Math.min(1, fraction)) / rate : Infinity;
  const finish = at + left;
  // Measured against the shorter of the two times left: a finish that recedes as fast as the time left grows (a stall) is no agreement.
  const moved =
    past && Number.isFinite(past.finish) && Number.isFinite(left)
      ? Math.abs(past.finish - finish) / (Math.max(0, Math.min(left, past.finish - at)) + ETA_SLACK * at)
      : Infinity;
  // Showing, the tests are loosened by ETA_RELEASE: a figure near a bound does not come and go.
  const loose = before.shown ? ETA_RELEASE : 1;
  const trusted = at >= ETA_MIN_SECONDS && fraction >= ETA_MIN_FRACTION && left <= loose * ETA_HORIZON * at && moved <= loose * ETA_AGREEMENT;
  let { shown, changing } = before;
  // A work that has outlasted what was predicted for it is not measured by its share (a branch weighing as one of
  // many may hold most of the work: the CNF counter's bar sat at "0:01" while 98% done stood for minutes).
  if (fraction < 1 && at > due) [shown, changing] = [false, undefined];
  else if (trusted === shown) changing = undefined;
  else {
    changing ??= at;
    if (at - changing >= ETA_DWELL * at) [shown, changing] = [trusted, undefined];
  }
  return { shown, changing, finish, ...(shown && Number.isFinite(left) ? { left } : {}) };
}

/**
 * The time left, from what the run has measured (etaVerdict). With unit
 * weights (CubeTree.unitSizes, Knuth's estimates of each subtree) the work
 * done is the weight of the units passed; without, the units themselves.
 */
export class EtaEstimator {
  /** cumulative[i]: the weight of units 0..i-1. */
  private readonly cumulative: Float64Array | undefined;
  /** The frames kept (ETA_SPACING apart), from the last one at or before half the elapsed time: what etaVerdict looks back to. */
  private readonly samples: EtaSample[] = [];
  private showing: EtaShowing = { shown: false };

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

  /** Seconds left after `elapsed` seconds with `fraction` of the work done; undefined while it cannot be trusted. */
  observe(elapsed: number, fraction: number): number | undefined {
    const verdict = etaVerdict(
      elapsed,
      fraction,
      this.sampleAt(elapsed / 2) ?? this.samples[0],
      this.sampleAt(elapsed * (1 - ETA_LOOKBACK)),
      this.showing,
      this.samples.reduce((due, s) => Math.min(due, overdueAt(s)), Infinity),
    );
    this.showing = { shown: verdict.shown, changing: verdict.changing };
    const last = this.samples.at(-1);
    if (!last || elapsed - last.at >= ETA_SPACING * elapsed) this.samples.push({ at: elapsed, fraction, finish: verdict.finish });
    while (this.samples.length > 1 && this.samples[1]!.at <= elapsed / 2) this.samples.shift();
    return verdict.left;
  }

  /** The last frame kept at or before `at`. */
  private sampleAt(at: number): EtaSample | undefined {
    let [lo, hi] = [0, this.samples.length - 1];
    if (hi < 0 || this.samples[0]!.at > at) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.samples[mid]!.at <= at) lo = mid;
      else hi = mid - 1;
    }
    return this.samples[lo];
  }
}
/** Seconds as m:ss or h:mm:ss; '?' when unknown. */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const t = Math.round(seconds);
  const [h, m, s] = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60];
  return (h ? `${h}:${String(m).padStart(2, '0')}` : String(m)) + `:${String(s).padStart(2, '0')}`;
}
