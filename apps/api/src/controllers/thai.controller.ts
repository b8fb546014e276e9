import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { auspiciousTiming, yamAtthakan, almanacMonth, mahaThaksa, mahaThaksaSvg, describeCivilDate, holyDaysOfYear } from '@astro/thai';
import { CreditsService } from '../credits.service';
import { Platform, PLATFORM } from '../platform';
import { checkMahaThaksa, checkThaiCivilDate } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** The `Thai Astrology` tag: validate, compute, then charge (a refused request costs nothing). */
@Controller()
export class ThaiController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly credits: CreditsService,
  ) {}

  @Endpoint(ROUTES.thaiLunarDate)
  async lunarDate(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiLunarDate.body, body, 'body');
    const result = describeCivilDate(input.date);
    await this.credits.charge(request, 'thai_lunar_date');
    return result;
  }

  @Endpoint(ROUTES.thaiCivilDate)
  async civilDate(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiCivilDate.body, body, 'body');
    const date = checkThaiCivilDate(input);
    const result = describeCivilDate(date);
    await this.credits.charge(request, 'thai_lunar_date');
    return result;
  }

  @Endpoint(ROUTES.thaiHolyDays)
  async holyDays(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiHolyDays.body, body, 'body');
    const result = holyDaysOfYear(input.year);
    await this.credits.charge(request, 'thai_holy_days');
    return result;
  }

  @Endpoint(ROUTES.thaiAlmanac)
  async almanac(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiAlmanac.body, body, 'body');
    const result = almanacMonth(input.year, input.month);
    await this.credits.charge(request, 'thai_almanac');
    return result;
  }

  @Endpoint(ROUTES.thaiMahaThaksa)
  async mahaThaksa(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiMahaThaksa.body, body, 'body');
    const asOf = checkMahaThaksa(input);
    const wheel = mahaThaksa({ date: input.date, time: input.time }, asOf);
    const result = { ...wheel, svg: mahaThaksaSvg(wheel) };
    await this.credits.charge(request, 'thai_maha_thaksa');
    return result;
  }

  @Endpoint(ROUTES.thaiYamAtthakan)
  async yam(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiYamAtthakan.body, body, 'body');
    const days = [];
    for (let t = Date.parse(input.start_date); t <= Date.parse(input.end_date); t += 86_400_000) {
      days.push(yamAtthakan(new Date(t).toISOString().slice(0, 10), input, this.platform.config.ephemerisPath));
    }
    await this.credits.charge(request, 'thai_yam_atthakan');
    return { days };
  }

  @Endpoint(ROUTES.thaiAuspiciousTiming)
  async auspiciousTiming(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.thaiAuspiciousTiming.body, body, 'body');
    const result = auspiciousTiming(
      { start_date: input.start_date, end_date: input.end_date, place: input, activity: input.activity, birth: input.birth },
      this.platform.config.ephemerisPath,
    );
    await this.credits.charge(request, 'thai_auspicious_timing');
    return result;
  }
}
