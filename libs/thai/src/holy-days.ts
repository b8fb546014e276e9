import { civilToThaiLunar, yearTypeOf } from './calendar';
import { lunarDayText } from './date-text';
import { isPublishedYear, ThaiYearType } from './year-types';
import { Observance, observancesOfYear } from './observances';

export interface HolyDaysOfYear {
  year: number;
  lunar_year_type: ThaiYearType;
  year_type_source: 'published' | 'extrapolated';
  wan_phra: { date: string; lunar: string }[];
  festivals: Observance[];
}

/** The Wan Phra (with their lunar dates) and the festivals of a civil year. */
export function holyDaysOfYear(year: number): HolyDaysOfYear {
  const all = observancesOfYear(year);
  return {
    year,
    lunar_year_type: yearTypeOf(year),
    year_type_source: isPublishedYear(year) ? 'published' : 'extrapolated',
    wan_phra: all.filter((o) => o.kind === 'wan_phra').map((o) => ({ date: o.date, lunar: lunarDayText(civilToThaiLunar(o.date)) })),
    festivals: all.filter((o) => o.kind !== 'wan_phra'),
  };
}
