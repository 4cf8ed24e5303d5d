import { readFileSync } from 'node:fs';

/**
 * Whether a process with this id is running here (signal 0 asks without
 * sending; EPERM means it runs as another user). A zombie, which has ended
 * and waits for its parent to read its exit status, is not: signal 0 finds
 * it, and a writer killed under a parent that reaps nothing (a container's
 * PID 1) held its lock for good.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Whether /proc says the process has ended unreaped (state Z); false where there is no /proc to say. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces: the state follows its closing one.
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return false;
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
