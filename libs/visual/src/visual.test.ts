import * as path from 'node:path';
import sharp from 'sharp';
import en from './content/en.json';
import th from './content/th.json';
import { handednessOf, measureHand, openHandPlausible } from './hand-analysis';
import { measureQuality, qualityProblem } from './image-quality';
import { CANON_BANDS, readingText } from './reading';
import { FACE_REFERENCES } from './reference-norms';
import { exampleAnalyses } from './reading-examples';
import { photoCaption, ReadingDocument, readingDocument, readingHtml } from './visual-document';
import { DEFAULT_BRANDING } from '@astro/rendering';
import { SAFETY_MODES, SafetyMode, VisualLocale } from '@astro/contracts';
import { pageTexts as pageText, ProseSample, stringLeaves as leaves } from '@astro/text';
import { proseIssues } from '../../../test/support/prose-check';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'visual');

/** Every key path of a JSON tree, e.g. "palm.lines.heart.deep". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * An upright right palm facing the camera, fingers up (image y grows downwards), in the 21-point
 * layout: the thumb on the image's right, knuckles at y = 100, fingertips at y = 0.
 */
function rightPalm(): [number, number][] {
  const k: [number, number][] = [[100, 220]];
  const finger = (x: number, baseY: number, tipY: number) =>
    [0, 1, 2, 3].map((j) => [x, baseY + ((tipY - baseY) * j) / 3] as [number, number]);
  k.push(...[0, 1, 2, 3].map((j) => [150 + 15 * j, 190 - 25 * j] as [number, number])); // thumb 1–4
  k.push(...finger(130, 100, 10)); // index 5–8
  k.push(...finger(105, 100, 0)); // middle 9–12
  k.push(...finger(80, 100, 10)); // ring 13–16
  k.push(...finger(55, 105, 35)); // little 17–20
  return k;
}
const rotate = (k: [number, number][], degrees: number): [number, number][] => {
  const a = (degrees * Math.PI) / 180;
  return k.map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
};
const mirror = (k: [number, number][]): [number, number][] => k.map(([x, y]) => [400 - x, y]);

const SENTENCE_END = /(?<=[.!?])\s+(?=\p{Lu})/u;
const VARIANT_KEYS = new Set<string>(SAFETY_MODES);

/** Every reading (each example analysis, premium, each safety mode) in a language. */
function documents(locale: VisualLocale): { mode: SafetyMode; document: ReadingDocument; html: string }[] {
  return exampleAnalyses().flatMap((analysis, i) =>
    SAFETY_MODES.map((mode) => {
      const document = readingDocument(`example-${i}`, analysis, { sku: 'premium', locale, subjectLabel: 'Ploy', safetyMode: mode });
      const html = readingHtml(document, { ...DEFAULT_BRANDING, brand_name: 'Siam Stars', safety_mode: mode }, null, [
        { caption: photoCaption('left', locale), dataUrl: 'data:image/jpeg;base64,AAAA' },
      ]);
      return { mode, document, html };
    }),
  );
}

