/**
 * An error in the caller's input that no retry changes: the API answers it 400 with its message,
 * a worker activity fails for good (non-retryable, of type `kind`). Apps test this base, never the
 * library classes that extend it.
 */
export abstract class InputError extends Error {
  /** a short name of what was wrong, e.g. ephemeris_range */
  abstract readonly kind: string;
}

/** The instant lies outside the shipped ephemeris files (a caller error: answer 400). */
export class EphemerisRangeError extends InputError {
  readonly kind = 'ephemeris_range';

  /** `message` names the field first (`date: …`); `rule` is what follows, for a parse issue at that field. */
  constructor(
    message: string,
    readonly rule = message,
  ) {
    super(message);
    this.name = 'EphemerisRangeError';
  }
}

/** The ephemeris files cannot be read (an operator problem: answer 503). */
export class EphemerisUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EphemerisUnavailableError';
  }
}
