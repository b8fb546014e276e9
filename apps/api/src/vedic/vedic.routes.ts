import { Inject, Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { birthOf } from '@astro/ephemeris';
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
import { EPHEMERIS_PATH } from '../platform';
import { Call, Route } from '../http/route';

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
@Injectable()
export class VedicRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.vedicShadbala)
  shadbala({ body: input }: Call<typeof ROUTES.vedicShadbala>) {
    return computed(() => shadbala({ birth: birthOf(input.birth_subject), mercuryNatures: input.mercury_natures }, this.ephemerisPath));
  }

  @Route(ROUTES.vedicSadeSati)
  sadeSati({ body: birth }: Call<typeof ROUTES.vedicSadeSati>) {
    return computed(() => sadeSati(birthOf(birth), new Date(), this.ephemerisPath, birth.locale));
  }

  @Route(ROUTES.vedicManglikDosha)
  manglikDosha({ body: birth }: Call<typeof ROUTES.vedicManglikDosha>) {
    const { has_dosha, severity, description, remedies } = computed(() =>
      manglikDosha(natalChart(birthOf(birth), this.ephemerisPath), birth.locale),
    );
    return { has_dosha, severity, description, remedies };
  }

  @Route(ROUTES.vedicRemedies)
  remedies({ body: input }: Call<typeof ROUTES.vedicRemedies>) {
    return computed(() => vedicRemedies(birthOf(input.birth_subject), input.locale, new Date(), this.ephemerisPath));
  }

  @Route(ROUTES.vedicKundli)
  kundli({ body: input }: Call<typeof ROUTES.vedicKundli>) {
    const charts = { styles: input.charts, vargas: input.chart_vargas as ShodashVarga[] };
    return computed(() => kundli(birthOf(input.birth_subject), input.node, this.ephemerisPath, charts));
  }

  @Route(ROUTES.vedicDasha)
  dasha({ body: input }: Call<typeof ROUTES.vedicDasha>) {
    return computed(() =>
      chartDasha(natalChart(birthOf(input.birth_subject), this.ephemerisPath), input.year_days, input.at ? new Date(input.at) : new Date()),
    );
  }

  @Route(ROUTES.vedicAshtakavarga)
  ashtakavarga({ body: input }: Call<typeof ROUTES.vedicAshtakavarga>) {
    return computed(() => chartAshtakavarga(natalChart(birthOf(input.birth_subject), this.ephemerisPath)));
  }

  @Route(ROUTES.vedicPanchang)
  panchang({ body: input }: Call<typeof ROUTES.vedicPanchang>) {
    return computed(() => panchang(input, this.ephemerisPath));
  }

  @Route(ROUTES.vedicMatching)
  matching({ body: input }: Call<typeof ROUTES.vedicMatching>) {
    // A date outside the ephemeris is refused by the parse, naming the person (groom.date or bride.date).
    const chartOf = (who: 'groom' | 'bride') => natalChart(birthOf(input[who]), this.ephemerisPath);
    return computed(() => matching(chartOf('groom'), chartOf('bride'), input.locale));
  }

  @Route(ROUTES.vedicDoshas)
  doshas({ body: input }: Call<typeof ROUTES.vedicDoshas>) {
    return computed(() =>
      doshas(natalChart(birthOf(input.birth_subject), this.ephemerisPath), input.node, input.locale, this.ephemerisPath),
    );
  }
}
