import { Activity, BirthDays, birthDays, dayVerdict, DayVerdict, Kalayoka, kalayoka } from './auspicious';
import { epochDay, isoOfEpochDay } from './calendar';
import { describeCivilDate } from './date-text';
import { ThaksaBirth } from './maha-thaksa';
import { isWanPhra } from './observances';
import { YamDay, yamAtthakan, YamPlace } from './yam-atthakan';

/**
 * ฤกษ์ยาม for a date range (at most 31 days, checked by the caller): each date's day-level verdict
 * (กาลโยค, ดิถีมหาสูญ, the person's Maha Thaksa days, weighted for the activity) and its ยามอัฐกาล
 * watches from the real sunrise and sunset at the place.
 */
export interface AuspiciousTimingInput {
  start_date: string;
  end_date: string;
  place: YamPlace;
  activity?: Activity;
  birth?: ThaksaBirth;
}

export interface AuspiciousDay extends DayVerdict, Omit<YamDay, 'date'> {
  date: string;
  weekday: number;
  lunar: { text: { th: string; en: string }; month_label: string; phase: 'waxing' | 'waning'; day: number; chula_sakarat: number };
  wan_phra: boolean;
}

export interface AuspiciousTiming {
  activity: Activity | null;
  birth: BirthDays | null;
  kalayoka: Kalayoka[];
  days: AuspiciousDay[];
}

export function auspiciousTiming(input: AuspiciousTimingInput, ephemerisPath: string): AuspiciousTiming {
  const birth = input.birth ? birthDays(input.birth) : undefined;
  const days: AuspiciousDay[] = [];
  const years = new Set<number>();
  for (let day = epochDay(input.start_date); day <= epochDay(input.end_date); day++) {
    const iso = isoOfEpochDay(day);
    const described = describeCivilDate(iso);
    years.add(described.chula_sakarat);
    const { date: _date, ...yam } = yamAtthakan(iso, input.place, ephemerisPath);
    days.push({
      date: iso,
      weekday: described.weekday,
      lunar: {
        text: described.text,
        month_label: described.month_label,
        phase: described.phase,
        day: described.day,
        chula_sakarat: described.chula_sakarat,
      },
      wan_phra: isWanPhra(described.phase, described.day, described.days_in_month),
      ...dayVerdict(described, { activity: input.activity, birth }),
      ...yam,
    });
  }
  return { activity: input.activity ?? null, birth: birth ?? null, kalayoka: [...years].map(kalayoka), days };
}
