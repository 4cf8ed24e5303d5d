import { describe, expect, it } from 'vitest';
import { guarded } from '../src/cli/common.js';

/**
 * yargs renders the whole help text (cacheHelpMessage) as soon as a
 * command's handler returns, and a verb's body builds its formula before
 * its first await: the help came after the build, past a --timeout that ran
 * out in it (0.1 to 0.4 s on a loaded machine). The body starts once the
 * handler has returned, so that the help is rendered before any work.
 */
describe('a command body run by guarded', () => {
  it('starts after the handler has returned (regression: it ran up to its first await within the call)', async () => {
    let ran = false;
    const handled = guarded({ _: [], $0: 'puzzlesat' }, async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    await handled;
    expect(ran).toBe(true);
  });
});
