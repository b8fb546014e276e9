import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { documentMetadata, withPdfMetadata } from './pdf-metadata';
import { reportDocument } from './layout';
import { resolveBranding } from './branding';

/** A one-page PDF laid out as Chromium writes one: a classic cross-reference table, the browser in /Info. */
function browserPdf(): Buffer {
  const objects = [
    '<</Creator (HeadlessChrome/156.0.0.0) /Producer (Skia/PDF m156)>>',
    '<</Type /Catalog /Pages 3 0 R>>',
    '<</Type /Pages /Kids [4 0 R] /Count 1>>',
    '<</Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] /Contents 5 0 R /Resources <</Font <</F1 6 0 R>>>>>>',
    '<</Length 44>>\nstream\nBT /F1 24 Tf 72 700 Td (Hello reader) Tj ET\nendstream',
    '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<</Size ${objects.length + 1}\n/Root 2 0 R\n/Info 1 0 R>>\nstartxref\n${xref}\n%%EOF`;
  return Buffer.from(body, 'latin1');
}

function poppler(tool: 'pdfinfo' | 'pdftotext', pdf: Buffer): { out: string; err: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-metadata-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const args = tool === 'pdfinfo' ? ['-enc', 'UTF-8', file] : ['-enc', 'UTF-8', file, '-'];
    const err = path.join(dir, 'err');
    const out = execFileSync('sh', ['-c', `"$0" "$@" 2>"${err}"`, tool, ...args], { encoding: 'utf8' });
    return { out, err: fs.readFileSync(err, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const field = (info: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(info)?.[1];

describe('PDF metadata', () => {
  it('replaces the browser with the brand and the product, in any script, keeping the printed pages as they were', () => {
    const original = browserPdf();
    expect(field(poppler('pdfinfo', original).out, 'Producer')).toBe('Skia/PDF m156');
    const branded = withPdfMetadata(original, {
      title: 'รายงานดวงคู่ · Synastry',
      author: 'Siam Stars (สยาม) <&>',
      creator: 'Siam Stars · รายงานดวงคู่',
      producer: 'Siam Stars',
    });
    expect(branded.subarray(0, original.length).equals(original)).toBe(true);
    const { out, err } = poppler('pdfinfo', branded);
    expect(err).toBe('');
    expect(field(out, 'Title')).toBe('รายงานดวงคู่ · Synastry');
    expect(field(out, 'Author')).toBe('Siam Stars (สยาม) <&>');
    expect(field(out, 'Creator')).toBe('Siam Stars · รายงานดวงคู่');
    expect(field(out, 'Producer')).toBe('Siam Stars');
    expect(out).not.toMatch(/Chrome|Skia/);
    expect(field(out, 'Pages')).toBe('1');
    const text = poppler('pdftotext', branded);
    expect(text.err).toBe('');
    expect(text.out).toContain('Hello reader');
  });

  it('leaves a PDF it cannot update (no classic trailer) as it is', () => {
    const streamOnly = Buffer.from('%PDF-1.5\n1 0 obj\n<</Type /XRef>>\nendobj\nstartxref\n9\n%%EOF', 'latin1');
    expect(withPdfMetadata(streamOnly, { title: 't', author: 'a', creator: 'c', producer: 'p' })).toBe(streamOnly);
  });

  it('takes the brand and the product from the document head, decoded once, never from the body', () => {
    const html = reportDocument({
      lang: 'en',
      title: 'Synastry & Compatibility',
      subtitle: 'Ploy and Niran',
      branding: resolveBranding(null, { brand_name: 'Stars "R" <Us>' }),
      logoDataUrl: null,
      body: '<svg><title>Sun 19°32′</title></svg><meta name="author" content="Mallory">',
      pageLabel: 'Page',
    });
    expect(documentMetadata(html)).toEqual({
      title: 'Synastry & Compatibility',
      author: 'Stars "R" <Us>',
      creator: 'Stars "R" <Us> · Synastry & Compatibility',
      producer: 'Stars "R" <Us>',
    });
    expect(documentMetadata('<html><head><title>x</title></head><body></body></html>')).toBeNull();
  });
});
