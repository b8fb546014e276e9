import { InputError } from '@astro/ephemeris';

/** A request that is well-formed but cannot be computed for this chart (answered as a 400 naming the field). */
export class VedicInputError extends InputError {
  readonly kind = 'not_computable';

  constructor(message: string) {
    super(message);
    this.name = 'VedicInputError';
  }
}
