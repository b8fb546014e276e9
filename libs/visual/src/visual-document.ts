import sharp from 'sharp';
import type { SafetyMode, VisualLocale, VisualSku } from '@astro/contracts';
import { DEFAULT_BRANDING, escapeHtml, hexColour, imageSource, reportDocument, ResolvedBranding } from '@astro/rendering';
import { fill } from '@astro/text';
import { FaceImageAnalysis, PalmImageAnalysis } from './visual-analysis';
import { definitionsFor } from './definitions';
import {
  FACE_BANDS,
  FACE_GROUPS,
  FaceFeature,
  faceLean,
  faceReading,
  faceSummary,
  lineBands,
  PALM_LINES,
  PalmLineName,
  palmReading,
  palmSummary,
  ReadingItem,
  readingText,
} from './reading';
import { HAND, LONG_FINGER_RATIO, LONG_PALM_RATIO } from './hand-analysis';

/** What the analysing stage hands to rendering: measurements per photo, no image data. */
export type VisualAnalysis =
  { family: 'face'; face: FaceImageAnalysis } | { family: 'palm'; left: PalmImageAnalysis; right: PalmImageAnalysis };

export interface ReadingDocumentOptions {
  sku: VisualSku;
  locale: VisualLocale;
  subjectLabel: string;
  /** the brand profile's safety mode: chooses the paragraph variants and the disclaimer */
  safetyMode: SafetyMode;
}

interface DocumentBase {
  job_id: string;
  sku: VisualSku;
  locale: VisualLocale;
  subject_label: string;
  safety_mode: SafetyMode;
}
export type FaceReadingDocument = DocumentBase & {
  family: 'face';
  analysis: { face: FaceImageAnalysis };
  reading: { intro: string[]; face: ReadingItem[]; summary: string; disclaimer: string };
};
export type PalmReadingDocument = DocumentBase & {
  family: 'palm';
  analysis: { left: PalmImageAnalysis; right: PalmImageAnalysis };
  reading: { intro: string[]; left: ReadingItem[]; right: ReadingItem[]; summary: string; disclaimer: string };
};
export type ReadingDocument = FaceReadingDocument | PalmReadingDocument;

const mapEntries = <T, U>(record: Record<string, T>, f: (key: string, value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(k, v)]));

/** The analysis with its definitions in the reading's language (the workflow carries the English ones). */
function localisedFace(face: FaceImageAnalysis, locale: VisualLocale): FaceImageAnalysis {
  const d = definitionsFor(locale);
  return { ...face, measurements: mapEntries(face.measurements, (k, m) => ({ ...m, definition: d.face(k) ?? m.definition })) };
}
function localisedPalm(hand: PalmImageAnalysis, locale: VisualLocale): PalmImageAnalysis {
  const d = definitionsFor(locale);
  return {
    ...hand,
    measurements: mapEntries(hand.measurements, (k, m) => ({ ...m, definition: d.hand(k) ?? m.definition })),
    hand_shape: { ...hand.hand_shape, definition: d.handShape({ long_palm: LONG_PALM_RATIO, long_fingers: LONG_FINGER_RATIO }) },
    lines: {
      ...hand.lines,
      heart: { ...hand.lines.heart, definition: d.line('heart') },
      head: { ...hand.lines.head, definition: d.line('head') },
      life: { ...hand.lines.life, definition: d.line('life') },
    },
  };
}

/** The `json` artifact: the measurements with their definitions and the reading written from them. */
export function readingDocument(jobId: string, analysis: VisualAnalysis, options: ReadingDocumentOptions): ReadingDocument {
  const { locale, safetyMode } = options;
  const t = readingText(locale);
  const base: DocumentBase = {
    job_id: jobId,
    sku: options.sku,
    locale,
    subject_label: options.subjectLabel,
    safety_mode: safetyMode,
  };
  const reading = { sku: options.sku, locale, safetyMode };
  const disclaimer = t.disclaimers[safetyMode];
  if (analysis.family === 'face') {
    return {
      ...base,
      family: 'face',
      analysis: { face: localisedFace(analysis.face, locale) },
      reading: {
        intro: t.face.intro,
        face: faceReading(analysis.face, reading),
        summary: faceSummary(analysis.face, locale),
        disclaimer,
      },
    };
  }
  const [left, right] = [analysis.left, analysis.right].map((hand) => ({ hand: hand.hand, shape: hand, lines: hand.lines }));
  return {
    ...base,
    family: 'palm',
    analysis: { left: localisedPalm(analysis.left, locale), right: localisedPalm(analysis.right, locale) },
    reading: {
      intro: t.palm.intro,
      left: palmReading(left, reading),
      right: palmReading(right, reading),
      summary: palmSummary(left, right, locale),
      disclaimer,
    },
  };
}

