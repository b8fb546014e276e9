import { loadConfig } from '@astro/config';
import {
  computeReportData,
  cssString,
  DEFAULT_BRANDING,
  escapeHtml,
  REPORT_KINDS,
  ReportData,
  ReportInput,
  ReportKind,
  ReportLocale,
  renderContext,
  reportHtml,
  ResolvedBranding,
} from '@astro/rendering';
import { exampleAnalyses } from './reading-examples';
import { photoCaption, readingDocument, readingHtml } from './visual-document';

/**
 * Every tenant string (each branding field, every name) goes through every template (each report
 * kind in English, Thai and Thai with Thai digits, and the hosted face and palm readings) as text
 * built to break out of HTML, CSS, comments and script, and must come out as text only: the same
 * tags and attributes as a benign rendering, the same stylesheet once its strings are set aside, and
 * no script or comment anywhere.
 */
const BREAKERS = ['</style>', '</script>', '"', "'", '\\', '*/', '<!--', '\u2028'];
const HOSTILE = [
  ...BREAKERS,
  `https://x.co/</style><script>document.addEventListener('DOMContentLoaded',function(){document.body.prepend('JSRAN|'+navigator.userAgent)})</script>`,
  `"; } body { display: none } @page { content: "`,
  `x</title><script>alert(1)</script><style>`,
  `<img src=x onerror=alert(1)>`,
  `'><svg onload=alert(1)>`,
  `\\"</style>\n<script>1</script>`,
].join(' ');

const ephemerisPath = loadConfig({}).ephemerisPath;
const birth = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
const INPUTS: Record<ReportKind, ReportInput> = {
  solar_return: { kind: 'solar_return', input: { birth_subject: birth, target_year: 2026, house_system: 'P', name: 'Ann' } },
  transit_window: {
    kind: 'transit_window',
    input: { birth_subject: birth, start_date: '2026-03-01', end_date: '2026-03-31', house_system: 'P', name: 'Ann' },
  },
  synastry_premium: {
    kind: 'synastry_premium',
    input: {
      person_a: { ...birth, name: 'Ann' },
      person_b: { ...birth, date: '1988-11-20', time: '06:10', name: 'Bob' },
      house_system: 'P',
    },
  },
  saju: {
    kind: 'saju',
    input: {
      birth_subject: birth,
      name: 'Ann',
      gender: 'female',
      as_of: '2026-03-10',
      dst: 'standard_time',
      ja_hour_convention: 'next_day_at_23',
    },
  },
  bazi: {
    kind: 'bazi',
    input: {
      birth_subject: birth,
      name: 'Ann',
      gender: 'male',
      as_of: '2026-03-10',
      dst: 'standard_time',
      zi_hour: 'next_day',
      true_solar_time: false,
    },
  },
  vedic_kundli: {
    kind: 'vedic_kundli',
    input: { birth_subject: birth, name: 'Ann', chart_style: 'north', node: 'mean', as_of: '2026-03-10', locale: 'en' },
  },
  vedic_matching: {
    kind: 'vedic_matching',
    input: {
      person_a: { ...birth, name: 'Ann' },
      person_b: { ...birth, date: '1988-11-20', time: '06:10', name: 'Bob' },
      chart_style: 'south',
      as_of: '2026-03-10',
      locale: 'en',
    },
  },
  thai_life: { kind: 'thai_life', input: { birth_subject: birth, name: 'Ann', year: 2026 } },
  qimen: {
    kind: 'qimen',
    input: {
      moment: { ...birth, date: '2026-03-10', time: '10:00' },
      purpose: 'career',
      question: 'Should I?',
      name: 'Ann',
      true_solar_time: false,
      dst: 'standard_time',
    },
  },
  tarot: {
    kind: 'tarot',
    input: { spread: 'three_card', seed: 'hostile', allow_reversed: true, question: 'Should I?', name: 'Ann', locale: 'en' },
  },
};

