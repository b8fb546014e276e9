import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { auspiciousTiming, yamAtthakan, almanacMonth, mahaThaksa, mahaThaksaSvg, describeCivilDate, holyDaysOfYear, lunarDateProblem, thaiLunarToCivil } from '@astro/thai';
import { CreditsService } from '../credits.service';
import { Platform, PLATFORM } from '../platform';
import { badRequest } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** The `Thai Astrology` tag: validate, compute, then charge (a refused request costs nothing). */
@Controller()
export class ThaiController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly credits: CreditsService) {}

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
    const problem = lunarDateProblem(input);
    if (problem) throw badRequest(`invalid body: ${problem.field}: ${problem.message}`);
    const date = thaiLunarToCivil(input);
    // Lunar year 1901 begins in late 1900 and lunar year 2200 in late 2199: only civil dates 1901–2199 are served.
    if (Number(date.slice(0, 4)) > 2199) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, after 2199-12-31`);
    if (Number(date.slice(0, 4)) < 1901) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, before 1901-01-01`);
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
    const asOf = input.as_of ?? new Date().toISOString().slice(0, 10);
    if (asOf < input.date) throw badRequest('invalid body: as_of: must not be before the birth date');
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
