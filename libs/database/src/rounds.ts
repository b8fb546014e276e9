/**
 * Runs a housekeeping round now and then every `intervalMs` in a long-lived process, one round at a
 * time (a round still running when the next is due makes that one skip). The timer does not keep the
 * process alive. A failed round is logged and the next one retries.
 */
export function repeatRounds(name: string, intervalMs: number, round: () => Promise<void>): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (err) {
      console.error(`${name} failed, retrying in ${intervalMs / 1000} s: ${(err as Error).message}`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
