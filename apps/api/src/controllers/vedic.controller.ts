import { Body, Controller, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { manglikDosha, natalChart, sadeSati, shadbala, VedicInputError, vedicRemedies } from '@astro/vedic';
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
  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly credits: CreditsService) {}

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
    const document = computed(() => sadeSati(birth, new Date(), this.ephemerisPath));
    await this.credits.charge(request, 'sade_sati');
    return document;
  }

  @Endpoint(ROUTES.vedicManglikDosha)
  async manglikDosha(@Req() request: FastifyRequest, @Body() body: unknown) {
    const birth = parseInput(ROUTES.vedicManglikDosha.body, body, 'body');
    const { has_dosha, severity, description, remedies } = computed(() => manglikDosha(natalChart(birth, this.ephemerisPath)));
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
}