describe('reading content', () => {
  it('has the same keys in Thai and English, and a band for every face feature', () => {
    expect(keyPaths(th).sort()).toEqual(keyPaths(en).sort());
    // Every face feature is placed by a published reference or, where none measures it, by a canon range.
    expect([...Object.keys(FACE_REFERENCES), ...Object.keys(CANON_BANDS)].sort()).toEqual(Object.keys(en.face.features).sort());
    for (const [low, high] of Object.values(CANON_BANDS)) expect(low).toBeLessThan(high);
  });

  it('gives every face band, hand shape, finger and thumb band a paragraph of three to five sentences, and each line band at least three', () => {
    const sentences = (text: string) => text.split(SENTENCE_END).length;
    const paragraphs = [
      ...Object.values(en.face.features).flatMap((f) => [f.low, f.typical, f.high]),
      ...Object.values(en.palm.shapes),
      en.palm.fingers.index_longer,
      en.palm.fingers.balanced,
      en.palm.fingers.ring_longer,
      en.palm.thumb.wide,
      en.palm.thumb.middle,
      en.palm.thumb.close,
    ].flatMap((p) => (typeof p === 'string' ? [p] : Object.values(p)));
    expect(paragraphs.length).toBeGreaterThan(45);
    for (const p of paragraphs) {
      expect(sentences(p)).toBeGreaterThanOrEqual(3);
      expect(sentences(p)).toBeLessThanOrEqual(5);
    }
    // A line's paragraph is its depth followed by its length.
    for (const line of Object.values(en.palm.lines)) {
      for (const depth of [line.deep, line.faint]) {
        for (const length of [line.long, line.short]) {
          for (const mode of ['default', 'workplace'] as const) {
            const pick = (v: string | Record<string, string>) => (typeof v === 'string' ? v : (v[mode] ?? v.default));
            expect(sentences(`${pick(depth)} ${pick(length)}`)).toBeGreaterThanOrEqual(3);
          }
        }
      }
    }
  });

  it('never gives two factors the same sentence (safety-mode variants of one paragraph may share)', () => {
    for (const [locale, content] of [
      ['en', en],
      ['th', th],
    ] as const) {
      const owners = new Map<string, Set<string>>();
      for (const [key, text] of leaves({ face: content.face, palm: content.palm })) {
        // Whole sentences are compared (Thai separates sentences and clauses by spaces: its long
        // clauses are); names and single words may repeat.
        const pieces = (locale === 'en' ? text.split(SENTENCE_END) : text.split(/\s+/)).filter((c) => c.length >= 30);
        const owner = key
          .split('.')
          .filter((k) => !VARIANT_KEYS.has(k))
          .join('.');
        for (const piece of pieces) owners.set(piece, (owners.get(piece) ?? new Set()).add(owner));
      }
      const shared = [...owners].filter(([, o]) => o.size > 1).map(([piece, o]) => `${piece} (${[...o].join(', ')})`);
      expect(shared).toEqual([]);
    }
  });
});

