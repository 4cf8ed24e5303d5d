import { describe, expect, it } from 'vitest';
import { type CountEngine, Stopped } from '../src/count/engine.js';
import { unitsOf } from '../src/count/exact-cover.js';
import type { CountProblem } from '../src/count/problem.js';

/**
 * Cutting an exact-cover count into units walks the engine's first levels,
 * which on a wide problem is most of a --timeout: MRV on a 20x20 board with
 * 80 I-pentominoes branches 160 ways at the root and as many below, 12 s of
 * pushes before the first unit, and `count --timeout 1` took 12 s.
 */
describe('cutting a count into units', () => {
  /** An engine whose every node has `width` children, that tallies what it is asked. */
  const wideEngine = (width: number) => {
    const asked = { children: 0, pushes: 0 };
    let depth = 0;
    const engine = {
      strategy: 'mrv',
      nodes: 0,
      memory: () => ({ entries: 0, bytes: 0, lookups: 0, hits: 0, stores: 0, evictions: 0, savedNodes: 0 }),
      push: () => {
        asked.pushes++;
        depth++;
      },
      pop: () => {
        depth--;
      },
      children: () => {
        asked.children++;
        return Array.from({ length: width }, (_, k) => k);
      },
      count: () => 0,
      fraction: () => 0,
    } as CountEngine;
    return { engine, asked, depth: () => depth };
  };
  const problem = { impossible: false } as CountProblem;

  it('walks the levels it needs when nothing stops it', () => {
    const { engine, asked } = wideEngine(100);
    // 100 units at depth 1 are fewer than wanted: depth 2 has 10,000.
    expect(unitsOf(engine, problem, () => false)).toHaveLength(10_000);
    expect(asked.pushes).toBe(100 + 100 + 10_000);
  });

  it('stops at a stop (a deadline, Ctrl-C), having asked the engine for no more than the node it polled at, and leaves it at the root', () => {
    const { engine, asked, depth } = wideEngine(100);
    let polls = 0;
    // Stopped at the 5th poll: the walk is in its second level.
    expect(() => unitsOf(engine, problem, () => ++polls >= 5)).toThrow(Stopped);
    expect(asked.pushes).toBeLessThan(110);
    // A walk past its plain time is thrown out the same way and starts again (runCount): it must find the engine where it began.
    expect(depth()).toBe(0);
  });
});
