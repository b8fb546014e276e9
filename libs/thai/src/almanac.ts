import { dayVerdict, DayVerdict } from './auspicious';
import { describeCivilDate, ThaiDateDescription } from './date-text';
import { isoOfEpochDay, epochDay } from './calendar';
import { Observance, observancesOfYear } from './observances';

/**
 * One civil month as a Thai calendar screen shows it: each day's lunar date, Wan Phra, observances and
 * day-level auspiciousness for auspicious undertakings in general (no activity, no birth).
 */
export interface AlmanacDay extends ThaiDateDescription {
  wan_phra: boolean;
  observances: Observance[];
  auspiciousness: DayVerdict;
}

export interface AlmanacMonth {
  year: number;
  month: number;
  days: AlmanacDay[];
}

export function almanacMonth(year: number, month: number): AlmanacMonth {
  const observances = observancesOfYear(year);
  const first = epochDay(`${year}-${String(month).padStart(2, '0')}-01`);
  const next = month === 12 ? epochDay(`${year + 1}-01-01`) : epochDay(`${year}-${String(month + 1).padStart(2, '0')}-01`);
  const days: AlmanacDay[] = [];
  for (let day = first; day < next; day++) {
    const iso = isoOfEpochDay(day);
    const todays = observances.filter((o) => o.date === iso);
    const described = describeCivilDate(iso);
    days.push({
      ...described,
      wan_phra: todays.some((o) => o.kind === 'wan_phra'),
      observances: todays.filter((o) => o.kind !== 'wan_phra'),
      auspiciousness: dayVerdict(described),
    });
  }
  return { year, month, days };
}