describe('readings in every safety mode', () => {
  const english = documents('en');
  const thai = documents('th');

  it('writes the Thai reading (the JSON artifact and the page that is hosted and printed to PDF) with no English sentence', () => {
    const samples: ProseSample[] = [];
    for (const [i, { document, html }] of thai.entries()) {
      for (const [key, text] of leaves(document)) samples.push({ key: `${i} json ${key}`, language: 'th', text });
      for (const [j, text] of pageText(html).entries()) samples.push({ key: `${i} page ${j}`, language: 'th', text });
    }
    expect(samples.length).toBeGreaterThan(1000);
    expect(proseIssues(samples)).toEqual([]);
    // The check does see English: the same texts in English are caught.
    const englishPage = pageText(english[0].html).map((text, j) => ({ key: `en page ${j}`, language: 'th' as const, text }));
    expect(proseIssues(englishPage).length).toBeGreaterThan(10);
  });

  it('writes every reading paragraph and summary of a Thai reading in Thai, with its definitions', () => {
    const THAI = /[\u0E00-\u0E7F]{3,}/;
    for (const { document } of thai) {
      const r = document.reading as unknown as Record<string, unknown>;
      for (const [, text] of leaves({ intro: r.intro, summary: r.summary, disclaimer: r.disclaimer })) expect(text).toMatch(THAI);
      for (const items of [r.face, r.left, r.right].filter(Boolean) as { name: string; text: string; detail: string }[][]) {
        for (const item of items) for (const text of [item.name, item.text, item.detail]) expect(text).toMatch(THAI);
      }
      for (const [key, text] of leaves(document.analysis)) if (key.endsWith('definition')) expect(text).toMatch(THAI);
    }
  });

  it('passes the English prose rules (articles, capitals, spelling) in every assembled text', () => {
    const samples: ProseSample[] = [];
    for (const [i, { document, html }] of english.entries()) {
      const r = document.reading as unknown as Record<string, unknown>;
      samples.push({ key: `${i} summary`, language: 'en', text: r.summary as string });
      for (const [j, text] of pageText(html).entries())
        if (text.split(' ').length >= 4) samples.push({ key: `${i} page ${j}`, language: 'en', text });
    }
    expect(proseIssues(samples)).toEqual([]);
  });

  it('leaves love, health and judgements of ability out of the workplace mode, and puts its disclaimer on the page', () => {
    const SENSITIVE =
      /\b(love|lov(ing|er)s?|romance|romantic|health|vitality|constitution|recovers?|span of years|length of a life|ambition|performs? well)\b/i;
    const SENSITIVE_TH = /ความรัก|สุขภาพ|พลังชีวิต|ร่างกาย|ความยาวของอายุ|จำนวนปีของชีวิต|ความทะเยอทะยาน/;
    for (const [docs, pattern] of [
      [english, SENSITIVE],
      [thai, SENSITIVE_TH],
    ] as const) {
      const workplace = docs.filter((d) => d.mode === 'workplace');
      for (const { document, html } of workplace) {
        const locale = document.locale;
        const reading = leaves(document.reading).filter(([key]) => !key.startsWith('disclaimer'));
        for (const [key, text] of reading) expect(`${key}: ${text}`).not.toMatch(pattern);
        expect(html).toContain(readingText(locale).disclaimers.workplace);
      }
      // The default mode does speak of them: the variants are what keeps them out.
      const defaults = docs.filter((d) => d.mode === 'default').flatMap((d) => leaves(d.document.reading).map(([, t]) => t));
      expect(defaults.some((t) => pattern.test(t))).toBe(true);
    }
  });

  it('reads the palace of wealth for temperament in the financial wellness mode', () => {
    for (const { mode, document } of english) {
      if (document.family !== 'face') continue;
      const nose = document.reading.face.find((i) => i.feature === 'nose_width_to_eye_spacing')!;
      if (mode === 'financial_wellness') expect(nose.text).not.toMatch(/\b(earn|spend|keep what is earned)\b/);
      if (mode === 'financial_wellness') expect(nose.text).toMatch(/temperament|income|fortune|quality/);
    }
    expect(english.some(({ mode, document }) => mode === 'default' && JSON.stringify(document.reading).includes('can earn'))).toBe(true);
  });

  it('sums up the face by its strongest zone and the two hands by their shapes and the lines that differ', () => {
    const summaries = english.filter((d) => d.mode === 'default').map((d) => d.document.reading.summary);
    // exampleAnalyses: faces all low, all typical, all high, upper / middle / lower zone high; palms
    // alike, different in shape and in all three lines, and alike but for the heart line.
    expect(summaries[0]).toMatch(/^Read as a whole, your face gives most weight to its /);
    expect(summaries[1]).toBe(
      `Read as a whole, your face keeps its three zones in even balance, set in a balanced outline. ${en.face.summary.even}`,
    );
    expect(summaries[2]).toMatch(/set in a broad outline\./);
    expect(summaries[3]).toContain('most weight to its upper zone, the part that speaks of the early years and the mind');
    expect(summaries[4]).toContain(
      'most weight to its middle zone, the part that speaks of the working years and the will, set in a long outline',
    );
    expect(summaries[5]).toContain('most weight to its lower zone');
    expect(summaries[6]).toBe(
      `Both of your hands are earth hands, so the tradition sees a temperament that has held its course: what you were born with and what you have made of it point the same way. ${en.palm.summary.lines_same}`,
    );
    expect(summaries[7]).toMatch(/^Your left hand is an air hand and your right hand a fire hand, /);
    expect(summaries[7]).toContain('The heart line, the head line and the life line read differently in your two hands');
    expect(summaries[8]).toContain('Both of your hands are water hands');
    expect(summaries[8]).toContain('The heart line reads differently in your two hands');
    const thaiSummaries = thai.filter((d) => d.mode === 'default').map((d) => d.document.reading.summary);
    expect(thaiSummaries[7]).toContain('มือซ้ายของคุณเป็นมือธาตุลม ส่วนมือขวาเป็นมือธาตุไฟ');
    expect(thaiSummaries[7]).toContain('เส้นหัวใจ เส้นสมอง และเส้นชีวิตอ่านได้ต่างกัน');
  });

  it('prints each palm feature once when both hands read alike and once per hand when they differ', () => {
    const alike = english.find((d) => d.mode === 'default' && d.document.family === 'palm')!;
    const differ = english.filter((d) => d.mode === 'default' && d.document.family === 'palm')[1];
    const shape = en.palm.shapes.earth;
    expect(alike.html.split(shape.slice(0, 40)).length - 1).toBe(1);
    expect(alike.html).toContain(`>${en.labels.both_hands}<`);
    expect(differ.html).toContain(en.palm.shapes.air.slice(0, 40));
    expect(differ.html).toContain(en.palm.shapes.fire.slice(0, 40));
    expect(differ.html).toContain(`>${en.labels.left_hand}<`);
  });
});