/** The report's data with every name replaced: names are carried through computation untouched. */
function named(report: ReportData, name: (role: string) => string): ReportData {
  if (report.kind === 'synastry_premium') {
    const d = report.data;
    return { kind: report.kind, data: { ...d, a: { ...d.a, name: name('a') }, b: { ...d.b, name: name('b') } } };
  }
  if (report.kind === 'transit_window') return { kind: report.kind, data: { ...report.data, name: name('subject') } };
  if (report.kind === 'saju' || report.kind === 'bazi') return { kind: report.kind, data: { ...report.data, name: name('subject') } };
  if (report.kind === 'vedic_kundli') {
    return { kind: report.kind, data: { ...report.data, person: { ...report.data.person, name: name('subject') } } };
  }
  if (report.kind === 'vedic_matching') {
    const d = report.data;
    const rename = (p: typeof d.a, role: string) => ({ ...p, person: { ...p.person, name: name(role) } });
    return { kind: report.kind, data: { ...d, a: rename(d.a, 'a'), b: rename(d.b, 'b') } };
  }
  if (report.kind === 'qimen') {
    // the asker's question is a tenant string too, printed on its own
    return { kind: report.kind, data: { ...report.data, name: name('subject'), question: name('question') } };
  }
  if (report.kind === 'thai_life') return { kind: report.kind, data: { ...report.data, name: name('subject') } };
  if (report.kind === 'tarot') {
    // the asker's question is printed on its own and quoted in the synthesis
    const question = name('question');
    const reading = {
      ...report.data.reading,
      question,
      synthesis_localized: {
        en: `${question} ${report.data.reading.synthesis_localized.en}`,
        th: `${question} ${report.data.reading.synthesis_localized.th}`,
      },
    };
    return { kind: report.kind, data: { ...report.data, name: name('subject'), reading } };
  }
  return { kind: report.kind, data: { ...report.data, name: name('subject') } };
}

const BENIGN_BRANDING: ResolvedBranding = {
  ...DEFAULT_BRANDING,
  brand_name: 'Siam Stars',
  primary_color: '#2255aa',
  contact_email: 'hello@siam.example',
  contact_phone: '+66 2 123 4567',
  contact_url: 'https://siam.example/',
};
const HOSTILE_BRANDING: ResolvedBranding = {
  ...BENIGN_BRANDING,
  brand_name: `Brand ${HOSTILE}`,
  primary_color: `red; } </style><script>alert(1)</script><style> x {`,
  contact_email: `mail ${HOSTILE}`,
  contact_phone: `phone ${HOSTILE}`,
  contact_url: `url ${HOSTILE}`,
};
const BENIGN_LOGO = 'data:image/png;base64,iVBORw0KGgo=';
const HOSTILE_LOGO = `data:image/png;base64,iVBORw0KGgo="><script>alert(1)</script>`;

