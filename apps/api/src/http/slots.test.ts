import { Slots } from './slots';

describe('Slots', () => {
  it('runs at most `concurrent` at once, the waiting ones in their order, and refuses past the queue', async () => {
    const refusal = new Error('full');
    const slots = new Slots(2, 2, () => refusal);
    let running = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        releases.push(() => {
          running -= 1;
          resolve(n);
        });
      });
    const accepted = [1, 2, 3, 4].map((n) => slots.run(work(n)));
    await expect(slots.run(work(5))).rejects.toBe(refusal);
    expect(started).toEqual([1, 2]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(mostAtOnce).toBe(2);
    // Every slot is free again: two start at once.
    const again = [6, 7].map((n) => slots.run(work(n)));
    expect(started.slice(-2)).toEqual([6, 7]);
    releases.splice(0).forEach((release) => release());
    expect(await Promise.all(again)).toEqual([6, 7]);
  });
});
