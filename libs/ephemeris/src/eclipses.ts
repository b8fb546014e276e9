import { EphemerisUnavailableError } from './errors';
import { SwissEph, useEphemerisPath } from './swisseph-binding';

export type EclipseKind = 'solar' | 'lunar';
/** Solar eclipses are total, annular, hybrid (annular-total) or partial; lunar ones total, partial or penumbral. */
export type EclipseType = 'total' | 'annular' | 'hybrid' | 'partial' | 'penumbral';

export interface Eclipse {
  kind: EclipseKind;
  type: EclipseType;
  /** Julian day (UT) of the maximum: for a solar eclipse the least geocentric distance of the centres of Sun and Moon, for a lunar one the greatest umbral (or penumbral) magnitude */
  maximumJdUt: number;
}

function eclipseType(swe: SwissEph, kind: EclipseKind, bits: number): EclipseType {
  if (bits & swe.SE_ECL_TOTAL) return 'total';
  if (kind === 'solar') {
    if (bits & swe.SE_ECL_ANNULAR_TOTAL) return 'hybrid';
    if (bits & swe.SE_ECL_ANNULAR) return 'annular';
    return 'partial';
  }
  return bits & swe.SE_ECL_PARTIAL ? 'partial' : 'penumbral';
}

/**
 * Every solar and lunar eclipse whose maximum falls in [fromJd, toJd) (Julian days UT), in time
 * order, from the Swiss Ephemeris' own eclipse search (swe_sol_eclipse_when_glob for a solar
 * eclipse anywhere on Earth, swe_lun_eclipse_when), the same as `swetest -solecl` and `-lunecl`.
 */
export function eclipsesBetween(fromJd: number, toJd: number, ephemerisPath: string): Eclipse[] {
  const swe = useEphemerisPath(ephemerisPath);
  const found: Eclipse[] = [];
  for (const kind of ['solar', 'lunar'] as const) {
    const next = (jd: number) =>
      kind === 'solar'
        ? swe.swe_sol_eclipse_when_glob(jd, swe.SEFLG_SWIEPH, 0, false)
        : swe.swe_lun_eclipse_when(jd, swe.SEFLG_SWIEPH, 0, false);
    // Eclipses of one kind are at least a lunation (29.5 days) apart; a day past one finds the next.
    for (let jd = fromJd; jd < toJd;) {
      const result = next(jd);
      if ('error' in result) throw new EphemerisUnavailableError(`${kind} eclipse search failed: ${result.error}`);
      if (result.maximum >= toJd) break;
      if (result.maximum >= fromJd) found.push({ kind, type: eclipseType(swe, kind, result.type), maximumJdUt: result.maximum });
      jd = result.maximum + 1;
    }
  }
  return found.sort((a, b) => a.maximumJdUt - b.maximumJdUt);
}
