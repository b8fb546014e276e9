import { promises as fs } from 'node:fs';

export interface ProcessTreeMemory {
  /** processes below `root` (Chromium's browser, zygotes, GPU/utility and one renderer per open context) */
  processes: number;
  /** the sum of their resident sets: pages they share (Chromium's code, fonts) counted once per process */
  rssBytes: number;
  /** the sum of their proportional sets (shared pages divided among their sharers): what they cost together */
  pssBytes: number;
}

/** The parent of a process, from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
async function parentOf(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
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
 * Memory of every process descended from `root` (by default this one): the worker's Chromium. Read
 * from /proc, so Linux only; elsewhere, or without /proc, all zero.
 */
export async function descendantsMemory(root = process.pid): Promise<ProcessTreeMemory> {
  let entries: string[];
  try {
    entries = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return { processes: 0, rssBytes: 0, pssBytes: 0 };
  }
  const parents = new Map<number, number>();
  await Promise.all(
    entries.map(async (name) => {
      const parent = await parentOf(Number(name));
      if (parent !== null) parents.set(Number(name), parent);
    }),
  );
  const below = new Set<number>([root]);
  // Parents may be listed after their children: repeat until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
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
  return { processes: pids.length, rssBytes: sum(rss), pssBytes: sum(pss) };
}
