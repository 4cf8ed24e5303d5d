/** Whether a process with this id is running here (signal 0 asks without sending; EPERM means it runs as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The Node options a worker thread of ours starts with: the process's own
 * but --input-type, which says how to read a script given with -e or on
 * stdin, and which a thread started from a file refuses
 * (ERR_INPUT_TYPE_NOT_ALLOWED): every engine thread failed under
 * `node --input-type=module -e "…"`. The value may be the next argument.
 */
export function threadExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  return execArgv.filter((arg, i) => !arg.startsWith('--input-type') && execArgv[i - 1] !== '--input-type');
}
