import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { pentomino } from '../encoders/polyomino.js';
import { countInThreads } from '../src/count-threads.js';
import { DEFAULT_MAX_BYTES } from '../src/count/engine.js';
import type { UnitCount } from '../src/count/exact-cover.js';

const dir = tempDir('count-threads-');

/**
 * The count on worker threads stops for the whole run (--timeout, Ctrl-C,
 * the memory bound) even when a thread does not answer the stop: one still
 * rebuilding its instance from the plan (a large board: seconds to minutes)
 * polls nothing. Such a thread stands in here as a script that never answers.
 */
describe('count on worker threads, stopped', () => {
  /** A thread that takes each share, posts one finished unit of 7 solutions for it, and then never answers again. */
  const silentScript = () => {
    const path = join(dir, 'silent.mjs');
    writeFileSync(
      path,
      [
        "import { parentPort } from 'node:worker_threads';",
        "parentPort.on('message', (share) => parentPort.postMessage({ type: 'unit', term: share.term, share: share.share.index, unit: { unit: 'u' + share.share.index, count: 7n, nodes: 1 } }));",
      ].join('\n'),
    );
    return pathToFileURL(path);
  };

  it('returns incomplete when a thread never answers the stop, with the units its threads finished as the lower bound', async () => {
    const plan = { puzzle: 'pentomino', args: { preset: '6x10' }, unique: false, uniqueBy: undefined, maxBytes: DEFAULT_MAX_BYTES };
    let stop = false;
    const units: UnitCount[] = [];
    // The stop comes once both threads hold a share and have posted its unit (the set-up, awaited, would hear a stop before).
    const result = await countInThreads(
      plan,
      2,
      silentScript(),
    )(pentomino({ preset: '6x10' }), {
      shouldStop: () => stop,
      onUnit: (_term, _strategy, unit) => (stop = units.push(unit) === 2),
    });
    // One term (the solutions), dealt into a share a thread: each thread's one unit of 7 counts.
    expect(units.map((u) => u.count)).toEqual([7n, 7n]);
    expect(result).toMatchObject({ count: 14n, complete: false });
  }, 30_000);

  it('counts both the units its threads posted and those its resumed file records, one record of the units known (regression: the larger of the two)', async () => {
    const plan = { puzzle: 'pentomino', args: { preset: '6x10' }, unique: false, uniqueBy: undefined, maxBytes: DEFAULT_MAX_BYTES };
    let stop = false;
    let posted = 0;
    // The file's unit of 100 was given to both shares; neither thread answers, each having posted a unit of 7 of its own.
    const counting = countInThreads(
      plan,
      2,
      silentScript(),
    )(pentomino({ preset: '6x10' }), {
      shouldStop: () => stop,
      onUnit: () => (stop = ++posted === 2),
      finished: new Map([['s0', new Map([['on file', 100n]])]]),
    });
    expect(await counting).toMatchObject({ count: 114n, complete: false });
  }, 30_000);
});
