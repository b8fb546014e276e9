import en from './content/en.json';
import th from './content/th.json';
import type { VisualLocale } from '@astro/contracts';
import { fill } from '@astro/text';

const DEFINITIONS = { en: en.definitions, th: th.definitions };

/**
 * What each measurement measures, in a reading's language (content/*.json, `definitions`): the
 * analysis is made with the English ones and a Thai reading document carries the Thai ones.
 */
export function definitionsFor(locale: VisualLocale) {
  const d = DEFINITIONS[locale];
  const hand = d.hand as unknown as Record<string, string>;
  return {
    face: (key: string): string | undefined => (d.face as Record<string, string>)[key],
    hand: (key: string): string | undefined => {
      const finger = /^(thumb|index|middle|ring|pinky)_to_palm_length$/.exec(key);
      if (finger) return fill(d.hand.finger_to_palm_length, { finger: d.hand.fingers[finger[1] as keyof typeof d.hand.fingers] });
      return typeof hand[key] === 'string' ? hand[key] : undefined;
    },
    handShape: (values: { long_palm: number; long_fingers: number }): string => fill(d.hand.hand_shape, values),
    line: (line: 'heart' | 'head' | 'life'): string => d.lines[line],
  };
}
