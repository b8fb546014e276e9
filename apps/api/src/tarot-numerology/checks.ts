import { nameWords, NameNotLatinError } from '@astro/numerology';
import { badRequest } from '../http/api-error';

/** A name the numerology letter table cannot read is a 400 naming the field. */
export function checkNumerologyName(fullName: string, field: string): void {
  try {
    nameWords(fullName);
  } catch (err) {
    if (err instanceof NameNotLatinError) throw badRequest(`invalid body: ${field}: ${err.message}`);
    throw err;
  }
}
