import { MAJORS_1 } from './majors-1';
import { MAJORS_2 } from './majors-2';
import { MAJORS_3 } from './majors-3';
import { WANDS } from './wands';
import { CUPS } from './cups';
import { SWORDS } from './swords';
import { PENTACLES } from './pentacles';
import { COURTS } from './courts';

/** Every card's drawing by card id (the ids of @astro/tarot: the-fool, ace-of-cups, king-of-pentacles …). */
const PICTURES: Record<string, () => string> = {
  ...MAJORS_1,
  ...MAJORS_2,
  ...MAJORS_3,
  ...WANDS,
  ...CUPS,
  ...SWORDS,
  ...PENTACLES,
  ...COURTS,
};

export const PICTURE_IDS: readonly string[] = Object.keys(PICTURES);

export function cardPicture(id: string): string {
  const draw = PICTURES[id];
  if (!draw) throw new Error(`no drawing for the tarot card ${id}`);
  return draw();
}
