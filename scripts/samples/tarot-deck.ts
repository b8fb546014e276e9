// The whole tarot deck on one sheet, as a business would first look at it before putting its name on
// the cards: the 78 faces in deck order (the Major Arcana, then Wands, Cups, Swords and Pentacles
// from Ace to King), in the brand's frame colour, one sheet per language.
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { cardFaceSvg } from '@astro/rendering';
import { DECK, TarotLocale } from '@astro/tarot';

const COLUMNS = 13;
const CARD_WIDTH = 130;
const CARD_HEIGHT = Math.round((CARD_WIDTH * 520) / 300);
const GAP = 10;

export function deckSheetSvg(locale: TarotLocale, color: string): string {
  const rows = Math.ceil(DECK.length / COLUMNS);
  const width = COLUMNS * (CARD_WIDTH + GAP) + GAP;
  const height = rows * (CARD_HEIGHT + GAP) + GAP;
  const cards = DECK.map((card, i) => {
    const x = GAP + (i % COLUMNS) * (CARD_WIDTH + GAP);
    const y = GAP + Math.floor(i / COLUMNS) * (CARD_HEIGHT + GAP);
    // each face is a standalone SVG document; nested, it is placed by its own x and y
    return cardFaceSvg({ ...card, name: card.name[locale] }, { frameColor: color, width: CARD_WIDTH }).replace(
      '<svg ',
      `<svg x="${x}" y="${y}" `,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#fff"/>${cards.join('')}</svg>`;
}

/** Writes figure-tarot-deck-<locale>.png into `out` (no SVG: the PNG is what a reader opens). */
export async function deckSheets(out: string, color: string): Promise<void> {
  for (const locale of ['en', 'th'] as const) {
    const name = `figure-tarot-deck-${locale}.png`;
    await sharp(Buffer.from(deckSheetSvg(locale, color)))
      .png({ palette: true, colours: 128, compressionLevel: 9 })
      .toFile(path.join(out, name));
    console.log(`docs/samples/${name} (${Math.round(fs.statSync(path.join(out, name)).size / 1024)} KB)`);
  }
}
