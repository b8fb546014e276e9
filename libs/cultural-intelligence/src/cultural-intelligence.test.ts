import { loadConfig } from '@astro/config';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import campaignEn from './content/campaign-en.json';
import campaignTh from './content/campaign-th.json';
import en from './content/en.json';
import th from './content/th.json';
import { lunations } from './campaign';
import { joinList } from './content';
import { loadMasterKey, newDataKey, open, seal } from './crypto';
import { birthOffsetSeconds, memberElements, summarise, WESTERN_ELEMENTS } from './elements';
import { teamReflection } from './reflection';

const { ephemerisPath } = loadConfig();

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}[${i}]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('envelope encryption', () => {
  it('opens what it sealed, and refuses tampered data or data moved to another owner', () => {
    const key = newDataKey();
    const sealed = seal(key, Buffer.from('{"date":"1991-06-14"}'), 'profile:org_a:cip_1');
    expect(open(key, sealed, 'profile:org_a:cip_1').toString()).toBe('{"date":"1991-06-14"}');
    expect(() => open(key, sealed, 'profile:org_b:cip_1')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => open(key, tampered, 'profile:org_a:cip_1')).toThrow();
    expect(() => open(newDataKey(), sealed, 'profile:org_a:cip_1')).toThrow();
  });

  it('generates the development master key once (mode 0600) and refuses to run without one in production', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ci-key-')), 'ci-master-key');
    const first = loadMasterKey({ file, production: false });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ file, production: false })).toEqual(first);
    expect(() => loadMasterKey({ file: `${file}-none`, production: true })).toThrow(/CI_MASTER_KEY is not set/);
    const configured = randomBytes(32).toString('base64');
    expect(loadMasterKey({ configured, file, production: true }).key.toString('base64')).toBe(configured);
    expect(() => loadMasterKey({ configured: 'short', file, production: true })).toThrow(/32 bytes/);
  });
});

describe('content', () => {
  it('has the same keys in English and Thai, and no English sentence in the Thai files', () => {
    for (const [english, thai] of [
      [en, th],
      [campaignEn, campaignTh],
    ]) {
      expect(leaves(thai).map(([k]) => k)).toEqual(leaves(english).map(([k]) => k));
      for (const [key, text] of leaves(thai)) {
        // Zodiac and planet names are Thai; the placeholders ({team}) are the only Latin allowed.
        expect([key, text.replace(/\{\w+\}/g, '')]).toEqual([key, expect.not.stringMatching(/[A-Za-z]{3,}/)]);
      }
    }
  });

  it('never speaks of health, private life or pay', () => {
    const banned = /\b(health|ill(ness)?|disease|love|romance|romantic|relationships?|dating|marriage|money|salary|wealth|debt|income)\b/i;
    for (const [key, text] of leaves({ en, campaignEn })) expect([key, text]).toEqual([key, expect.not.stringMatching(banned)]);
    const bannedThai = /สุขภาพ|ความรัก|คู่รัก|แต่งงาน|เงินเดือน|รายได้|หนี้|ความมั่งคั่ง/;
    for (const [key, text] of leaves({ th, campaignTh })) expect([key, text]).toEqual([key, expect.not.stringMatching(bannedThai)]);
  });

  it('joins lists as a writer would', () => {
    expect(joinList(['Fire'], 'en')).toBe('Fire');
    expect(joinList(['Fire', 'Air'], 'en')).toBe('Fire and Air');
    expect(joinList(['Fire', 'Air', 'Water'], 'en')).toBe('Fire, Air and Water');
    expect(joinList(['ธาตุไฟ', 'ธาตุลม'], 'th')).toBe('ธาตุไฟ และธาตุลม');
  });
});