/** The caption of a photo on the premium page, in the reading's language. */
export function photoCaption(slot: 'face' | 'left' | 'right', locale: VisualLocale): string {
  const labels = readingText(locale).labels;
  return slot === 'face' ? labels.photo_face : slot === 'left' ? labels.photo_left : labels.photo_right;
}

/** A proportion as a customer reads it: 0.883 → "88%" (every face and hand measure is one length over another). */
const percent = (ratio: number, sign = true) => `${Math.round(ratio * 100)}${sign ? '%' : ''}`;

/** Where a measure sits: below or above the usual range, or in its lower, middle or upper third. */
function bandWords(
  bands: Record<'low' | 'high' | 'typical_low' | 'typical_mid' | 'typical_high', string>,
  value: number,
  [low, high]: [number, number],
): string {
  if (value < low) return bands.low;
  if (value > high) return bands.high;
  return bands[`typical_${faceLean(value, [low, high])}`];
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const table = (head: string[], rows: (string | number)[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
/** A label on its own line above the paragraph it introduces ("Left hand", "From the tradition"). */
const labelled = (label: string, text: string, muted = false) =>
  `<div class="labelled${muted ? ' muted' : ''}"><div class="lead-label">${escapeHtml(label)}</div><p>${escapeHtml(text)}</p></div>`;
const STYLE =
  '<style>.labelled { break-inside: avoid; margin-top: 6pt; } .labelled p { margin: 1pt 0 8pt; } .lead-label { font-weight: 600; }</style>';

function faceBody(document: FaceReadingDocument): string {
  const t = readingText(document.locale);
  const items = new Map(document.reading.face.map((i) => [i.feature, i]));
  let body = document.reading.intro.map(paragraph).join('');
  body += `<h2>${escapeHtml(t.labels.measurements)}</h2>`;
  body += table(
    [t.labels.feature, t.labels.value, t.labels.usual_range, t.labels.compared],
    document.reading.face.map((i) => {
      const [low, high] = FACE_BANDS[i.feature as FaceFeature];
      return [
        i.name,
        percent(Number(i.value)),
        `${percent(low, false)}–${percent(high)}`,
        bandWords(t.bands, Number(i.value), [low, high]),
      ];
    }),
  );
  for (const [group, features] of Object.entries(FACE_GROUPS)) {
    body += `<h2>${escapeHtml(t.face.groups[group as keyof typeof FACE_GROUPS])}</h2>`;
    for (const feature of features) {
      const item = items.get(feature)!;
      body += `<h3>${escapeHtml(item.name)}</h3>${paragraph(item.text)}`;
      if (item.detail) body += labelled(t.labels.from_the_tradition, item.detail, true);
    }
  }
  body += `<h2>${escapeHtml(t.face.summary.heading)}</h2>${paragraph(document.reading.summary)}`;
  return body;
}

function palmBody(document: PalmReadingDocument): string {
  const t = readingText(document.locale);
  const { left, right } = document.reading;
  const hands = [document.analysis.left, document.analysis.right];
  const item = (items: ReadingItem[], feature: string) => items.find((i) => i.feature === feature)!;
  const lineCell = (hand: PalmImageAnalysis, line: PalmLineName) => {
    const { depth, length } = lineBands(hand.lines[line]);
    return fill(t.palm.line_bands.cell, { depth: t.palm.line_bands[depth], length: t.palm.line_bands[length] });
  };
  let body = document.reading.intro.map(paragraph).join('');
  body += `<h2>${escapeHtml(t.labels.measurements)}</h2>`;
  body += table(
    [t.labels.feature, t.labels.left_hand, t.labels.right_hand],
    [
      [t.labels.hand_shape, ...hands.map((h) => t.palm.shape_names[h.hand_shape.class])],
      [t.labels.palm_length_to_width, ...hands.map((h) => percent(h.measurements.palm_length_to_width.value))],
      [t.labels.middle_to_palm_length, ...hands.map((h) => percent(h.measurements.middle_to_palm_length.value))],
      ...PALM_LINES.map((line) => [t.palm.lines[line].name, ...hands.map((h) => lineCell(h, line))]),
      [t.labels.index_to_ring, ...hands.map((h) => percent(h.measurements.index_to_ring.value))],
      [t.labels.thumb_angle, ...hands.map((h) => `${h.measurements.thumb_angle_degrees.value}°`)],
    ],
  );
  /** One feature of both hands: one paragraph when they read alike, else one for each hand. */
  const both = (feature: string, heading?: string) => {
    const [l, r] = [item(left, feature), item(right, feature)];
    let html = heading ? `<h3>${escapeHtml(heading)}</h3>` : '';
    html +=
      l.text === r.text
        ? labelled(t.labels.both_hands, l.text)
        : labelled(t.labels.left_hand, l.text) + labelled(t.labels.right_hand, r.text);
    if (l.detail) html += labelled(t.labels.from_the_tradition, l.detail, true);
    return html;
  };
  body += `<h2>${escapeHtml(t.palm.groups.shape)}</h2>${both('hand_shape')}`;
  body += `<h2>${escapeHtml(t.palm.groups.lines)}</h2>`;
  for (const line of PALM_LINES) body += both(`${line}_line`, t.palm.lines[line].name);
  body += `<h2>${escapeHtml(t.palm.groups.fingers)}</h2>`;
  body += both('index_to_ring', t.labels.index_to_ring) + both('thumb_angle_degrees', t.labels.thumb_angle);
  body += `<h2>${escapeHtml(t.palm.summary.heading)}</h2>${paragraph(document.reading.summary)}`;
  return body;
}

/** The hosted page, which is also what Chromium prints to the PDF: the brand's page shell. */
export function readingHtml(
  document: ReadingDocument,
  branding: ResolvedBranding,
  logoDataUrl: string | null,
  annotated: { caption: string; dataUrl: string }[],
): string {
  const locale = document.locale;
  const t = readingText(locale);
  let body = STYLE + (document.family === 'face' ? faceBody(document) : palmBody(document));
  // The disclaimer closes the reading, before the premium's page of photos.
  body += `<p class="disclaimer">${escapeHtml(document.reading.disclaimer)}</p>`;
  if (annotated.length > 0) {
    body += `<h2 class="page-break chapter">${escapeHtml(t.labels.annotated)}</h2>`;
    body += annotated
      .flatMap((a) => {
        const src = imageSource(a.dataUrl);
        return src
          ? [
              `<figure><img src="${escapeHtml(src)}" style="max-width:100%;max-height:110mm" alt=""><figcaption class="muted">${escapeHtml(a.caption)}</figcaption></figure>`,
            ]
          : [];
      })
      .join('');
  }
  return reportDocument({
    lang: locale,
    title: document.family === 'face' ? t.labels.face_title : t.labels.palm_title,
    subtitle: `${t.labels.for} ${document.subject_label}`,
    branding,
    logoDataUrl,
    body,
    pageLabel: t.labels.page,
  });
}

const FINGER_CHAINS = [HAND.thumb, HAND.index, HAND.middle, HAND.ring, HAND.pinky].map((f) => [HAND.wrist, ...f]);

/**
 * The premium artifact: the analysed photo with the landmarks the measurements came from drawn
 * on it (face: the mesh points; hand: the 21 keypoints and the finger bones).
 */
export async function annotatedImage(
  image: Buffer,
  points: [number, number][],
  options: { bones?: boolean; colour: string },
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const colour = hexColour(options.colour, DEFAULT_BRANDING.primary_color);
  const r = Math.max(1.5, Math.min(width, height) / (options.bones ? 120 : 300));
  const bones = options.bones
    ? FINGER_CHAINS.map(
        (chain) =>
          `<polyline points="${chain.map((i) => points[i].join(',')).join(' ')}" fill="none" stroke="${colour}" stroke-width="${r / 1.5}"/>`,
      ).join('')
    : '';
  const dots = points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bones}${dots}</svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
