// The samples a customer is shown (scripts/sample-documents.ts: every report and reading in English
// and Thai, through the real renderer), read as a customer and an astrologer would read them: no
// sentence twice, no page half empty in the middle of a section, no table continued without its
// header, no developer data, and in Thai none of the seams of a translated text.
import { PdfRenderer } from '@astro/rendering';
import { SAMPLE_BRANDING, sampleLogo, sampleReadings, sampleReports, SampleDocument } from '../scripts/sample-documents';
import {
  CUSTOMER_TEXT_RULES,
  htmlBlocks,
  htmlHeadings,
  htmlTables,
  pdfInfo,
  pdfLines,
  proseBlocks,
  repeatedPhrases,
  repeatedSentences,
  splitTableFindings,
  textRuleFindings,
  THAI_HEADING_RULES,
  THAI_SEAM_RULES,
  thaiWordingRules,
} from './support/document-checks';
import { sparsePagesOf } from './support/page-fill';

/** The first text of every part that opens on a new page by design (class chapter, cover, contents). */
function sectionStarts(html: string): string[] {
  return [...html.matchAll(/<[a-z0-9]+\b[^>]*class="[^"]*\b(?:chapter|cover|contents)\b[^"]*"[^>]*>/g)].map(
    (m) => htmlBlocks(html.slice(m.index! + m[0].length))[0] ?? '',
  );
}

let documents: SampleDocument[] = [];
const renderer = new PdfRenderer(1);

beforeAll(async () => {
  const logo = await sampleLogo();
  documents = [...(await sampleReports(renderer, logo)), ...(await sampleReadings(renderer, logo))];
}, 300_000);
afterAll(() => renderer.close());

const NAMES = [
  'solar-return',
  'synastry-premium',
  'transit-window',
  'saju',
  'bazi',
  'thai-life',
  'qimen',
  'tarot-three-card',
  'tarot-celtic-cross',
]
  .map((k) => `report-${k}`)
  .concat(['vedic-kundli', 'vedic-matching'].flatMap((k) => ['north', 'south'].map((style) => `report-${k}-${style}`)))
  .concat(['reading-face', 'reading-palm']);
/** The reports held to the stricter check of no phrase printed three times (docs/rendering.md, "Never the same sentence for two factors"). */
const NO_REPEATED_PHRASE = ['report-saju', 'report-bazi', 'report-vedic', 'report-thai-life', 'report-qimen', 'report-tarot'];
const EACH = NAMES.flatMap((n) => [`${n}-en`, `${n}-th`]);
const doc = (name: string) => documents.find((d) => d.name === name)!;

it('renders every report and reading in both languages', () => {
  expect(documents.map((d) => d.name).sort()).toEqual([...EACH].sort());
});

describe.each(EACH)('%s', (name) => {
  it('prints no sentence of eight or more words twice', () => {
    // The cover's birth data is data, not prose: two people born in one city share its place line.
    const prose = doc(name).html.replace(/<section class="cover">[\s\S]*?<\/section>/, '');
    expect(repeatedSentences(htmlBlocks(prose))).toEqual([]);
  });

  if (NO_REPEATED_PHRASE.some((prefix) => name.startsWith(prefix)))
    it('prints no phrase of six words (thirty Thai characters) three or more times', () => {
      expect(repeatedPhrases(proseBlocks(doc(name).html))).toEqual([]);
    });

  it('leaves no page less than half full but a whole section of its own (docs/rendering.md, "Pages")', () => {
    const d = doc(name);
    expect(sparsePagesOf(d.html, d.pdf)).toEqual([]);
  });

  if (name.startsWith('reading-'))
    it('prints the premium photos within the reading, on no page of their own', () => {
      expect(sectionStarts(doc(name).html)).toEqual([]);
      expect(doc(name).html).toContain('<div class="photos"><figure>');
    });

  it('names the brand and the product in the PDF metadata, never the browser', () => {
    const d = doc(name);
    const info = pdfInfo(d.pdf);
    const title = /<title>([^<]*)<\/title>/.exec(d.html)![1];
    expect(info.Title).toBe(title);
    expect(info.Author).toBe(SAMPLE_BRANDING.brand_name);
    expect(info.Creator).toBe(`${SAMPLE_BRANDING.brand_name} · ${title}`);
    expect(info.Producer).toBe(SAMPLE_BRANDING.brand_name);
    expect(Object.values(info).join(' ')).not.toMatch(/Chrom|Skia|Mozilla/);
  });

  it('repeats a split table’s header and leaves no lone row', () => {
    const d = doc(name);
    expect(splitTableFindings(htmlTables(d.html), pdfLines(d.pdf))).toEqual([]);
  });

  it('shows no developer data: ISO stamps, coordinates as "latitude", "time(s)", unitless ratios', () => {
    const d = doc(name);
    expect(textRuleFindings([...htmlBlocks(d.html), ...pdfLines(d.pdf).flat()], CUSTOMER_TEXT_RULES)).toEqual([]);
  });

  if (name.endsWith('-th'))
    it('has none of the Thai seams', () => {
      const d = doc(name);
      expect(textRuleFindings([...htmlBlocks(d.html), ...pdfLines(d.pdf).flat()], THAI_SEAM_RULES)).toEqual([]);
      expect(textRuleFindings(htmlHeadings(d.html), THAI_HEADING_RULES)).toEqual([]);
      expect(textRuleFindings(htmlBlocks(d.html), thaiWordingRules(['Ploy', 'Niran', ...SAMPLE_BRANDING.brand_name.split(' ')]))).toEqual(
        [],
      );
    });
});
