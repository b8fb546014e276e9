import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { EphemerisRangeError } from '@astro/ephemeris';
import {
  ashtakavarga,
  doshas,
  GRAHAS,
  kundli,
  manglikDosha,
  matching,
  natalChart,
  panchang,
  sadeSati,
  shadbala,
  ShodashVarga,
  signIndex,
  VedicInputError,
  vedicRemedies,
  vimshottariDasha,
} from '@astro/vedic';
import { CreditsService } from '../credits.service';
import { badRequest } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

/** A chart the calculation cannot serve (e.g. no sunrise at a polar latitude) is the caller's 400. */
function computed<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof VedicInputError) throw badRequest(err.message);
    throw err;
  }
}

/** Vedic calculations: validate, compute first, charge last, so a failed request costs nothing. */
@Controller()
export class VedicController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly credits: CreditsService,
  ) {}

  private get ephemerisPath(): string {
    return this.platform.config.ephemerisPath;
  }

  @Endpoint(ROUTES.vedicShadbala)
  async shadbala(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicShadbala.body, body, 'body');
    const document = computed(() => shadbala({ birth: input.birth_subject, mercuryNatures: input.mercury_natures }, this.ephemerisPath));
    await this.credits.charge(request, 'shadbala');
    return document;
  }

  @Endpoint(ROUTES.vedicSadeSati)
  async sadeSati(@Req() request: FastifyRequest, @Body() body: unknown) {
    const birth = parseInput(ROUTES.vedicSadeSati.body, body, 'body');
    const document = computed(() => sadeSati(birth, new Date(), this.ephemerisPath, birth.locale));
    await this.credits.charge(request, 'sade_sati');
    return document;
  }

  @Endpoint(ROUTES.vedicManglikDosha)
  async manglikDosha(@Req() request: FastifyRequest, @Body() body: unknown) {
    const birth = parseInput(ROUTES.vedicManglikDosha.body, body, 'body');
    const { has_dosha, severity, description, remedies } = computed(() =>
      manglikDosha(natalChart(birth, this.ephemerisPath), birth.locale),
    );
    await this.credits.charge(request, 'manglik_dosha');
    return { has_dosha, severity, description, remedies };
  }

  @Endpoint(ROUTES.vedicRemedies)
  async remedies(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicRemedies.body, body, 'body');
    const document = computed(() => vedicRemedies(input.birth_subject, input.locale, new Date(), this.ephemerisPath));
    await this.credits.charge(request, 'vedic_remedies');
    return document;
  }

  @Endpoint(ROUTES.vedicKundli)
  async kundli(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicKundli.body, body, 'body');
    const charts = { styles: input.charts, vargas: input.chart_vargas as ShodashVarga[] };
    const document = computed(() => kundli(input.birth_subject, input.node, this.ephemerisPath, charts));
    await this.credits.charge(request, 'vedic_kundli');
    return document;
  }

  @Endpoint(ROUTES.vedicDasha)
  async dasha(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicDasha.body, body, 'body');
    const document = computed(() => {
      const chart = natalChart(input.birth_subject, this.ephemerisPath);
      return vimshottariDasha(chart.grahas.Moon.longitude, chart.instant, input.year_days, input.at ? new Date(input.at) : new Date());
    });
    await this.credits.charge(request, 'vedic_dasha');
    return document;
  }

  @Endpoint(ROUTES.vedicAshtakavarga)
  async ashtakavarga(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicAshtakavarga.body, body, 'body');
    const document = computed(() => {
      const chart = natalChart(input.birth_subject, this.ephemerisPath);
      const signs = { Lagna: signIndex(chart.ascendant) } as Parameters<typeof ashtakavarga>[0];
      for (const g of GRAHAS) signs[g] = chart.grahas[g].sign;
      return ashtakavarga(signs);
    });
    await this.credits.charge(request, 'vedic_ashtakavarga');
    return document;
  }

  @Endpoint(ROUTES.vedicPanchang)
  async panchang(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicPanchang.body, body, 'body');
    const document = computed(() => panchang(input, this.ephemerisPath));
    await this.credits.charge(request, 'vedic_panchang');
    return document;
  }

  @Endpoint(ROUTES.vedicMatching)
  async matching(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicMatching.body, body, 'body');
    // A date outside the ephemeris names the person: groom.date or bride.date.
    const chartOf = (who: 'groom' | 'bride') => {
      try {
        return natalChart(input[who], this.ephemerisPath);
      } catch (err) {
        if (err instanceof EphemerisRangeError) throw badRequest(`${who}.${err.message}`);
        throw err;
      }
    };
    const document = computed(() => matching(chartOf('groom'), chartOf('bride'), input.locale));
    await this.credits.charge(request, 'vedic_matching');
    return document;
  }

  @Endpoint(ROUTES.vedicDoshas)
  async doshas(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(ROUTES.vedicDoshas.body, body, 'body');
    const document = computed(() =>
      doshas(natalChart(input.birth_subject, this.ephemerisPath), input.node, input.locale, this.ephemerisPath),
    );
    await this.credits.charge(request, 'vedic_doshas');
    return document;
  }
}
