import { baziReport, BaziReport, ZiHourConvention } from '@astro/chinese';
import { birthOf } from '@astro/ephemeris';
import { annualPillarAt, JaHourConvention, MEAN_YEAR_MS, sajuReport, SajuReport, SummerTimeRule } from '@astro/saju';
import { BirthSubjectInput } from '../common';
import { FourPillarsChart, fourPillarsChart } from './chart';

/** What the two four-pillar reports are asked for: the birth, whose luck, and the day it is read for. */
interface FourPillarsInput {
  birth_subject: BirthSubjectInput;
  name: string;
  gender: 'male' | 'female';
  /** `YYYY-MM-DD`: the day whose luck period and year are read (resolved when the job is queued) */
  as_of: string;
  dst: SummerTimeRule;
}
export interface SajuReportInput extends FourPillarsInput {
  ja_hour_convention: JaHourConvention;
}
export interface BaziReportInput extends FourPillarsInput {
  zi_hour: ZiHourConvention;
  true_solar_time: boolean;
}

export interface FourPillarsData {
  name: string;
  gender: 'male' | 'female';
  birth: BirthSubjectInput;
  chart: FourPillarsChart;
}

const ZI_OF_JA: Record<JaHourConvention, ZiHourConvention> = { next_day_at_23: 'next_day', split_at_midnight: 'split' };

/** The BaZi answer (POST /api/v3/chinese/bazi) for the birth: the birth is handled here alone, once, for both reports. */
function baziOf(input: FourPillarsInput, options: { zi: ZiHourConvention; trueSolarTime: boolean }, path: string): BaziReport {
  return baziReport(
    {
      ...input.birth_subject,
      gender: input.gender,
      dst: input.dst,
      zi_hour: options.zi,
      true_solar_time: options.trueSolarTime,
      annual_years_before: 0,
      annual_years_after: 0,
    },
    path,
  );
}

/**
 * The civil year whose 立春 began the sexagenary year in force on `as_of`, at noon of the birth's
 * clock: the reading moment of the Saju route (`reading_as_of`).
 */
function civilYearOn(input: FourPillarsInput, ephemerisPath: string): number {
  const noon = Date.parse(`${input.as_of}T12:00:00Z`) - input.birth_subject.timezoneOffsetMinutes * 60_000;
  return annualPillarAt(noon, ephemerisPath).civilYear;
}

/** The Saju and BaZi answers come from one pillar engine: the same birth and conventions give the same pillars (checked). */
function assertOneEngine(saju: SajuReport, bazi: BaziReport): void {
  const names = ['year', 'month', 'day', 'hour'] as const;
  const sajuPillars = names.map((n) => saju.pillars[n].stem + saju.pillars[n].branch).join(' ');
  const baziPillars = names.map((n) => bazi.pillars[n].gan_zhi).join(' ');
  const sajuLuck = saju.major_luck.periods.map((p) => p.stem + p.branch).join(' ');
  const baziLuck = bazi.luck_pillars.periods.map((p) => p.gan_zhi).join(' ');
  if (
    sajuPillars !== baziPillars ||
    sajuLuck !== baziLuck ||
    saju.five_elements.balance.favorable !== bazi.favourable_elements.favourable[0]
  )
    throw new Error(`the Saju and BaZi answers differ for one birth: ${sajuPillars} / ${baziPillars}`);
}

/** A report's data: the chart read from the BaZi answer as of `as_of` (`roundedFirstAge`: the Korean labels of the luck periods). */
function reportData(
  input: FourPillarsInput,
  tradition: 'saju' | 'bazi',
  bazi: BaziReport,
  ephemerisPath: string,
  roundedFirstAge?: number,
) {
  const b = input.birth_subject;
  const chart = fourPillarsChart({
    tradition,
    bazi,
    roundedFirstAge,
    birthDate: b.date,
    birthOffsetSeconds: b.timezoneOffsetMinutes * 60,
    asOf: input.as_of,
    civilYear: civilYearOn(input, ephemerisPath),
    ephemerisPath,
  });
  return { name: input.name, gender: input.gender, birth: b, chart };
}

/** The Korean Saju report's data: the Saju route's answer, read as of `as_of`, with the BaZi answer's Na Yin, life stages and stars. */
export function computeSajuReport(input: SajuReportInput, ephemerisPath: string): FourPillarsData {
  const birth = birthOf(input.birth_subject);
  const saju = sajuReport(
    {
      birth,
      gender: input.gender,
      dst: input.dst,
      ja_hour_convention: input.ja_hour_convention,
      reference_date: input.as_of,
      annual_luck_years_before: 0,
      annual_luck_years_after: 0,
    },
    ephemerisPath,
  );
  const bazi = baziOf(input, { zi: ZI_OF_JA[input.ja_hour_convention], trueSolarTime: false }, ephemerisPath);
  assertOneEngine(saju, bazi);
  // Korean manseryeok label the periods by the start rounded to whole years (대운수), as the Saju reading says its ages.
  const firstStart = Date.parse(saju.major_luck.periods[0].approximate_start_utc);
  return reportData(input, 'saju', bazi, ephemerisPath, Math.round((firstStart - birth.instant.getTime()) / MEAN_YEAR_MS));
}

/** The Chinese BaZi report's data: the BaZi route's answer, read as of `as_of`. */
export function computeBaziReport(input: BaziReportInput, ephemerisPath: string): FourPillarsData {
  return reportData(
    input,
    'bazi',
    baziOf(input, { zi: input.zi_hour, trueSolarTime: input.true_solar_time }, ephemerisPath),
    ephemerisPath,
  );
}
