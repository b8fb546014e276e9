import { Client } from 'pg';
import { Database } from './database';

/**
 * Least privilege in PostgreSQL. Two roles:
 * - `astro_owner` (no login) owns every table, sequence and function; migrations run as it.
 * - `astro_app` (login) is what the API and the worker connect as: not superuser, owns nothing,
 *   may only SELECT and INSERT the event log (so no process can rewrite history, truncate it, turn
 *   its trigger off with `session_replication_role`, or drop a table), and reads and writes the
 *   projections and the plain tables.
 * Operators (migrations, projection rebuilds) use an administrative connection.
 */
export const OWNER_ROLE = 'astro_owner';
export const APP_ROLE = 'astro_app';

/** The event log: append and read only. */
const APPEND_ONLY_TABLES = ['events'];

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Role changes of parallel set-ups can collide ("tuple concurrently updated"): try again. */
async function retryingCollisions<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 5 || !/concurrently updated|duplicate key/.test(String((err as Error).message))) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}

async function createRoles(admin: Client, appPassword: string): Promise<void> {
  // Roles are cluster-wide; concurrent set-ups (parallel test runs) may race to create them.
  for (const statement of [
    `CREATE ROLE ${OWNER_ROLE} NOLOGIN`,
    `CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
  ]) {
    await admin.query(statement).catch((err: { code?: string }) => {
      if (err.code !== '42710' && err.code !== '23505') throw err; // already exists
    });
  }
  await admin.query(
    `ALTER ROLE ${APP_ROLE} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${quote(appPassword)}`,
  );
  // A managed PostgreSQL's administrator is not a superuser: it must be a member to act as the owner.
  await admin.query(`GRANT ${OWNER_ROLE} TO CURRENT_USER`).catch((err: { code?: string }) => {
    if (err.code !== '0LP01' && err.code !== '42501') throw err; // membership loop or already granted by another
  });
}

/** Hands everything already in the schema (from before roles existed) to the owner role. */
async function takeOwnership(admin: Client, database: string): Promise<void> {
  await admin.query(`ALTER DATABASE "${database.replace(/"/g, '""')}" OWNER TO ${OWNER_ROLE}`);
  await admin.query(`ALTER SCHEMA public OWNER TO ${OWNER_ROLE}`);
  const objects = await admin.query<{ kind: string; name: string }>(`
    SELECT 'TABLE' AS kind, quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tableowner <> '${OWNER_ROLE}'
    UNION ALL
    SELECT 'SEQUENCE', quote_ident(sequencename) FROM pg_sequences WHERE schemaname = 'public' AND sequenceowner <> '${OWNER_ROLE}'
    UNION ALL
    SELECT 'FUNCTION', p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '${OWNER_ROLE}'`);
  for (const { kind, name } of objects.rows) {
    await admin.query(`ALTER ${kind} ${name} OWNER TO ${OWNER_ROLE}`).catch((err: { code?: string }) => {
      if (err.code !== '42704') throw err; // a sequence owned by a table moved with it
    });
  }
}

async function grantAppPrivileges(admin: Client, database: string): Promise<void> {
  const tables = (await admin.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)).rows.map(
    (r) => r.name,
  );
  await admin.query(`GRANT CONNECT ON DATABASE "${database.replace(/"/g, '""')}" TO ${APP_ROLE}`);
  await admin.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
  await admin.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
  for (const table of tables) {
    await admin.query(`REVOKE ALL ON TABLE public."${table}" FROM ${APP_ROLE}`);
    const rights = APPEND_ONLY_TABLES.includes(table) ? 'SELECT, INSERT' : 'SELECT, INSERT, UPDATE, DELETE';
    await admin.query(`GRANT ${rights} ON TABLE public."${table}" TO ${APP_ROLE}`);
  }
  await admin.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
  await admin.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${APP_ROLE}`);
}

/** `url` with another user (and password), for the application's own connections. */
export function urlAsRole(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = role;
  u.password = password;
  return u.toString();
}

/** `url` whose sessions act as the owner role, so what migrations create belongs to it. */
function urlActingAsOwner(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c role=${OWNER_ROLE}`);
  return u.toString();
}

/**
 * Creates the roles, migrates as the owner and grants the application role its rights. Run with
 * an administrative connection (`npm start`, `npm run cli -- migrate`, the test set-up); returns
 * the migrations applied and the URL the API and worker should use.
 */
export async function setUpDatabase(adminUrl: string, appPassword: string): Promise<{ applied: string[]; appUrl: string }> {
  const database = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  let applied: string[];
  try {
    await retryingCollisions(() => createRoles(admin, appPassword));
    await takeOwnership(admin, database);
    const db = await Database.connect(urlActingAsOwner(adminUrl), { poolSize: 1, applicationName: 'astro-migrate' });
    try {
      applied = await db.migrate();
    } finally {
      await db.close();
    }
    await grantAppPrivileges(admin, database);
  } finally {
    await admin.end();
  }
  return { applied, appUrl: urlAsRole(adminUrl, APP_ROLE, appPassword) };
}
