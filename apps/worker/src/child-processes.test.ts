import { spawn } from 'node:child_process';
import { descendantsMemory } from './child-processes';

describe('descendantsMemory', () => {
  it("counts a child's child and their resident and proportional memory", async () => {
    const before = await descendantsMemory();
    // A shell that starts a sleep: two generations below this process, as Chromium's renderers are.
    const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore', detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let during = before;
    for (let attempt = 0; attempt < 100 && during.processes < before.processes + 2; attempt++) {
      await new Promise((r) => setTimeout(r, 20));
      during = await descendantsMemory();
    }
    expect(during.processes).toBe(before.processes + 2);
    expect(during.rssBytes).toBeGreaterThan(before.rssBytes);
    expect(during.pssBytes).toBeGreaterThan(before.pssBytes);
    expect(during.pssBytes).toBeLessThanOrEqual(during.rssBytes);
    process.kill(-child.pid!, 'SIGKILL'); // its own process group: the shell and its sleep
    await exited;
  });

  it('finds nothing below a process that has no children', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      expect(await descendantsMemory(child.pid)).toEqual({ processes: 0, rssBytes: 0, pssBytes: 0 });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