describe('photo quality', () => {
  it('passes the test photos and fails a blurred, a darkened and an overexposed copy with their codes', async () => {
    for (const file of ['face-astronaut.png', 'palm-left-opencv.jpg']) {
      const photo = await sharp(path.join(FIXTURES, file)).jpeg().toBuffer();
      expect(qualityProblem(await measureQuality(photo))).toBeNull();
      expect(qualityProblem(await measureQuality(await sharp(photo).blur(8).jpeg().toBuffer()))?.code).toBe('image_too_blurry');
      expect(qualityProblem(await measureQuality(await sharp(photo).linear(0.2, 0).jpeg().toBuffer()))?.code).toBe('image_too_dark');
      expect(qualityProblem(await measureQuality(await sharp(photo).linear(0.3, 200).jpeg().toBuffer()))?.code).toBe('image_too_bright');
    }
  });

  it('measures sharpness independently of the photo size', async () => {
    const photo = path.join(FIXTURES, 'face-astronaut.png');
    const small = await measureQuality(await sharp(photo).png().toBuffer());
    const large = await measureQuality(await sharp(photo).resize(1024).png().toBuffer());
    expect(Math.abs(large.sharpness - small.sharpness) / small.sharpness).toBeLessThan(0.35);
  });
});

describe('hand geometry', () => {
  it('tells a right palm from a left one in any rotation', () => {
    for (const degrees of [0, 30, 90, 180, 270]) {
      expect(handednessOf(rotate(rightPalm(), degrees))).toBe('right');
      expect(handednessOf(rotate(mirror(rightPalm()), degrees))).toBe('left');
    }
  });

  it('accepts an upright open hand only', () => {
    expect(openHandPlausible(rightPalm())).toBe(true);
    expect(openHandPlausible(rotate(rightPalm(), 90))).toBe(false); // sideways: the model's geometry is not trusted there
    const fist = rightPalm().map(([x, y], i) => ([8, 12, 16, 20].includes(i) ? [x, 140] : [x, y]) as [number, number]);
    expect(openHandPlausible(fist)).toBe(false);
  });

  it('measures the palm and classifies its shape', () => {
    const m = measureHand(rightPalm());
    // wrist (100,220) → middle knuckle (105,100): 120.1; index knuckle (130,100) → little (55,105): 75.2
    expect(m.measurements.palm_length_to_width.value).toBeCloseTo(120.1 / 75.17, 2);
    expect(m.measurements.middle_to_palm_length.value).toBeCloseTo(100 / 120.1, 2);
    expect(m.measurements.index_to_ring.value).toBe(1);
    expect(m.hand_shape).toMatchObject({ palm: 'long', fingers: 'short', class: 'fire' });
  });
});
