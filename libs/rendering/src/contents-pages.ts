import { toThaiDigits } from '@astro/text';

/**
 * Page numbers on a report's contents page. Chromium prints no CSS page references
 * (`target-counter`), but it does write every internal link's target into the PDF as a named
 * destination on its page. So a document with a contents page is printed twice: the first PDF
 * says on which page each section's heading landed, the second carries those numbers. The
 * contents page is one page either way, so filling in the numbers moves nothing after it.
 */

/** The placeholder a contents entry carries until the page of its section is known. */
export function contentsPageSlot(target: string, thaiDigits: boolean): string {
  return `<span class="toc-page" data-toc="${target}" data-digits="${thaiDigits ? 'thai' : 'decimal'}"></span>`;
}

const SLOT = /<span class="toc-page" data-toc="([a-z0-9-]+)" data-digits="(thai|decimal)"><\/span>/g;

/** Whether a document has a contents page waiting for its page numbers. */
export function hasContentsSlots(html: string): boolean {
  return new RegExp(SLOT.source).test(html);
}

/** The document with each contents entry's page number written in (entries whose target is unknown stay empty). */
export function withContentsPages(html: string, pages: Map<string, number>): string {
  return html.replace(SLOT, (slot, target: string, digits: string) => {
    const page = pages.get(target);
    if (page === undefined) return slot;
    const number = digits === 'thai' ? toThaiDigits(String(page)) : String(page);
    return `<span class="toc-page" data-toc="${target}" data-digits="${digits}">${number}</span>`;
  });
}

/**
 * The 1-based page of every named destination of a PDF as Chromium (Skia) writes it: plain
 * objects, a page tree under the catalog's /Pages, and a /Dests dictionary of `/name [page 0 R …]`.
 */
export function pdfDestinationPages(pdf: Buffer): Map<string, number> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const m of text.matchAll(/(?:^|\s)(\d+) 0 obj\b([\s\S]*?)endobj/g)) objects.set(Number(m[1]), m[2]);
  const root = /\/Root (\d+) 0 R/.exec(text);
  const catalog = root ? objects.get(Number(root[1])) : undefined;
  const pagesRef = catalog ? /\/Pages (\d+) 0 R/.exec(catalog) : null;
  const order = new Map<number, number>();
  const walk = (ref: number) => {
    const node = objects.get(ref) ?? '';
    const kids = /\/Kids \[([^\]]*)\]/.exec(node);
    if (/\/Type \/Pages\b/.test(node) && kids) {
      for (const k of kids[1].matchAll(/(\d+) 0 R/g)) walk(Number(k[1]));
    } else order.set(ref, order.size + 1);
  };
  if (pagesRef) walk(Number(pagesRef[1]));
  const destsRef = catalog ? /\/Dests (\d+) 0 R/.exec(catalog) : null;
  const dests = destsRef ? (objects.get(Number(destsRef[1])) ?? '') : '';
  const pages = new Map<string, number>();
  for (const m of dests.matchAll(/\/([A-Za-z0-9-]+) \[(\d+) 0 R/g)) {
    const page = order.get(Number(m[2]));
    if (page !== undefined) pages.set(m[1], page);
  }
  return pages;
}
