/** The instant lies outside the shipped ephemeris files (a caller error: answer 400). */
export class EphemerisRangeError extends Error {
  constructor(message: string) {
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
