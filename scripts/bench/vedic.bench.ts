import * as os from 'node:os';
import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import * as vedic from '@astro/vedic';
import { printTimings, timeInProcess } from './in-process';

/** A different birth subject per run (1900–2100, latitudes −60…60), so no chart is computed twice. */
function subject(i: number) {
  const ms = Date.UTC(1900, 0, 1) + ((i * 7_919_993) % 73_000) * 86_400_000 + (i % 1440) * 60_000;
  const d = new Date(ms).toISOString();
  return {
    date: d.slice(0, 10),
    time: d.slice(11, 16),
    latitude: ((i * 37) % 120) - 60,
    longitude: ((i * 53) % 360) - 180,
    timezoneOffsetMinutes: 0,
  };
}

/** The birth of run `i`, built as the API builds it from the request's birth subject. */
const birth = (i: number) => birthOf(subject(i));

/** A different civil day and inhabited place per run (1900–2100, latitudes −55…55, where the Sun always rises). */
function day(i: number) {
  const b = subject(i);
  return {
    date: b.date,
    latitude: ((i * 37) % 110) - 55,
    longitude: b.longitude,
    timezoneOffsetMinutes: Math.round(b.longitude / 15) * 60,
  };
}

/** In-process timings of the Vedic calculations (the endpoints add validation and one ledger charge). */
export default async function benchVedic(): Promise<void> {
  const ephemerisPath = loadConfig().ephemerisPath;
  const now = new Date();
  // Sade Sati caches Saturn's ingress table per process (20-year chunks); warm it once, as a server would.
  vedic.sadeSati(birth(0), now, ephemerisPath);
  const natures = { paksha: 'benefic', drik: 'malefic' } as const;
  const chartOf = (i: number) => vedic.natalChart(birth(i), ephemerisPath);
  const timings = [
    timeInProcess('shadbala', (i) => vedic.shadbala({ birth: birth(i), mercuryNatures: natures }, ephemerisPath)),
    timeInProcess('sade_sati', (i) => vedic.sadeSati(birth(i), now, ephemerisPath)),
    timeInProcess('manglik_dosha', (i) => vedic.manglikDosha(chartOf(i))),
    timeInProcess('vedic_remedies', (i) => vedic.vedicRemedies(birth(i), i % 2 ? 'th' : 'en', now, ephemerisPath)),
    timeInProcess('vedic_kundli', (i) => vedic.kundli(birth(i), 'mean', ephemerisPath)),
    timeInProcess('vedic_dasha', (i) => vedic.chartDasha(chartOf(i), 365.25, now)),
    timeInProcess('vedic_panchang', (i) => vedic.panchang(day(i), ephemerisPath)),
    // The two charts are the request's work; the Ashtakoot itself is table look-ups.
    timeInProcess('vedic_matching', (i) => vedic.matching(chartOf(i), chartOf(i + 7919), i % 2 ? 'th' : 'en')),
    timeInProcess('vedic_doshas', (i) => vedic.doshas(chartOf(i), 'mean', 'en', ephemerisPath)),
    timeInProcess('vedic_ashtakavarga', (i) => vedic.chartAshtakavarga(chartOf(i))),
  ];
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  printTimings('vedic (in-process)', timings, {
    shadbala: 5,
    sade_sati: 2,
    manglik_dosha: 2,
    vedic_remedies: 2,
    vedic_kundli: 1,
    vedic_dasha: 25,
    vedic_ashtakavarga: 1,
    vedic_panchang: 5,
    vedic_matching: 1,
    vedic_doshas: 1,
  });
}