describe('element balance', () => {
  it('places a known chart: 1991-06-14 08:30 Bangkok (01:30 UT) by the signs swetest gives', () => {
    // swetest -b14.6.1991 -ut01:30 -p0123456 -fPZ: Sun 22 ge 31', Moon 14 cn 38', Mercury 18 ge 38',
    // Venus 7 le 52', Mars 10 le 57', Jupiter 11 le 11', Saturn 6 aq 13' → air 3 (Ge, Ge, Aq), fire 3 (Le ×3), water 1 (Cn).
    const member = memberElements({ date: '1991-06-14', time: '08:30', timezone: 'Asia/Bangkok' }, ephemerisPath);
    expect(member.western).toEqual({ fire: 3, earth: 0, air: 3, water: 1 });
    // 1991 (after 立春) is 辛未: Metal stem over an Earth branch.
    expect(Object.values(member.chinese).reduce((a, b) => a + b)).toBe(8);
    expect(member.chinese.metal).toBeGreaterThanOrEqual(1);
  });

  it('marks an element dominant from 1.5 times the even share and lacking at half of it', () => {
    const summary = summarise(WESTERN_ELEMENTS, [{ fire: 3, earth: 2, air: 2, water: 1 }]);
    expect(summary).toMatchObject({ counts: { fire: 3, earth: 2, air: 2, water: 1 }, dominant: ['fire'], lacking: ['water'] });
  });

  it("writes a reflection from the team balance, in the audience's voice", () => {
    const members = [0, 1, 2].map(() => ({
      label: 'x',
      elements: {
        birthTimeKnown: true,
        western: { fire: 4, earth: 1, air: 1, water: 1 },
        chinese: { wood: 2, fire: 2, earth: 2, metal: 1, water: 1 },
      },
    }));
    const manager = teamReflection({ teamName: 'Sales', members, shareLabels: false, locale: 'en', audience: 'manager' });
    expect(manager.content.summary).toBe(en.summary.dominant_western_only.replace('{team}', 'Sales').replace('{elements}', 'Fire'));
    expect(manager.content.collaboration_suggestions).toEqual([en.suggestions.manager.fire]);
    expect(manager.element_balance.members.map((m) => m.member)).toEqual(['member_1', 'member_2', 'member_3']);
  });
});

describe('lunations', () => {
  it('finds the new and full moons of early 2024 at the times NASA publishes, to the minute', () => {
    // F. Espenak, "Phases of the Moon 2001–2100" (NASA/astropixels.com), 2024 (UT):
    // new moon 2024-01-11 11:57, full moon 2024-01-25 17:54, new moon 2024-02-09 22:59, full moon 2024-02-24 12:30.
    const found = lunations(new Date('2024-01-01T00:00:00Z'), new Date('2024-03-01T00:00:00Z'), ephemerisPath)
      .sort((a, b) => a.utc.getTime() - b.utc.getTime())
      .map((l) => `${l.kind} ${new Date(Math.round(l.utc.getTime() / 60_000) * 60_000).toISOString().slice(0, 16)}`);
    expect(found).toEqual([
      'new_moon 2024-01-11T11:57',
      'full_moon 2024-01-25T17:54',
      'new_moon 2024-02-09T22:59',
      'full_moon 2024-02-24T12:30',
    ]);
  });
});

describe('IANA time zones', () => {
  it('uses the historical rules of the time zone database', () => {
    // tzdata (asia): Bangkok kept local mean time +6:42:04 until 1920-04-01, then +07:00.
    const offset = (timezone: string, date: string, time: string) => birthOffsetSeconds({ date, time, timezone });
    expect(offset('Asia/Bangkok', '1910-01-01', '12:00')).toBe(6 * 3600 + 42 * 60 + 4);
    expect(offset('Asia/Bangkok', '1991-06-14', '08:30')).toBe(7 * 3600);
    // tzdata (europe): British Double Summer Time, +02:00, in summer 1941.
    expect(offset('Europe/London', '1941-06-01', '12:00')).toBe(2 * 3600);
    // A wall time inside the spring-forward gap takes the offset before it (tzdata: New York, 2024-03-10 02:00 → 03:00).
    expect(offset('America/New_York', '2024-03-10', '02:30')).toBe(-5 * 3600);
    expect(() => offset('Mars/Olympus', '1991-06-14', '08:30')).toThrow(/unknown time zone/);
  });
});
