import sharp from 'sharp';
import type { SafetyMode, VisualLocale, VisualSku } from '@astro/contracts';
import { DEFAULT_BRANDING, escapeHtml, hexColour, imageSource, reportDocument, ResolvedBranding } from '@astro/rendering';
import { fill } from '@astro/text';
import { FaceImageAnalysis, PalmImageAnalysis } from './visual-analysis';
import { definitionsFor } from './definitions';
import {
  CANON_BANDS,
  FACE_GROUPS,
  FaceFeature,
  facePosition,
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
import { FACE_REFERENCES, Reference, referenceMiddle } from './reference-norms';
import { Measurement } from './face-measurements';

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

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const table = (head: string[], rows: (string | number)[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
/** A label on its own line above the paragraph it introduces ("Left hand", "From the tradition"). */
const labelled = (label: string, text: string, muted = false) =>
  `<div class="labelled${muted ? ' muted' : ''}"><div class="lead-label">${escapeHtml(label)}</div><p>${escapeHtml(text)}</p></div>`;

/** The photos the premium reading shows, side by side, each with its caption. */
export interface AnnotatedPhoto {
  caption: string;
  dataUrl: string;
}
function figures(photos: AnnotatedPhoto[]): string {
  const cells = photos.flatMap((a) => {
    const src = imageSource(a.dataUrl);
    return src
      ? [`<figure><img src="${escapeHtml(src)}" alt=""><figcaption class="muted">${escapeHtml(a.caption)}</figcaption></figure>`]
      : [];
  });
  return `<div class="photos">${cells.join('')}</div>`;
}

function faceBody(document: FaceReadingDocument, photos: AnnotatedPhoto[]): string {
  const t = readingText(document.locale);
  const measurements = document.analysis.face.measurements;
  const items = new Map(document.reading.face.map((i) => [i.feature, i]));
  let body = document.reading.intro.map(paragraph).join('');
  body += `<h2>${escapeHtml(t.labels.measurements)}</h2>`;
  body += table(
    [t.labels.feature, t.labels.value, t.labels.reference, t.labels.percentile, t.labels.compared],
    document.reading.face.map((i) => {
      const feature = i.feature as FaceFeature;
      const { standing, percentile } = facePosition(feature, measurements[feature] as Measurement);
      const canon = (CANON_BANDS as Record<string, [number, number]>)[feature];
      const reference = canon
        ? `${percent(canon[0], false)}–${percent(canon[1])}`
        : percent(referenceMiddle((FACE_REFERENCES as Record<string, Reference>)[feature]));
      return [i.name, percent(Number(i.value)), reference, percentile ?? '–', t.standing[standing]];
    }),
  );
  body += paragraph(t.face.reference_note);
  if (photos.length > 0) body += `<h2>${escapeHtml(t.labels.annotated)}</h2>${figures(photos)}`;
  for (const [group, features] of Object.entries(FACE_GROUPS)) {
    body += `<h2>${escapeHtml(t.face.groups[group as keyof typeof FACE_GROUPS])}</h2>`;
    for (const feature of features) {
      const item = items.get(feature)!;
      const detail = item.detail ? labelled(t.labels.from_the_tradition, item.detail, true) : '';
      body += `<div class="feature"><h3>${escapeHtml(item.name)}</h3>${paragraph(item.text)}${detail}</div>`;
    }
  }
  body += `<h2>${escapeHtml(t.face.summary.heading)}</h2>${paragraph(document.reading.summary)}`;
  return body;
}

function palmBody(document: PalmReadingDocument, photos: AnnotatedPhoto[]): string {
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
      [
        t.labels.index_to_ring,
        ...hands.map((h) =>
          fill(t.palm.finger_cell, {
            ratio: percent(h.measurements.index_to_ring.value),
            percentile: h.measurements.index_to_ring.percentile ?? '–',
          }),
        ),
      ],
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
    return `<div class="feature">${html}</div>`;
  };
  body += paragraph(t.palm.reference_note);
  if (photos.length > 0) body += `<h2>${escapeHtml(t.labels.annotated_palm)}</h2>${figures(photos)}`;
  body += `<h2>${escapeHtml(t.palm.groups.shape)}</h2>${both('hand_shape')}`;
  body += `<h2>${escapeHtml(t.palm.groups.lines)}</h2>`;
  for (const line of PALM_LINES) body += both(`${line}_line`, t.palm.lines[line].name);
  body += `<h2>${escapeHtml(t.palm.groups.fingers)}</h2>`;
  body += both('index_to_ring', t.labels.index_to_ring) + both('thumb_angle_degrees', t.labels.thumb_angle);
  body += `<h2>${escapeHtml(t.palm.summary.heading)}</h2>${paragraph(document.reading.summary)}`;
  return body;
}

// A feature (its heading, its reading, the tradition's note) prints whole, so no page opens with the end of one.
const STYLE =
  '<style>.feature, .labelled { break-inside: avoid; } .labelled { margin-top: 6pt; } .labelled p { margin: 1pt 0 8pt; } .lead-label { font-weight: 600; }' +
  ' .photos { display: flex; gap: 6mm; break-inside: avoid; } .photos figure { flex: 1; margin: 0 0 6pt; }' +
  ' .photos img { width: 100%; max-height: 95mm; object-fit: contain; }</style>';

/**
 * The hosted page, which is also what Chromium prints to the PDF: the brand's page shell. The
 * premium photos stand after the measurements they were taken from, so the reading flows on
 * without a page of its own for them.
 */
export function readingHtml(
  document: ReadingDocument,
  branding: ResolvedBranding,
  logoDataUrl: string | null,
  photos: AnnotatedPhoto[],
): string {
  const locale = document.locale;
  const t = readingText(locale);
  let body = STYLE + (document.family === 'face' ? faceBody(document, photos) : palmBody(document, photos));
  body += `<p class="disclaimer">${escapeHtml(document.reading.disclaimer)}</p>`;
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
/** The colours of the traced palm lines, named in the caption (content labels.lines_legend). */
export const LINE_COLOURS: Record<PalmLineName, string> = { heart: '#d62839', head: '#1d70b8', life: '#2a9d3f' };
/** The face photo is cut to the face, with this share of the face box's size around it. */
const FACE_MARGIN = 0.45;

const polyline = (points: readonly (readonly number[])[], colour: string, width: number) =>
  `<polyline points="${points.map((p) => `${p[0]},${p[1]}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

/**
 * The premium photo: the analysed photo with what the measurements came from drawn on it. A face:
 * the mesh points and the hairline found, cut to the face. A palm: the 21 keypoints, the finger
 * bones and the three palm lines as traced (palm-lines.ts), each in its own colour.
 */
export async function annotatedPhoto(
  image: Buffer,
  analysis: VisualAnalysis,
  slot: 'face' | 'left' | 'right',
  brandColour: string,
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const colour = hexColour(brandColour, DEFAULT_BRANDING.primary_color);
  let shapes: string;
  let crop = { left: 0, top: 0, width, height };
  if (analysis.family === 'face') {
    const { mesh, box } = analysis.face.landmarks;
    const r = Math.max(1, box[2] / 160);
    shapes = mesh.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`).join('');
    const hairline = analysis.face.points.hairline;
    if (hairline)
      shapes += `<circle cx="${hairline[0]}" cy="${hairline[1]}" r="${r * 3}" fill="none" stroke="${colour}" stroke-width="${r}"/>`;
    const margin = FACE_MARGIN * Math.max(box[2], box[3]);
    const left = Math.max(0, Math.floor(box[0] - margin));
    const top = Math.max(0, Math.floor(box[1] - margin));
    crop = {
      left,
      top,
      width: Math.min(width, Math.ceil(box[0] + box[2] + margin)) - left,
      height: Math.min(height, Math.ceil(box[1] + box[3] + margin)) - top,
    };
  } else {
    const hand = analysis[slot === 'left' ? 'left' : 'right'];
    const points = hand.landmarks.keypoints;
    const r = Math.max(1.5, Math.min(width, height) / 120);
    shapes =
      FINGER_CHAINS.map((chain) =>
        polyline(
          chain.map((i) => points[i]),
          colour,
          r / 1.5,
        ),
      ).join('') +
      points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`).join('') +
      PALM_LINES.filter((line) => hand.lines[line].path.length > 1)
        .map((line) => polyline(hand.lines[line].path, LINE_COLOURS[line], r * 1.2))
        .join('');
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`;
  const drawn = await sharp(image)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return sharp(drawn).extract(crop).jpeg({ quality: 88 }).toBuffer();
}
