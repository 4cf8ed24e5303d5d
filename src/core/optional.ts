import { UserError } from './errors.js';

/**
 * Loads a module that needs packages the puzzlesat package does not install
 * for everyone (its optional peer dependencies: the Redis queue's bullmq and
 * ioredis, resvg for PNG, clingo-wasm), so that `import { Formula, solve }`
 * installs and loads a small tree. When they are missing, one line names the
 * feature and what to install.
 */
export async function loadOptional<T>(load: () => Promise<T>, packages: readonly string[], feature: string): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_MODULE_NOT_FOUND' && packages.some((p) => err.message.includes(`'${p}'`)))
      throw new UserError(`${feature} needs ${packages.join(' and ')}, which puzzlesat leaves to you: npm install ${packages.join(' ')}`);
    throw e;
  }
}
