import { keepDemoAccount } from './demo-accounts';

/** The enterprise demo of `npm start`, with one org whose id goes into `--org-file`. */
export const run = keepDemoAccount('enterprise');
