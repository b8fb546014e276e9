import * as fs from 'node:fs';
import * as os from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@astro/rendering';

/** The process and every process it started, found through /proc's parent ids. */
function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": the comm may hold spaces, so fields are read after its ')'.
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** The nice value of every thread of these processes. */
function threadNiceValues(pids: number[]): number[] {
  const values: number[] = [];
  for (const pid of pids) {
    let threads: string[] = [];
    try {
      threads = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) {
      try {
        values.push(os.getPriority(Number(tid)));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return values;
}

/** The nice value of a process's scheduling autogroup (its session), or null where the kernel has none. */
function autogroupNice(pid: number): number | null {
  try {
    const match = /nice (-?\d+)/.exec(fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

// The worker lowers its priority so that the API's requests get the CPU first during a burst of
// reports (WORKER_NICE); Chromium inherits it. Two things undid that (both measured): Chromium run
// as root raised some of its threads back to 0 and −8, and Playwright starts the browser in a
// session of its own, which the kernel's autogroups schedule as an equal of the worker's whatever
// its threads' nice values (the API's p99 rose tenfold while reports rendered). The browser is
// started at a lowered priority here, as the worker starts it, and must keep it on both counts.
const linux = process.platform === 'linux' && fs.existsSync('/proc/self/task');
(linux ? describe : describe.skip)("the worker's Chromium keeps the priority it inherits", () => {
  const original = os.getPriority();
  const lowered = Math.min(19, original + 5);
  beforeAll(() => os.setPriority(lowered)); // this thread's: Playwright spawns the browser from it
  afterAll(() => {
    try {
      os.setPriority(original);
    } catch {
      // an unprivileged test run cannot raise its priority again; the rest of this file does not care
    }
  });

  it('no thread of the browser or its renderers runs above the launching process, nor does its scheduling group', async () => {
    const server = await chromium.launchServer(chromiumLaunchOptions());
    try {
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage();
      await page.setContent('<p>a renderer process, with its threads</p>');
      const pid = server.process().pid!;
      const values = threadNiceValues(processTree(pid));
      expect(values.length).toBeGreaterThan(10);
      expect(Math.min(...values)).toBeGreaterThanOrEqual(lowered);
      // A kernel without autogroups (or with them switched off) schedules by thread alone.
      const enabled =
        fs.existsSync('/proc/sys/kernel/sched_autogroup_enabled') &&
        fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
      if (enabled) expect(autogroupNice(pid)).toBe(lowered);
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
