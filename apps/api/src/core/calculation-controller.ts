import { Inject, Injectable } from '@nestjs/common';
import { Platform, PLATFORM } from '../platform';

/**
 * The base of the route classes of calculations (charts, readings, calendars): they read the
 * ephemeris files. serveRoute parses, checks, charges and answers; the class only computes.
 */
@Injectable()
export abstract class CalculationController {
  constructor(@Inject(PLATFORM) protected readonly platform: Platform) {}

  protected get ephemerisPath(): string {
    return this.platform.config.ephemerisPath;
  }
}
