import { Inject, Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { auspiciousTiming, yamAtthakan, almanacMonth, mahaThaksa, mahaThaksaSvg, describeCivilDate, holyDaysOfYear } from '@astro/thai';
import { checkMahaThaksa, checkThaiCivilDate } from './checks';
import { EPHEMERIS_PATH } from '../platform/platform';
import { Call, Route } from '../http/route';

/** The `Thai Astrology` tag. */
@Injectable()
export class ThaiRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.thaiLunarDate)
  lunarDate({ body: input }: Call<typeof ROUTES.thaiLunarDate>) {
    return describeCivilDate(input.date);
  }

  @Route(ROUTES.thaiCivilDate, checkThaiCivilDate)
  civilDate({ checked: date }: Call<typeof ROUTES.thaiCivilDate, string>) {
    return describeCivilDate(date);
  }

  @Route(ROUTES.thaiHolyDays)
  holyDays({ body: input }: Call<typeof ROUTES.thaiHolyDays>) {
    return holyDaysOfYear(input.year);
  }

  @Route(ROUTES.thaiAlmanac)
  almanac({ body: input }: Call<typeof ROUTES.thaiAlmanac>) {
    return almanacMonth(input.year, input.month);
  }

  @Route(ROUTES.thaiMahaThaksa, checkMahaThaksa)
  mahaThaksa({ body: input, checked: asOf }: Call<typeof ROUTES.thaiMahaThaksa, string>) {
    const wheel = mahaThaksa({ date: input.date, time: input.time }, asOf);
    return { ...wheel, svg: mahaThaksaSvg(wheel) };
  }

  @Route(ROUTES.thaiYamAtthakan)
  yam({ body: input }: Call<typeof ROUTES.thaiYamAtthakan>) {
    const days = [];
    for (let t = Date.parse(input.start_date); t <= Date.parse(input.end_date); t += 86_400_000) {
      days.push(yamAtthakan(new Date(t).toISOString().slice(0, 10), input, this.ephemerisPath));
    }
    return { days };
  }

  @Route(ROUTES.thaiAuspiciousTiming)
  auspiciousTiming({ body: input }: Call<typeof ROUTES.thaiAuspiciousTiming>) {
    return auspiciousTiming(
      { start_date: input.start_date, end_date: input.end_date, place: input, activity: input.activity, birth: input.birth },
      this.ephemerisPath,
    );
  }
}
