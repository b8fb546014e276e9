import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal data leaves the event log (docs/security.md, "Personal data and the event log"). From
 * now on the events hold ids, kinds, states, money and the names of the fields that changed; the
 * values that describe a person or may carry a secret live only in rows that deleting or erasing
 * the object removes:
 * - a webhook subscription's URL, description and a horoscope delivery's `name` and `birth_subject`
 *   (its `webhook_subscriptions` row);
 * - a brand profile's name and branding (its `brand_profiles` row);
 * - a visual reading's `subject_label` (its `visual_jobs` row, emptied when the reading is erased:
 *   the column may now be NULL);
 * - the body of every webhook delivery (the new table `webhook_delivery_payloads`, erased with the
 *   subscription, or with the reading it is about);
 * - a Cultural Intelligence team's name (its `ci_teams` row);
 * - a logo URL quoted in a job's warning (the warning now names the field `branding.logo_url`).
 *
 * The events already written are rewritten to that shape. The log is append-only: the trigger
 * `events_append_only` refuses every UPDATE. This migration, run by the owner role, switches it off
 * for its own transaction only (`ALTER TABLE … DISABLE TRIGGER` is transactional: no other session
 * ever sees the log without its trigger, and the table's ACCESS EXCLUSIVE lock holds every writer
 * until the commit), rewrites the payloads in place and switches it on again before committing. No
 * event is added, removed or reordered; positions, versions, types, metadata and every amount stay
 * as they were. Each rewritten payload says what was taken out (`redacted`: the field names), so
 * the log itself records that it was rewritten. Bodies of deliveries that can still be sent (their
 * subscription exists and their reading is not erased) are copied to `webhook_delivery_payloads`
 * first; the others are gone.
 */
export class PersonalDataOutOfEvents1733747100000 implements MigrationInterface {
  name = 'PersonalDataOutOfEvents1733747100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_delivery_payloads (
        delivery_id     text        PRIMARY KEY,
        account_id      text        NOT NULL,
        subscription_id text        NOT NULL,
        -- what the delivery is about: the reading (vrj_…), the horoscope delivery (hsd_…) or the report job (job_…)
        subject_id      text,
        payload         jsonb       NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_delivery_payloads_subscription ON webhook_delivery_payloads (subscription_id)`);
    await q.query(`CREATE INDEX webhook_delivery_payloads_subject ON webhook_delivery_payloads (subject_id)`);
    await q.query(`ALTER TABLE visual_jobs ALTER COLUMN subject_label DROP NOT NULL`);
    await redactPersonalDataFromEvents(q);
  }

  async down(): Promise<void> {
    // What was taken out of the log is gone by design: there is nothing to put back.
  }
}

/**
 * Rewrites the events written before personal data left the log, and what goes with them (see the
 * migration above); run by the owner role inside a transaction. Events already rewritten (they
 * carry `redacted`) are left alone, so it may run again.
 */
export async function redactPersonalDataFromEvents(q: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<void> {
  await q.query(`
    INSERT INTO webhook_delivery_payloads (delivery_id, account_id, subscription_id, subject_id, payload, created_at)
    SELECT substr(e.stream_id, length('delivery:') + 1), e.payload->>'account_id', e.payload->>'subscription_id',
           COALESCE(e.payload->>'subject_id', e.payload->>'report_job_id'), e.payload->'payload', e.recorded_at
      FROM events e
     WHERE e.event_type = 'DeliveryCreated' AND e.payload ? 'payload'
       AND EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = e.payload->>'subscription_id')
       AND NOT EXISTS (SELECT 1 FROM visual_jobs v WHERE v.id = e.payload->>'subject_id' AND v.erased_at IS NOT NULL)
    ON CONFLICT (delivery_id) DO NOTHING`);
  await q.query(`UPDATE visual_jobs SET subject_label = NULL WHERE erased_at IS NOT NULL AND subject_label IS NOT NULL`);

  await q.query(`ALTER TABLE events DISABLE TRIGGER events_append_only`);
  for (const [types, rewrite] of REWRITES) {
    await q.query(`UPDATE events SET payload = ${rewrite} WHERE event_type = ANY($1::text[]) AND NOT payload ? 'redacted'`, [types]);
  }
  await q.query(`UPDATE events SET payload = payload || jsonb_build_object('warnings', ${warningsWithoutUrls("payload->'warnings'")})
                  WHERE event_type IN ('ReportJobSucceeded', 'VisualJobSucceeded') AND ${quotesALogoUrl("payload->'warnings'")}`);
  await q.query(`ALTER TABLE events ENABLE TRIGGER events_append_only`);
  for (const table of ['jobs', 'visual_jobs']) {
    await q.query(`UPDATE ${table} SET warnings = ${warningsWithoutUrls('warnings')} WHERE ${quotesALogoUrl('warnings')}`);
  }
}

/** `payload` without `fields`, and the names of those it had in `redacted`. */
const without = (fields: string[]) =>
  `(payload - ${fields.map((f) => `'${f}'`).join(' - ')}) || jsonb_build_object('redacted', ` +
  `(SELECT COALESCE(jsonb_agg(f ORDER BY f), '[]'::jsonb) FROM unnest(ARRAY[${fields.map((f) => `'${f}'`).join(', ')}]) f WHERE payload ? f))`;

/** Settings without what describes a person (a horoscope delivery's name and birth subject). */
const loggedSettings = (settings: string) => `((${settings}) - 'birth_subject' - 'name')`;

/** Each event type and the SQL of its payload rewritten. */
const REWRITES: [string[], string][] = [
  [['DeliveryCreated'], without(['payload'])],
  [['VisualJobQueued'], without(['subject_label'])],
  [['BrandProfileCreated', 'BrandProfileUpdated'], without(['name', 'branding'])],
  [['CiTeamCreated', 'CiTeamUpdated'], without(['name'])],
  [
    ['WebhookSubscriptionCreated'],
    `${without(['url', 'description'])} || CASE WHEN payload ? 'settings' THEN jsonb_build_object('settings', ${loggedSettings(`payload->'settings'`)}) ELSE '{}'::jsonb END`,
  ],
  [
    ['WebhookSubscriptionUpdated'],
    `jsonb_build_object(
       'changed', (SELECT COALESCE(jsonb_agg(k ORDER BY k), '[]'::jsonb) FROM jsonb_object_keys(payload->'changes') k),
       'changes', ((payload->'changes') - 'url' - 'description' - 'settings')
                  || CASE WHEN payload->'changes' ? 'settings'
                          THEN jsonb_build_object('settings', ${loggedSettings(`payload->'changes'->'settings'`)}) ELSE '{}'::jsonb END,
       'redacted', (SELECT COALESCE(jsonb_agg(k ORDER BY k), '[]'::jsonb) FROM jsonb_object_keys(payload->'changes') k
                     WHERE k IN ('url', 'description', 'settings')))`,
  ],
];

/** A job's warnings (a jsonb array) with the logo URL a warning quoted replaced by the field's name. */
const warningsWithoutUrls = (warnings: string) =>
  `(SELECT jsonb_agg(regexp_replace(w, '^logo not shown: .* could not be used \\(', 'logo not shown: branding.logo_url could not be used (') ORDER BY n)
     FROM jsonb_array_elements_text(${warnings}) WITH ORDINALITY AS t(w, n))`;

/** Whether a job's warnings quote a logo URL (as the warning did before it named the field). */
const quotesALogoUrl = (warnings: string) =>
  `${warnings} @? '$[*] ? (@ like_regex "^logo not shown: " && !(@ like_regex "^logo not shown: branding\\\\.logo_url could not be used"))'`;
