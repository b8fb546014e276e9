import { promises as fs } from 'node:fs';

export interface ProcessTreeMemory {
  /** processes below `root` (Chromium's browser, zygotes, GPU/utility and one renderer per open context) */
  processes: number;
  /** the sum of their resident sets: pages they share (Chromium's code, fonts) counted once per process */
  rssBytes: number;
  /** the sum of their proportional sets (shared pages divided among their sharers): what they cost together */
  pssBytes: number;
  /** CPU seconds they have used, with those of the children they have reaped (Chromium's closed renderers) */
  cpuSeconds: number;
}

interface ProcessStat {
  parent: number;
  /** utime + stime + cutime + cstime, in seconds */
  cpuSeconds: number;
}

/** Parent and CPU time of a process, from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
async function statOf(pid: number): Promise<ProcessStat | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[1] is the parent; [11]–[14] utime, stime, cutime, cstime in clock ticks (USER_HZ, 100 on Linux)
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { parent: Number(fields[1]), cpuSeconds: ticks / 100 };
  } catch {
    return null; // ended meanwhile
  }
}

/** A `Name:   1234 kB` line of a /proc file, in bytes (0 when the process ended meanwhile). */
async function kilobytesField(file: string, field: string): Promise<number> {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(await fs.readFile(file, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Memory and CPU time of every process descended from `root` (by default this one): the worker's Chromium. Read
 * from /proc, so Linux only; elsewhere, or without /proc, all zero.
 */
export async function descendantsMemory(root = process.pid): Promise<ProcessTreeMemory> {
  let entries: string[];
  try {
    entries = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return { processes: 0, rssBytes: 0, pssBytes: 0, cpuSeconds: 0 };
  }
  const stats = new Map<number, ProcessStat>();
  await Promise.all(
    entries.map(async (name) => {
      const stat = await statOf(Number(name));
      if (stat) stats.set(Number(name), stat);
    }),
  );
  const below = new Set<number>([root]);
  // Parents may be listed after their children: repeat until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { parent }] of stats) {
      if (!below.has(pid) && below.has(parent)) {
        below.add(pid);
        grew = true;
      }
    }
  }
  below.delete(root);
  const pids = [...below];
  const [rss, pss] = await Promise.all([
    Promise.all(pids.map((pid) => kilobytesField(`/proc/${pid}/status`, 'VmRSS'))),
    Promise.all(pids.map((pid) => kilobytesField(`/proc/${pid}/smaps_rollup`, 'Pss'))),
  ]);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    processes: pids.length,
    rssBytes: sum(rss),
    pssBytes: sum(pss),
    cpuSeconds: sum(pids.map((pid) => stats.get(pid)!.cpuSeconds)),
  };
}
