import { readdir, readFile } from 'node:fs/promises';

/** Parent pid of every process, from /proc/<pid>/stat. */
async function parents(): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) map.set(Number(entry), ppid);
  }
  return map;
}

/** Pids of `root`'s descendants. */
async function descendants(root: number): Promise<number[]> {
  const map = await parents();
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of map) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/**
 * The proportional set size (shared pages split between their users) of all
 * renderer processes under the browser process `browserPid`, in MB: what the
 * page and its module frames cost in memory. Linux only (/proc).
 */
export async function rendererMemoryMB(browserPid: number): Promise<number> {
  let kb = 0;
  for (const pid of await descendants(browserPid)) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('--type=renderer')) continue;
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
    kb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  }
  return kb / 1024;
}
