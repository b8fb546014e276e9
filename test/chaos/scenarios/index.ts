import { Scenario } from '../scenario';
import { artifactStoreDown } from './artifact-store-down';
import { postgresRestart } from './postgres-restart';
import { receiverDown } from './receiver-down';
import { temporalRestart } from './temporal-restart';
import { workerKill } from './worker-kill';

/** Every scenario of `npm run chaos`, in the order they run. */
export const SCENARIOS: Scenario[] = [workerKill, receiverDown, temporalRestart, artifactStoreDown, postgresRestart];

/** The subset `npm test` runs (test/chaos.test.ts): the cheapest ones that still prove a process fault and a lost delivery. */
export const CI_SCENARIOS: Scenario[] = [workerKill, receiverDown];
