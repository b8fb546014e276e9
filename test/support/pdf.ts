import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';

/** The text of a PDF, as pdftotext (poppler-utils) extracts it. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, maxBuffer: 32 * 1024 * 1024 }).toString('utf8');
}

export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/Pages:\s+(\d+)/.exec(info)![1]);
}

/** How many pixels of the first page (rendered by pdftoppm at 50 dpi) are within `tolerance` of a colour. */
export async function pixelsOfColour(pdf: Buffer, hex: string, tolerance = 12): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-page-'));
  const input = path.join(dir, 'in.pdf');
  fs.writeFileSync(input, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', input, path.join(dir, 'page')]);
  const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
  const { data, info } = await sharp(path.join(dir, png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    if (Math.abs(data[i] - r) <= tolerance && Math.abs(data[i + 1] - g) <= tolerance && Math.abs(data[i + 2] - b) <= tolerance) count++;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return count;
}

/**
 * The text of a PDF in the order it was written (pdftotext -raw): a Chinese character set in a line
 * of Latin or Thai text stays in its place, where the layout mode moves it to a line of its own.
 */
export function pdfTextInOrder(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf, maxBuffer: 32 * 1024 * 1024 }).toString('utf8');
}
