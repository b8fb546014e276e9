import { spawn } from 'node:child_process';
import { descendantsMemory } from './child-processes';

describe('descendantsMemory', () => {
  it("counts a child's child, their resident and proportional memory and their CPU time", async () => {
    const before = await descendantsMemory();
    // A shell that counts for a while (CPU time), then starts a sleep and says so: two generations
    // below this process, as Chromium's renderers are.
    const child = spawn('sh', ['-c', 'i=0; while [ $i -lt 50000 ]; do i=$((i+1)); done; sleep 30 & echo ready; wait'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const during = await descendantsMemory();
      expect(during.processes).toBe(before.processes + 2);
      expect(during.rssBytes).toBeGreaterThan(before.rssBytes);
      expect(during.pssBytes).toBeGreaterThan(before.pssBytes);
      expect(during.pssBytes).toBeLessThanOrEqual(during.rssBytes);
      expect(during.cpuSeconds).toBeGreaterThan(before.cpuSeconds);
    } finally {
      process.kill(-child.pid!, 'SIGKILL'); // its own process group: the shell and its sleep
      await exited;
    }
  });

  it('finds nothing below a process that has no children', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      expect(await descendantsMemory(child.pid)).toEqual({ processes: 0, rssBytes: 0, pssBytes: 0, cpuSeconds: 0 });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
