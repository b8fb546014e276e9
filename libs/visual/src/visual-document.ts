import sharp from 'sharp';
import { VisualFamily, VisualLocale, VisualSku } from '@astro/contracts';
import { escapeHtml, reportDocument, ResolvedBranding } from '@astro/rendering';
import { FaceImageAnalysis, PalmImageAnalysis } from './visual-analysis';
import { faceReading, palmReading, ReadingItem, readingText } from './reading';
import { HAND } from './hand-analysis';

/** What the analysing stage hands to rendering: measurements per photo, no image data. */
export type VisualAnalysis =
  { family: 'face'; face: FaceImageAnalysis } | { family: 'palm'; left: PalmImageAnalysis; right: PalmImageAnalysis };

/** The `json` artifact: the measurements with their definitions and the reading written from them. */
export function readingDocument(
  jobId: string,
  analysis: VisualAnalysis,
  options: { sku: VisualSku; locale: VisualLocale; subjectLabel: string },
) {
  const base = { job_id: jobId, family: analysis.family, sku: options.sku, locale: options.locale, subject_label: options.subjectLabel };
  if (analysis.family === 'face') {
    return { ...base, analysis: { face: analysis.face }, reading: { face: faceReading(analysis.face, options.locale, options.sku) } };
  }
  return {
    ...base,
    analysis: { left: analysis.left, right: analysis.right },
    reading: {
      left: palmReading({ hand: 'left', shape: analysis.left, lines: analysis.left.lines }, options.locale, options.sku),
      right: palmReading({ hand: 'right', shape: analysis.right, lines: analysis.right.lines }, options.locale, options.sku),
    },
  };
}
export type ReadingDocument = ReturnType<typeof readingDocument>;

function readingTable(items: ReadingItem[], locale: VisualLocale): string {
  const labels = readingText(locale).labels;
  const rows = items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.name)}</td><td>${escapeHtml(String(i.value))}</td><td>${escapeHtml(i.text)}${i.detail ? `<br><span class="muted">${escapeHtml(i.detail)}</span>` : ''}</td></tr>`,
    )
    .join('');
  return `<table><tr><th>${escapeHtml(labels.feature)}</th><th>${escapeHtml(labels.value)}</th><th>${escapeHtml(labels.reading)}</th></tr>${rows}</table>`;
}

/** The hosted page, which is also what Chromium prints to the PDF: the brand's page shell. */
export function readingHtml(
  document: ReadingDocument,
  branding: ResolvedBranding,
  logoDataUrl: string | null,
  annotated: { caption: string; dataUrl: string }[],
): string {
  const locale = document.locale as VisualLocale;
  const t = readingText(locale);
  const family = document.family as VisualFamily;
  let body = `<p>${escapeHtml(family === 'face' ? t.face.intro : t.palm.intro)}</p>`;
  const reading = document.reading as unknown as Record<string, ReadingItem[]>;
  if (family === 'face') {
    body += `<h2>${escapeHtml(t.labels.reading)}</h2>${readingTable(reading.face, locale)}`;
  } else {
    body += `<h2>${escapeHtml(t.labels.left_hand)}</h2>${readingTable(reading.left, locale)}`;
    body += `<h2>${escapeHtml(t.labels.right_hand)}</h2>${readingTable(reading.right, locale)}`;
  }
  if (annotated.length > 0) {
    body += `<h2 class="page-break">${escapeHtml(t.labels.annotated)}</h2>`;
    body += annotated
      .map(
        (a) =>
          `<figure><img src="${a.dataUrl}" style="max-width:100%;max-height:110mm" alt=""><figcaption class="muted">${escapeHtml(a.caption)}</figcaption></figure>`,
      )
      .join('');
  }
  body += `<p class="disclaimer">${escapeHtml(t.labels.disclaimer)}</p>`;
  return reportDocument({
    lang: locale,
    title: family === 'face' ? t.labels.face_title : t.labels.palm_title,
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
  const r = Math.max(1.5, Math.min(width, height) / (options.bones ? 120 : 300));
  const bones = options.bones
    ? FINGER_CHAINS.map(
        (chain) =>
          `<polyline points="${chain.map((i) => points[i].join(',')).join(' ')}" fill="none" stroke="${options.colour}" stroke-width="${r / 1.5}"/>`,
      ).join('')
    : '';
  const dots = points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${options.colour}"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bones}${dots}</svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
