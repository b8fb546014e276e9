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

// The worker lowers its priority so that the API's requests get the CPU first during a burst of
// reports (WORKER_NICE); Chromium inherits it. Run as root, Chromium used to raise some of its
// threads back to 0 and −8 (measured), taking the cores from the API; it is started without
// CAP_SYS_NICE now, so no thread of it may run at a higher priority than the process that started it.
const linux = process.platform === 'linux' && fs.existsSync('/proc/self/task');
(linux ? describe : describe.skip)("the worker's Chromium keeps the priority it inherits", () => {
  it('no thread of the browser or its renderers runs above the launching process', async () => {
    const server = await chromium.launchServer(chromiumLaunchOptions());
    try {
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage();
      await page.setContent('<p>a renderer process, with its threads</p>');
      const values = threadNiceValues(processTree(server.process().pid!));
      expect(values.length).toBeGreaterThan(10);
      expect(Math.min(...values)).toBeGreaterThanOrEqual(os.getPriority());
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
