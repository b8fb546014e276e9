import { localDate } from '@astro/ephemeris';
import { DashaPeriod, Graha, GRAHAS, houseFrom, KundliPlacement, MahaDasha, naturalRelation, SIGN_LORDS, SIGN_NAMES } from '@astro/vedic';
import { heading, paragraph, RenderContext, table } from './common';
import {
  birthClockDate,
  dignityName,
  fill,
  grahaLabel,
  grahaName,
  houseName,
  nakshatraName,
  sentence,
  signName,
  VedicText,
  vedicText,
} from './vedic-common';
import type { VedicKundliData } from './vedic-kundli-data';

type Dasha = VedicText['kundli']['dasha'];

/** How one lord stands from another, counted by sign: the same sign, a kendra, a trikona, a house of gain, of effort, or a dusthana. */
export function positionClass(from: number, to: number): 'same' | 'kendra' | 'trikona' | 'gain' | 'effort' | 'dusthana' {
  const h = houseFrom(from, to);
  if (h === 1) return 'same';
  if ([4, 7, 10].includes(h)) return 'kendra';
  if ([5, 9].includes(h)) return 'trikona';
  if ([2, 11].includes(h)) return 'gain';
  if (h === 3) return 'effort';
  return 'dusthana';
}

/** The houses (1–12) a graha rules counted from the lagna; none for the nodes. */
function ruledHouses(lagnaSign: number, graha: string): number[] {
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((h) => SIGN_LORDS[(lagnaSign + h - 1) % 12] === graha);
}

/** Whole calendar years, months and days from one date (YYYY-MM-DD) to a later one. */
export function calendarSpan(from: string, to: string): { years: number; months: number; days: number } {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  let months = (y2 - y1) * 12 + (m2 - m1);
  let days = d2 - d1;
  if (days < 0) {
    months -= 1;
    days += new Date(Date.UTC(y2, m2 - 1, 0)).getUTCDate();
  }
  return { years: Math.floor(months / 12), months: months % 12, days };
}

class DashaReader {
  readonly t: VedicText;
  readonly d: Dasha;
  readonly lagnaSign: number;
  constructor(
    readonly ctx: RenderContext,
    readonly data: VedicKundliData,
  ) {
    this.t = vedicText(ctx.locale);
    this.d = this.t.kundli.dasha;
    this.lagnaSign = SIGN_NAMES.indexOf(this.placement('Lagna').sign);
  }

  placement(body: string): KundliPlacement {
    return this.data.kundli.placements.find((p) => p.body === body)!;
  }

  date(iso: string, style: 'long' | 'short' = 'short'): string {
    return birthClockDate(this.ctx, iso, this.data.person.birth, style);
  }

  /** "rules the 4th and 5th houses", or for a node "acts for Saturn, the lord of Capricorn". */
  lordship(lord: string): { key: 'placement' | 'node_placement'; values: Record<string, string> } {
    const p = this.placement(lord);
    const ruled = ruledHouses(this.lagnaSign, lord);
    if (ruled.length === 0) {
      const dispositor = SIGN_LORDS[SIGN_NAMES.indexOf(p.sign)];
      return {
        key: 'node_placement',
        values: { acts: fill(this.d.node_acts, { dispositor: grahaName(this.t, dispositor), sign: signName(this.t, p.sign) }) },
      };
    }
    const ordinals = ruled.map((h) => this.t.names.ordinals[h - 1]);
    const houses =
      ordinals.length === 1 ? fill(this.d.houses_one, { a: ordinals[0] }) : fill(this.d.houses_two, { a: ordinals[0], b: ordinals[1] });
    const topics = ruled.map((h) => (this.t.names.house_topics as Record<string, string>)[String(h)]).join(this.d.topic_join);
    return { key: 'placement', values: { rules: fill(this.d.rules, { houses }), topics } };
  }

  where(lord: string): Record<string, string> {
    const p = this.placement(lord);
    return {
      lord: grahaName(this.t, lord),
      house: houseName(this.t, p.house),
      sign: signName(this.t, p.sign),
      dignity: dignityName(this.t, p.dignity),
    };
  }

  /** The mahadasha read at length: what the lord signifies, what it rules and where it stands. */
  maha(period: MahaDasha): string[] {
    const m = this.d.maha;
    const own = this.lordship(period.lord);
    return [
      `${sentence(this.ctx, m.lead, { lord: grahaName(this.t, period.lord), start: this.date(period.start, 'long'), end: this.date(period.end, 'long') })} ${
        (m.nature as Record<string, string>)[period.lord]
      }`,
      `${sentence(this.ctx, m[own.key], { ...this.where(period.lord), ...own.values })} ${(m.field as Record<string, string>)[String(this.placement(period.lord).house)]}`,
    ];
  }

