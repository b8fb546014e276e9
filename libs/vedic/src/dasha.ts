import { DashaLord, nakshatraOf, VIMSHOTTARI_LORDS, VIMSHOTTARI_YEARS } from './nakshatra';
import type { NatalChart } from './chart/natal-chart';

/** Days in a dasha year: 365.25 (the Julian year, most modern software) or 360 (the savana year some texts prescribe). */
export type DashaYear = 365.25 | 360;
const DAY_MS = 86_400_000;

export interface DashaPeriod {
  lord: DashaLord;
  start: string;
  end: string;
}
export interface MahaDasha extends DashaPeriod {
  antardashas: (DashaPeriod & { pratyantardashas: DashaPeriod[] })[];
}

export interface VimshottariDasha {
  moon_nakshatra: string;
  moon_nakshatra_traversed: number;
  year_days: DashaYear;
  balance_at_birth: { lord: DashaLord; years: number };
  mahadashas: MahaDasha[];
  running: { maha: DashaLord; antar: DashaLord; pratyantar: DashaLord; at: string } | null;
}

/** The nine lords in Vimshottari order starting from one of them. */
function sequenceFrom(lord: DashaLord): DashaLord[] {
  const i = VIMSHOTTARI_LORDS.indexOf(lord);
  return [...VIMSHOTTARI_LORDS.slice(i), ...VIMSHOTTARI_LORDS.slice(0, i)];
}

/** Sub-periods of a period: each lord's share is its years / 120 of the parent, starting with the parent's own lord (BPHS 47). */
function subdivide(lord: DashaLord, startMs: number, lengthMs: number): { lord: DashaLord; startMs: number; endMs: number }[] {
  let t = startMs;
  return sequenceFrom(lord).map((sub) => {
    const s = t;
    t += (lengthMs * VIMSHOTTARI_YEARS[sub]) / 120;
    return { lord: sub, startMs: s, endMs: t };
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Vimshottari dasha from the Moon's sidereal longitude at birth: the balance of the first period
 * is the untraversed fraction of the Moon's nakshatra times its lord's years (BPHS 46.18–20).
 */
export function vimshottariDasha(moonLongitude: number, birth: Date, yearDays: DashaYear, at: Date | null): VimshottariDasha {
  const nak = nakshatraOf(moonLongitude);
  const yearMs = yearDays * DAY_MS;
  const firstYears = VIMSHOTTARI_YEARS[nak.lord];
  const balanceYears = (1 - nak.traversed) * firstYears;
  // The first mahadasha began before birth, as if the Moon had stood at the start of its nakshatra.
  let start = birth.getTime() - nak.traversed * firstYears * yearMs;
  const mahadashas: MahaDasha[] = [];
  for (const lord of sequenceFrom(nak.lord)) {
    const length = VIMSHOTTARI_YEARS[lord] * yearMs;
    const antardashas = subdivide(lord, start, length).map((a) => ({
      lord: a.lord,
      start: iso(a.startMs),
      end: iso(a.endMs),
      pratyantardashas: subdivide(a.lord, a.startMs, a.endMs - a.startMs).map((p) => ({
        lord: p.lord,
        start: iso(p.startMs),
        end: iso(p.endMs),
      })),
    }));
    mahadashas.push({ lord, start: iso(start), end: iso(start + length), antardashas });
    start += length;
  }
  return {
    moon_nakshatra: nak.name,
    moon_nakshatra_traversed: nak.traversed,
    year_days: yearDays,
    balance_at_birth: { lord: nak.lord, years: balanceYears },
    mahadashas,
    running: at ? runningAt(mahadashas, at) : null,
  };
}

function runningAt(mahadashas: MahaDasha[], at: Date): VimshottariDasha['running'] {
  const t = at.toISOString();
  const within = <P extends DashaPeriod>(list: P[]) => list.find((p) => p.start <= t && t < p.end);
  const maha = within(mahadashas);
  const antar = maha && within(maha.antardashas);
  const pratyantar = antar && within(antar.pratyantardashas);
  return maha && antar && pratyantar ? { maha: maha.lord, antar: antar.lord, pratyantar: pratyantar.lord, at: t } : null;
}

/** Vimshottari dasha of a chart, from its Moon and its birth instant; the running periods at `at`. */
export function chartDasha(chart: NatalChart, yearDays: DashaYear, at: Date | null): VimshottariDasha {
  return vimshottariDasha(chart.grahas.Moon.longitude, chart.instant, yearDays, at);
}
