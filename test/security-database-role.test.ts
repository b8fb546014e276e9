import { Database } from '@astro/database';
import { connectAsApplication, createAccount, startApi } from './support/harness';
import { useTestDatabase } from './support/fixture';

let db: Database;
useTestDatabase((connected) => (db = connected));

describe('the application role cannot rewrite history or the schema', () => {
  let app: Database;
  beforeAll(async () => {
    app = await connectAsApplication();
  });
  afterAll(async () => {
    await app.close();
  });

  const failure = (sql: string) =>
    app.query(sql).then(
      () => 'succeeded',
      (err: { code?: string; driverError?: { code?: string } }) => err.code ?? err.driverError?.code,
    );

  it('reads and appends the event log but cannot update, delete or truncate it', async () => {
    expect(Number((await app.query<{ n: string }>('SELECT count(*) AS n FROM events'))[0].n)).toBeGreaterThanOrEqual(0);
    expect(await failure(`UPDATE events SET payload = '{}' WHERE position = 1`)).toBe('42501');
    expect(await failure('DELETE FROM events')).toBe('42501');
    expect(await failure('TRUNCATE events')).toBe('42501');
  });

  it('cannot switch the append-only trigger off, drop or create tables, or become superuser', async () => {
    expect(await failure('SET session_replication_role = replica')).toBe('42501');
    expect(await failure('DROP TABLE accounts')).toBe('42501');
    expect(await failure('ALTER TABLE events DISABLE TRIGGER ALL')).toBe('42501');
    expect(await failure('CREATE TABLE stolen (x int)')).toBe('42501');
    const [role] = await app.query<{ rolsuper: boolean; current_user: string }>(
      'SELECT rolsuper, current_user FROM pg_roles WHERE rolname = current_user',
    );
    expect(role).toEqual({ rolsuper: false, current_user: 'astro_app' });
  });

  it('is the role the API works with: a charge through the API is written by astro_app', async () => {
    const api = await startApi();
    try {
      const { apiKey } = await createAccount(db, { credits: 2 });
      expect((await api.http.get('/v1/planets?dt=2024-03-20T12:00:00Z', { key: apiKey })).status).toBe(200);
      const [user] = await api.handle.platform.db.query<{ current_user: string }>('SELECT current_user');
      expect(user.current_user).toBe('astro_app');
    } finally {
      await api.close();
    }
  });
});