  /** The antardasha: its lord's flavour, what it rules and occupies, and how it stands to the mahadasha lord. */
  antar(period: DashaPeriod, maha: string): string {
    const a = this.d.antar;
    const own = this.lordship(period.lord);
    const p = this.placement(period.lord);
    const topics = (this.t.names.house_topics as Record<string, string>)[String(p.house)];
    const relation = period.lord === maha ? 'own' : positionClass(this.signOf(maha), this.signOf(period.lord));
    const friendship =
      period.lord !== maha && this.isGraha(maha) && this.isGraha(period.lord)
        ? a.friendship[naturalRelation(period.lord as Graha, maha as Graha)]
        : '';
    return [
      sentence(this.ctx, a.lead, {
        lord: grahaName(this.t, period.lord),
        start: this.date(period.start, 'long'),
        end: this.date(period.end, 'long'),
      }),
      (a.flavour as Record<string, string>)[period.lord],
      sentence(this.ctx, a[own.key], { ...this.where(period.lord), ...own.values, topics }),
      a.from_maha[relation],
      friendship,
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** The pratyantardasha in a few lines: its weeks' colour, its house, how it stands to the antardasha lord. */
  pratyantar(period: DashaPeriod, antar: string): string {
    const pr = this.d.pratyantar;
    const p = this.placement(period.lord);
    const relation = period.lord === antar ? 'own' : positionClass(this.signOf(antar), this.signOf(period.lord));
    return [
      sentence(this.ctx, pr.lead, {
        lord: grahaName(this.t, period.lord),
        start: this.date(period.start, 'long'),
        end: this.date(period.end, 'long'),
      }),
      (pr.flavour as Record<string, string>)[period.lord],
      sentence(this.ctx, pr.field, {
        house: houseName(this.t, p.house),
        topics: (this.t.names.house_topics as Record<string, string>)[String(p.house)],
      }),
      pr.from_antar[relation],
    ].join(' ');
  }

  signOf(lord: string): number {
    return SIGN_NAMES.indexOf(this.placement(lord).sign);
  }

  isGraha(lord: string): boolean {
    return (GRAHAS as readonly string[]).includes(lord);
  }

  periodsTable(periods: DashaPeriod[], lordHeader: string): string {
    const h = this.d.headers;
    return table(
      [lordHeader, h.from, h.to],
      periods.map((p) => [grahaLabel(this.t, p.lord), this.date(p.start), this.date(p.end)]),
    );
  }
}

/** Vimshottari: the balance at birth, the mahadashas of the life, the running periods read at length, the antardashas of this and the next mahadasha. */
export function dashaSection(ctx: RenderContext, data: VedicKundliData): string {
  const r = new DashaReader(ctx, data);
  const { t, d } = r;
  const dasha = data.dasha;
  const birthDate = data.person.birth.date;
  const firstEnd = localDate(new Date(dasha.mahadashas[0].end), data.person.birth.timezoneOffsetMinutes * 60);
  const balance = calendarSpan(birthDate, firstEnd);
  const birthMs = Date.parse(`${birthDate}T00:00:00Z`);
  const age = (iso: string) => String(Math.max(0, Math.floor((Date.parse(iso) - birthMs) / (365.25 * 86_400_000))));
  const asOf = ctx.date(data.as_of);
  const parts = [
    heading(2, t.kundli.sections.dasha, true),
    paragraph(d.intro),
    paragraph(
      sentence(ctx, d.balance, {
        traversed: `${Math.round(dasha.moon_nakshatra_traversed * 100)}%`,
        nakshatra: nakshatraName(t, dasha.moon_nakshatra),
        lord: grahaName(t, dasha.balance_at_birth.lord),
        balance: fill(d.balance_value, balance),
      }),
    ),
    heading(3, d.maha_heading),
    table(
      [d.headers.lord, d.headers.from, d.headers.to, d.headers.age],
      dasha.mahadashas.map((m) => [grahaLabel(t, m.lord), r.date(m.start), r.date(m.end), age(m.start)]),
    ),
    heading(3, fill(d.running_heading, { date: asOf })),
  ];
  const running = dasha.running;
  if (!running) return [...parts, paragraph(sentence(ctx, d.running_none, { date: asOf }))].join('\n');
  const mi = dasha.mahadashas.findIndex((m) => m.lord === running.maha && m.start <= running.at && running.at < m.end);
  const maha = dasha.mahadashas[mi];
  const antar = maha.antardashas.find((a) => a.lord === running.antar && a.start <= running.at && running.at < a.end)!;
  const pratyantar = antar.pratyantardashas.find((p) => p.lord === running.pratyantar && p.start <= running.at && running.at < p.end)!;
  const next = dasha.mahadashas[mi + 1];
  parts.push(
    paragraph(
      sentence(ctx, d.running_line, {
        date: asOf,
        maha: grahaName(t, running.maha),
        antar: grahaName(t, running.antar),
        pratyantar: grahaName(t, running.pratyantar),
      }),
    ),
    ...r.maha(maha).map(paragraph),
    paragraph(r.antar(antar, maha.lord)),
    paragraph(r.pratyantar(pratyantar, antar.lord)),
    heading(3, fill(d.current_antars, { lord: grahaName(t, maha.lord) })),
    r.periodsTable(maha.antardashas, d.headers.antar),
  );
  if (next) {
    const years = Math.round((Date.parse(next.end) - Date.parse(next.start)) / (365.25 * 86_400_000));
    parts.push(
      heading(3, fill(d.next_antars, { lord: grahaName(t, next.lord) })),
      paragraph(
        `${sentence(ctx, d.next_lead, { date: r.date(next.start, 'long'), lord: grahaName(t, next.lord), years })} ${
          (d.maha.nature as Record<string, string>)[next.lord]
        }`,
      ),
      r.periodsTable(next.antardashas, d.headers.antar),
    );
  }
  return parts.join('\n');
}