/** Every tag with its attribute names, values set aside: the document's structure. */
const structure = (html: string) => [...html.matchAll(/<[^>]*>/g)].map((m) => m[0].replace(/="[^"]*"/g, '=""'));
/** The stylesheet with every string literal cssString may write (letters, digits, spaces and six-digit escapes) and every #rrggbb set aside. */
const stylesheet = (html: string) =>
  /<style>([\s\S]*?)<\/style>/
    .exec(html)![1]
    .replace(/"(?:[\p{L}\p{M}\p{N} ]|\\[0-9a-f]{6} )*"/gu, '""')
    .replace(/#[0-9a-f]{6}\b/g, '#rrggbb');

function expectOnlyText(hostile: string, benign: string): void {
  expect(hostile).not.toMatch(/<script|<!--/i);
  expect(structure(hostile)).toEqual(structure(benign));
  expect(stylesheet(hostile)).toEqual(stylesheet(benign));
  // The brand colour that is not #rrggbb is dropped for the default, never printed.
  expect(hostile).not.toContain('red; }');
  expect(hostile).toContain(DEFAULT_BRANDING.primary_color);
  // The text is still there, as text: HTML-escaped in the page, CSS-escaped in the margin boxes.
  expect(hostile).toContain(escapeHtml(HOSTILE_BRANDING.brand_name));
  expect(hostile).toContain(cssString(HOSTILE_BRANDING.brand_name));
  expect(hostile).toContain(`Content-Security-Policy`);
}

const EDITIONS: { locale: ReportLocale; thaiDigits: boolean }[] = [
  { locale: 'en', thaiDigits: false },
  { locale: 'th', thaiDigits: false },
  { locale: 'th', thaiDigits: true },
];

describe.each(REPORT_KINDS)('the %s report with hostile branding and names', (kind) => {
  const data = computeReportData(INPUTS[kind], ephemerisPath);

  it.each(EDITIONS)('prints them as text only ($locale, Thai digits $thaiDigits)', ({ locale, thaiDigits }) => {
    const benign = reportHtml(data, renderContext(locale, BENIGN_BRANDING, BENIGN_LOGO, { thaiDigits }));
    const hostile = reportHtml(
      named(data, (role) => `${role} ${HOSTILE}`),
      renderContext(locale, HOSTILE_BRANDING, HOSTILE_LOGO, { thaiDigits }),
    );
    // A logo that is not a clean base64 image is left out (the benign one is shown): the cover then
    // carries the brand's name in its place, the title band nothing.
    expect(benign).toContain(`src="${BENIGN_LOGO}"`);
    expect(hostile).not.toMatch(/<img class="(cover-)?logo"/);
    const withoutLogo = benign
      .replace(/<img class="logo"[^>]*>/, '')
      .replace(/<img class="cover-logo"[^>]*>/, '<p class="cover-brand-name"></p>');
    expectOnlyText(hostile, withoutLogo);
  });
});

describe.each(['en', 'th'] as const)('the hosted reading (%s) with hostile branding and subject label', (locale) => {
  it.each(['face', 'palm'] as const)('prints them as text only (%s)', (family) => {
    const analysis = exampleAnalyses().find((a) => a.family === family)!;
    const html = (subjectLabel: string, branding: ResolvedBranding, logo: string) =>
      readingHtml(readingDocument('vrj_0', analysis, { sku: 'premium', locale, subjectLabel, safetyMode: 'default' }), branding, null, [
        { caption: photoCaption('left', locale), dataUrl: logo },
      ]);
    const benign = html('Ploy', BENIGN_BRANDING, 'data:image/jpeg;base64,AAAA');
    const hostile = html(`subject ${HOSTILE}`, HOSTILE_BRANDING, `data:image/jpeg;base64,AAAA" onerror="alert(1)`);
    expect(hostile).not.toContain('<figure>');
    expectOnlyText(hostile, benign.replace(/<figure>[\s\S]*?<\/figure>/, ''));
  });
});

describe('cssString', () => {
  it('writes every character but letters, digits and spaces as a six-digit escape closed by a space', () => {
    expect(cssString('Siam Stars')).toBe('"Siam Stars"');
    expect(cssString('สยาม ๑')).toBe('"สยาม ๑"');
    expect(cssString('</style>')).toBe('"\\00003c \\00002f style\\00003e "');
    expect(cssString('a"b\\c\nd\u2028*/')).toBe('"a\\000022 b\\00005c c\\00000a d\\002028 \\00002a \\00002f "');
    // CSS swallows the closing space, so the text's own space after an escape is kept.
    expect(cssString('& Co')).toBe('"\\000026  Co"');
    expect(cssString('♈')).toBe('"\\002648 "');
    expect(cssString('😀')).toBe('"\\01f600 "');
  });

  it('reads back, as CSS decodes it, as exactly the text it was given', () => {
    const decoded = (literal: string) =>
      literal.slice(1, -1).replace(/\\([0-9a-f]{6}) /g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
    for (const text of [HOSTILE, 'Siam Stars & Co. "Bangkok"', 'สยามสตาร์ (ดวงดาว) ๒๕๖๙']) expect(decoded(cssString(text))).toBe(text);
  });
});
