import { Body, Controller, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { EphemerisRangeError } from '@astro/ephemeris';
import {
  chartAshtakavarga,
  chartDasha,
  doshas,
  kundli,
  manglikDosha,
  matching,
  natalChart,
  panchang,
  sadeSati,
  shadbala,
  ShodashVarga,
  VedicInputError,
  vedicRemedies,
} from '@astro/vedic';
import { badRequest } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { CalculationController } from './calculation-controller';

/** A chart the calculation cannot serve (e.g. no sunrise at a polar latitude) is the caller's 400. */
function computed<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof VedicInputError) throw badRequest(err.message);
    throw err;
  }
}

/** The `Vedic` tag. */
@Controller()
export class VedicController extends CalculationController {
  @Endpoint(ROUTES.vedicShadbala)
  shadbala(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicShadbala, body, (input) =>
      computed(() => shadbala({ birth: input.birth_subject, mercuryNatures: input.mercury_natures }, this.ephemerisPath)),
    );
  }

  @Endpoint(ROUTES.vedicSadeSati)
  sadeSati(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicSadeSati, body, (birth) =>
      computed(() => sadeSati(birth, new Date(), this.ephemerisPath, birth.locale)),
    );
  }

  @Endpoint(ROUTES.vedicManglikDosha)
  manglikDosha(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicManglikDosha, body, (birth) => {
      const { has_dosha, severity, description, remedies } = computed(() =>
        manglikDosha(natalChart(birth, this.ephemerisPath), birth.locale),
      );
      return { has_dosha, severity, description, remedies };
    });
  }

  @Endpoint(ROUTES.vedicRemedies)
  remedies(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicRemedies, body, (input) =>
      computed(() => vedicRemedies(input.birth_subject, input.locale, new Date(), this.ephemerisPath)),
    );
  }

  @Endpoint(ROUTES.vedicKundli)
  kundli(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicKundli, body, (input) => {
      const charts = { styles: input.charts, vargas: input.chart_vargas as ShodashVarga[] };
      return computed(() => kundli(input.birth_subject, input.node, this.ephemerisPath, charts));
    });
  }

  @Endpoint(ROUTES.vedicDasha)
  dasha(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicDasha, body, (input) =>
      computed(() =>
        chartDasha(natalChart(input.birth_subject, this.ephemerisPath), input.year_days, input.at ? new Date(input.at) : new Date()),
      ),
    );
  }

  @Endpoint(ROUTES.vedicAshtakavarga)
  ashtakavarga(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicAshtakavarga, body, (input) =>
      computed(() => chartAshtakavarga(natalChart(input.birth_subject, this.ephemerisPath))),
    );
  }

  @Endpoint(ROUTES.vedicPanchang)
  panchang(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicPanchang, body, (input) => computed(() => panchang(input, this.ephemerisPath)));
  }

  @Endpoint(ROUTES.vedicMatching)
  matching(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicMatching, body, (input) => {
      // A date outside the ephemeris names the person: groom.date or bride.date.
      const chartOf = (who: 'groom' | 'bride') => {
        try {
          return natalChart(input[who], this.ephemerisPath);
        } catch (err) {
          if (err instanceof EphemerisRangeError) throw badRequest(`${who}.${err.message}`);
          throw err;
        }
      };
      return computed(() => matching(chartOf('groom'), chartOf('bride'), input.locale));
    });
  }

  @Endpoint(ROUTES.vedicDoshas)
  doshas(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.calculate(request, ROUTES.vedicDoshas, body, (input) =>
      computed(() => doshas(natalChart(input.birth_subject, this.ephemerisPath), input.node, input.locale, this.ephemerisPath)),
    );
  }
}
