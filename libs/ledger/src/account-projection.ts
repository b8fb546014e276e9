import { StoredEvent, utcIsoSql } from './event-store';
import { Projection, ProjectionRow, streamKeySql } from './projection';

/** The `accounts` table: tier and balance per account, folded from `account:<id>` streams. */
export const accountsProjection: Projection = {
  table: 'accounts',
  key: 'id',
  columns: [
    'id',
    'name',
    'tier',
    'balance',
    'credits_granted',
    'credits_charged',
    'credits_refunded',
    'version',
    'created_at',
    'updated_at',
  ],
  selectLive: `SELECT id, name, tier, balance::float8 AS balance, credits_granted::float8 AS credits_granted,
                      credits_charged::float8 AS credits_charged, credits_refunded::float8 AS credits_refunded,
                      version, ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at
                 FROM accounts`,
  keySql: streamKeySql('account:'),
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
    if (!event.streamId.startsWith('account:')) return;
    const id = event.streamId.slice('account:'.length);
    const at = event.recordedAtIso;
    if (event.type === 'AccountOpened') {
      rows.set(id, {
        id,
        name: String(event.payload.name),
        tier: String(event.payload.tier),
        balance: 0,
        credits_granted: 0,
        credits_charged: 0,
        credits_refunded: 0,
        version: event.streamVersion,
        created_at: at,
        updated_at: at,
      });
      return;
    }
    const row = rows.get(id);
    if (!row) throw new Error(`event ${event.position} on ${event.streamId} precedes AccountOpened`);
    const amount = Number(event.payload.amount ?? 0);
    switch (event.type) {
      case 'CreditsGranted':
        row.balance = Number(row.balance) + amount;
        row.credits_granted = Number(row.credits_granted) + amount;
        break;
      case 'CreditsCharged':
        row.balance = Number(row.balance) - amount;
        row.credits_charged = Number(row.credits_charged) + amount;
        break;
      case 'CreditsRefunded':
        row.balance = Number(row.balance) + amount;
        row.credits_refunded = Number(row.credits_refunded) + amount;
        break;
      case 'AccountTierChanged':
        row.tier = String(event.payload.tier);
        break;
      default:
        throw new Error(`accounts projection does not know event ${event.type}`);
    }
    row.version = event.streamVersion;
    row.updated_at = at;
  },
};
