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
  vedicRemedies,
} from '@astro/vedic';
import { EPHEMERIS_PATH } from '../platform/platform';
import { Call, Route } from '../http/route';

/** The `Vedic` tag. */
@Injectable()
export class VedicRoutes {
  constructor(@Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string) {}

  @Route(ROUTES.vedicShadbala)
  shadbala({ body: input }: Call<typeof ROUTES.vedicShadbala>) {
    return shadbala({ birth: birthOf(input.birth_subject), mercuryNatures: input.mercury_natures }, this.ephemerisPath);
  }

  @Route(ROUTES.vedicSadeSati)
  sadeSati({ body: birth }: Call<typeof ROUTES.vedicSadeSati>) {
    return sadeSati(birthOf(birth), new Date(), this.ephemerisPath, birth.locale);
  }

  @Route(ROUTES.vedicManglikDosha)
  manglikDosha({ body: birth }: Call<typeof ROUTES.vedicManglikDosha>) {
    const { has_dosha, severity, description, remedies } = manglikDosha(natalChart(birthOf(birth), this.ephemerisPath), birth.locale);
    return { has_dosha, severity, description, remedies };
  }

  @Route(ROUTES.vedicRemedies)
  remedies({ body: input }: Call<typeof ROUTES.vedicRemedies>) {
    return vedicRemedies(birthOf(input.birth_subject), input.locale, new Date(), this.ephemerisPath);
  }

  @Route(ROUTES.vedicKundli)
  kundli({ body: input }: Call<typeof ROUTES.vedicKundli>) {
    const charts = { styles: input.charts, vargas: input.chart_vargas as ShodashVarga[] };
    return kundli(birthOf(input.birth_subject), input.node, this.ephemerisPath, charts);
  }

  @Route(ROUTES.vedicDasha)
  dasha({ body: input }: Call<typeof ROUTES.vedicDasha>) {
    return chartDasha(
      natalChart(birthOf(input.birth_subject), this.ephemerisPath),
      input.year_days,
      input.at ? new Date(input.at) : new Date(),
    );
  }

  @Route(ROUTES.vedicAshtakavarga)
  ashtakavarga({ body: input }: Call<typeof ROUTES.vedicAshtakavarga>) {
    return chartAshtakavarga(natalChart(birthOf(input.birth_subject), this.ephemerisPath));
  }

  @Route(ROUTES.vedicPanchang)
  panchang({ body: input }: Call<typeof ROUTES.vedicPanchang>) {
    return panchang(input, this.ephemerisPath);
  }

  @Route(ROUTES.vedicMatching)
  matching({ body: input }: Call<typeof ROUTES.vedicMatching>) {
    // A date outside the ephemeris is refused by the parse, naming the person (groom.date or bride.date).
    const chartOf = (who: 'groom' | 'bride') => natalChart(birthOf(input[who]), this.ephemerisPath);
    return matching(chartOf('groom'), chartOf('bride'), input.locale);
  }

  @Route(ROUTES.vedicDoshas)
  doshas({ body: input }: Call<typeof ROUTES.vedicDoshas>) {
    return doshas(natalChart(birthOf(input.birth_subject), this.ephemerisPath), input.node, input.locale, this.ephemerisPath);
  }
}
