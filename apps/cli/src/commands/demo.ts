import { keepDemoAccount } from './demo-accounts';

/** The demo account of `npm start`, with a customer user whose sign-in goes into `--user-file`. */
export const run = keepDemoAccount('pro');
