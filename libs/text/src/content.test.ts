import * as fs from 'node:fs';
import * as path from 'node:path';
import { AUDIENCES, SAFETY_MODES, TONES } from '@astro/contracts';

/**
 * A reading is worth its price only if it says something of its own: every factor a reading uses
 * (a planet in a sign or house, a planet pair in an aspect, a transit, a return, a synastry
 * contact …) has its own text, so two factors never share a sentence. Checked over every content file (the files the prose check reads, docs/content.md):
 * a sentence may repeat only among the variants of one factor — its safety-mode, tone, audience
 * or grammatical-person versions — never under two different keys.
 */
const ROOT = path.resolve(__dirname, '../../..');

function contentFiles(dir = path.join(ROOT, 'libs')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : contentFiles(full);
    return entry.name.endsWith('.json') && full.split(path.sep).includes('content') ? [full] : [];
  });
}

/** Keys that name a variant of the text above them, not a factor of their own. */
const VARIANT_KEYS = new Set<string>([...SAFETY_MODES, ...TONES, ...AUDIENCES, 'you', 'reflective', 'en', 'th']);
/** Boilerplate that states the limits of a reading, the same for every product, not a factor's text. */
const NOT_A_FACTOR = new Set(['disclaimer', 'disclaimers']);
/**
 * Outcomes of one factor, of which a reading shows exactly one (a Vedic koota is friendly, partial
 * or none; Manglik dosha is in the groom's chart only or the bride's only): they may restate the
 * same placements, like variants.
 */
const OUTCOMES: { file: RegExp; keys: RegExp }[] = [
  { file: /^libs\/vedic\/src\/content\/(en|th)\.json$/, keys: /^matching\.(reasons\.\w+|manglik)\.\w+$/ },
];
/** Keys whose values are not prose (as in scripts/prose-check.mjs). */
const NOT_PROSE = new Set(['hex', 'id', 'glyph', 'glyphs', 'letters', 'symbol', 'unicode', 'emoji']);

/** The language of a text: an ancestor key en / th, else the file name (en.json, reading-th.json, depth.en.json). */
function languageOf(file: string, keys: string[]): 'en' | 'th' | null {
  for (let i = keys.length - 1; i >= 0; i--) if (keys[i] === 'en' || keys[i] === 'th') return keys[i] as 'en' | 'th';
  const m = /(?:^|[-_.])(en|th)\.json$/.exec(path.basename(file));
  return m ? (m[1] as 'en' | 'th') : null;
}

function* texts(value: unknown, keys: string[] = []): Generator<{ keys: string[]; text: string }> {
  if (typeof value === 'string') yield { keys, text: value };
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* texts(value[i], [...keys, String(i)]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (!NOT_PROSE.has(k) && !NOT_A_FACTOR.has(k)) yield* texts(v, [...keys, k]);
}

/**
 * The sentences of a text, normalised: placeholders become `{}` (a template is compared as a
 * template), case, punctuation and spacing are ignored. English splits after . ! ? ; and : ; Thai,
 * which writes no sentence marks, at its spaces (a clause). Short pieces (labels, names, the area
 * of life filled into a sentence) are left out: under 25 letters in English, 30 in Thai.
 */
function sentences(text: string, language: 'en' | 'th'): string[] {
  const pieces = language === 'en' ? text.split(/(?<=[.!?;:])\s+/) : text.split(/\s+/);
  return pieces
    .map((s) =>
      s
        .replace(/\{\w+\}/g, '{}')
        .toLowerCase()
        .replace(/[“”"'’.,;:!?()–—-]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s.replace(/\{\}|[^\p{L}]/gu, '').length >= (language === 'en' ? 25 : 30));
}

describe('content files', () => {
  const files = contentFiles();

  it('are found (every libs/**/content/**/*.json)', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.map((f) => path.relative(ROOT, f))).toContain(path.join('libs', 'rendering', 'src', 'content', 'synastry.th.json'));
  });

  it('never give two factors the same sentence (variants of one factor may share)', () => {
    const factorsOf = new Map<string, Set<string>>();
    for (const file of files) {
      const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const { keys, text } of texts(json)) {
        const language = languageOf(file, keys);
        if (!language) continue;
        const relative = path.relative(ROOT, file).split(path.sep).join('/');
        let factorKeys = keys.filter((k) => !VARIANT_KEYS.has(k));
        if (OUTCOMES.some((o) => o.file.test(relative) && o.keys.test(factorKeys.join('.')))) factorKeys = factorKeys.slice(0, -1);
        const factor = `${relative} ${factorKeys.join('.')}`;
        for (const s of sentences(text, language)) {
          const key = `${language}: ${s}`;
          if (!factorsOf.has(key)) factorsOf.set(key, new Set());
          factorsOf.get(key)!.add(factor);
        }
      }
    }
    const shared = [...factorsOf]
      .filter(([, factors]) => factors.size > 1)
      .map(([s, factors]) => `${s}\n    ${[...factors].join('\n    ')}`);
    expect(shared).toEqual([]);
  });

  it('the sentence splitter sees a shared sentence through placeholders, case and punctuation, and skips short pieces', () => {
    expect(
      sentences("{x}'s Sun meets {y}'s Moon, as old friends do: warmth comes easily. Fine. A Second Sentence follows here!", 'en'),
    ).toEqual(['{} s sun meets {} s moon as old friends do', 'a second sentence follows here']);
    expect(sentences('{a} และ {b} มีแรงขับแก่นเดียวกันและจำกันได้ทันทีตั้งแต่แรกพบกัน', 'th')).toEqual(['มีแรงขับแก่นเดียวกันและจำกันได้ทันทีตั้งแต่แรกพบกัน']);
  });
});
