/**
 * The one stopwatch of the benchmarks: CPU seconds of this process (user +
 * system), the measure on a shared machine, with wall seconds beside them.
 */
export interface Timed<T> {
  value: T;
  cpu: number;
  wall: number;
}

export async function timed<T>(run: () => T | Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await run();
  const { user, system } = process.cpuUsage(cpu);
  return { value, cpu: (user + system) / 1e6, wall: (performance.now() - start) / 1000 };
}
