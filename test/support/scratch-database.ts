import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { setUpDatabase } from '@astro/database';

/** A migrated database of one test file's own: what it reads (a whole-log fold, global invariants) is only what it wrote. */
export interface ScratchDatabase {
  /** the administrator's URL, as an operator's CLI connects */
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  // Thousands of small transactions: a commit need not wait for its WAL flush in a scratch database no
  // test crashes (the order and atomicity of commits are unchanged), which makes each several times faster.
  await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(process.env.TEST_DATABASE_SERVER_URL!);
  url.pathname = `/${name}`;
  await setUpDatabase(url.toString(), 'astro-test-app-password');
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
