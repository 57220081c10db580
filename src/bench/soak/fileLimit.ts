import { readFileSync } from 'node:fs';

/**
 * This process's open-file limit (`ulimit -n`); Infinity for unlimited. Node
 * raises its soft limit to the hard one at start-up by itself, so a shell's
 * 1,024 is no obstacle where the hard limit is higher; where the hard limit is
 * 1,024 too, the soak sizes its connections by it (and says so).
 */
export function openFileLimit(): number {
  const soft = /^Max open files\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}
