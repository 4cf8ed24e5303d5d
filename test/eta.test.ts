import { describe, expect, it } from 'vitest';
import { EtaEstimator, etaVerdict } from '../src/cli/progress.js';

/** The bar's frames: every 0.2 s up to `end`, the share done by `fraction`; what the estimator shows at each, with the time really left. */
function frames(fraction: (t: number) => number, end: number) {
  const eta = new EtaEstimator();
  const out: { t: number; shown: number | undefined; left: number }[] = [];
  for (let k = 1; k * 0.2 < end; k++) {
    const t = k * 0.2;
    out.push({ t, shown: eta.observe(t, Math.min(1, fraction(t))), left: end - t });
  }
  return out;
}

/** How many times the ETA appears or disappears. */
const switches = (shown: readonly (number | undefined)[]): number =>
  shown.filter((s, k) => k > 0 && (s === undefined) !== (shown[k - 1] === undefined)).length;

describe('the ETA', () => {
  it('counts work by the weights', () => {
    // Two heavy units first, then eight light ones: half the work is in the first two.
    expect(new EtaEstimator(Float64Array.of(4, 4, 1, 1, 1, 1, 1, 1, 1, 1)).fraction(2, 10)).toBe(0.5);
    expect(new EtaEstimator().fraction(2, 10)).toBe(0.2);
  });

  it('is shown for a steady pace once measured, exact, and stays', () => {
    // 5% a second, 20 s in all.
    const run = frames((t) => 0.05 * t, 20);
    expect(run.filter((f) => f.t < 3).every((f) => f.shown === undefined)).toBe(true);
    const from = run.findIndex((f) => f.shown !== undefined);
    expect(run[from]!.t).toBeLessThan(8);
    for (const f of run.slice(from)) expect(f.shown).toBeCloseTo(f.left, 5);
  });

  it('follows a change of pace: the rate is that of the second half of the time so far', () => {
    // 1% a second for 10 s (start-up), then 4% a second: at 20 s, 50% is done and the second half of the time ran at 4%/s.
    const run = frames((t) => (t <= 10 ? 0.01 * t : 0.1 + 0.04 * (t - 10)), 22.5);
    expect(run.find((f) => Math.abs(f.t - 20) < 1e-9)!.shown).toBeCloseTo(12.5, 0);
  });

  it('is never confidently wrong on a front-loaded count: within 1.5x of the time left, or not shown', () => {
    // A count with a memo: the first fifth of the tree takes two thirds of the time (1% a second for 20 s),
    // the rest hits the memo (8% a second, 10 s). The rate so far says 90 s left at 10 s, when 20 s are:
    // the estimator before this one showed 4.5 times the time left.
    const run = frames((t) => (t <= 20 ? 0.01 * t : 0.2 + 0.08 * (t - 20)), 30);
    for (const f of run) if (f.shown !== undefined) expect(Math.max(f.shown / f.left, f.left / f.shown)).toBeLessThanOrEqual(1.5);
  });

  it('is not shown while the work stands still and the finish it predicts recedes, and comes back once the pace holds', () => {
    // 4% a second for 12 s, a stall of 6 s (a subtree far larger than its share), then 2% a second to the end at 44 s.
    const run = frames((t) => (t <= 12 ? 0.04 * t : t <= 18 ? 0.48 : 0.48 + 0.02 * (t - 18)), 44);
    expect(run.filter((f) => f.t >= 18 && f.t <= 22).every((f) => f.shown === undefined)).toBe(true);
    const back = run.filter((f) => f.t >= 24);
    expect(back.every((f) => f.shown !== undefined && Math.max(f.shown / f.left, f.left / f.shown) <= 2)).toBe(true);
    expect(Math.abs(run.at(-1)!.shown! - run.at(-1)!.left)).toBeLessThan(0.5);
  });

  it('takes back an ETA the run has overrun: no figure stays put while the work stalls near its end', () => {
    // As the CNF counter's bar on pentomino 5x12 (--method cnf): 4.5% a second to 90% at 20 s, a unit of the last
    // branches done at 20.5 s (97%), and then a branch weighed as one of many holding most of the work: the share
    // creeps towards 98% for the 280 s left. The estimator before this one showed "0:01" until 24.8 s, the finish it
    // predicted at 20 s (22.2 s) long past; it is taken back once 1.5 times the time that was left has passed.
    const run = frames((t) => (t < 20.5 ? 0.045 * t : 0.97 + 0.012 * (1 - Math.exp(-(t - 20.5) / 20))), 300);
    expect(run.filter((f) => f.t >= 23.5).every((f) => f.shown === undefined)).toBe(true);
    // Ten minutes in, a unit done jumps the share from 90% to 99%, and the rest stands still: the "0:07" it promised is
    // taken back within seconds of its end, not at a slack of 5% of the elapsed time (30 s).
    const late = frames((t) => (t < 600 ? 0.0015 * t : 0.99), 700);
    expect(late.filter((f) => f.t >= 615).every((f) => f.shown === undefined)).toBe(true);
  });

  it('does not flicker when the work comes in steps', () => {
    // 10% every 2 s: the fraction stands still between steps.
    const run = frames((t) => 0.1 * Math.floor(t / 2), 20);
    expect(switches(run.map((f) => f.shown))).toBeLessThanOrEqual(1);
  });

  it('reaches no further ahead than twice the time measured, and changes only once the change has held a tenth of the time', () => {
    // 10% done in 10 s, half of it in the last 5: 90 s left by the rate, more than twice the 10 s measured.
    expect(etaVerdict(10, 0.1, { at: 5, fraction: 0.05, finish: 95 }, { at: 8.4, fraction: 0.084, finish: 97 }, { shown: false }).shown).toBe(false);
    // Half done at 10 s at a steady 5% a second, the finish as predicted before: trusted, shown from 11 s on.
    const [base, past] = [
      { at: 5, fraction: 0.25, finish: 20 },
      { at: 8.4, fraction: 0.42, finish: 20 },
    ];
    const first = etaVerdict(10, 0.5, base, past, { shown: false });
    expect(first).toMatchObject({ shown: false, changing: 10, finish: 20 });
    expect(etaVerdict(10.8, 0.54, base, past, first).shown).toBe(false);
    const shown = etaVerdict(11.2, 0.56, base, past, first);
    expect(shown.shown).toBe(true);
    expect(shown.left).toBeCloseTo(8.8, 9);
  });
});
