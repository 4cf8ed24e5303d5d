import { defineConfig } from 'vitest/config';

/**
 * Timeouts are generous on purpose: the suite must pass on a loaded 2-core
 * machine, so no test may depend on its speed. A test that is heavy by
 * design says so with its own, larger timeout.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at a time even on two cores (vitest's default there is one): most files wait on the
    // processes they spawn, and one at a time the suite took half an hour in CI.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    globalSetup: ['test/helpers/skip-summary.ts'],
    // Fails a test file that leaves a directory in the temporary directory.
    setupFiles: ['test/helpers/temp-check.ts'],
  },
});
