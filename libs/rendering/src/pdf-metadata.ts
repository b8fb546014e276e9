/**
 * The document information of a printed PDF (Title, Author, Creator, Producer), written over what
 * Chromium puts there (its user agent as Creator, "Skia/PDF" as Producer): a customer who opens
 * the document's properties sees the brand and the product, never the browser that printed it.
 *
 * The new information dictionary is appended as an incremental update (PDF 32000-1:2008, 7.5.6):
 * one new object, a cross-reference section for it and a trailer whose /Info points at it and
 * whose /Prev points at the original cross-reference table. The original bytes stay as they are,
 * so nothing that was printed can change.
 */
export interface PdfMetadata {
  title: string;
  author: string;
  creator: string;
  producer: string;
}

/** A text string as PDF writes any language: UTF-16BE with its byte-order mark, in hex. */
function pdfText(value: string): string {
  const bytes = Buffer.from(`\ufeff${value}`, 'utf16le').swap16();
  return `<${bytes.toString('hex').toUpperCase()}>`;
}

/**
 * The PDF with `metadata` as its document information. A PDF whose last cross-reference section
 * is not a classic table with a trailer (Chromium writes only such tables) is returned unchanged.
 */
export function withPdfMetadata(pdf: Buffer, metadata: PdfMetadata): Buffer {
  const text = pdf.toString('latin1');
  const startxref = text.lastIndexOf('startxref');
  const trailerAt = text.lastIndexOf('trailer');
  if (startxref < 0 || trailerAt < 0 || trailerAt > startxref) return pdf;
  const previous = /startxref\s+(\d+)/.exec(text.slice(startxref))?.[1];
  const trailer = text.slice(trailerAt, startxref);
  const size = /\/Size\s+(\d+)/.exec(trailer)?.[1];
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer)?.[1];
  if (!previous || !size || !root) return pdf;
  const id = /\/ID\s*(\[[^\]]*\])/.exec(trailer)?.[1];

  const number = Number(size);
  const lead = pdf[pdf.length - 1] === 0x0a ? '' : '\n';
  const objectAt = pdf.length + lead.length;
  const info =
    `${number} 0 obj\n<</Title ${pdfText(metadata.title)}\n/Author ${pdfText(metadata.author)}\n` +
    `/Creator ${pdfText(metadata.creator)}\n/Producer ${pdfText(metadata.producer)}>>\nendobj\n`;
  const xrefAt = objectAt + Buffer.byteLength(info, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: offset, generation, "n", and a two-byte end of line.
  const update =
    `${lead}${info}xref\n${number} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<</Size ${number + 1}\n/Root ${root}\n/Info ${number} 0 R${id ? `\n/ID ${id}` : ''}\n/Prev ${previous}>>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decoded = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);

/**
 * The metadata a document names in its head (layout.ts writes both): the product in <title>, the
 * brand in <meta name="author">. Null for a document without a brand (nothing to name).
 */
export function documentMetadata(html: string): PdfMetadata | null {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  const author = /<meta name="author" content="([^"]*)">/.exec(head)?.[1];
  if (title === undefined || author === undefined) return null;
  const product = decoded(title);
  const brand = decoded(author);
  return { title: product, author: brand, creator: `${brand} · ${product}`, producer: brand };
}
