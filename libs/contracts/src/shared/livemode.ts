import { z } from 'zod';

/** Test mode: what an API key is (docs/integration.md, "Test mode"). */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

/** Whether an object belongs to live mode or to test mode (made with a test key, `ak_test_…`). */
export const Livemode = z
  .boolean()
  .describe(
    'true in live mode; false for an object of test mode (made with a test key, ak_test_…: nothing charged, invisible to live keys)',
  );
