/**
 * The templating step of every customer-facing text (docs/content.md): placeholders filled from
 * content files, then the English sentence rules a template cannot know in advance: "a" or "an"
 * before the word that was filled in, a capital at the start of each sentence and none after a
 * lead-in ("Beneath this, your Sun …"). Thai has neither articles nor capitals: its text passes
 * through unchanged apart from the placeholders.
 */

export type TextValues = Record<string, string | number>;

/**
 * `{name}` placeholders filled from `values`, the one templating rule of every library. A placeholder
 * without a value is a bug in the code or the content, never text for a customer to read as `{name}`:
 * it throws, naming the placeholder and the template. Values go in as they are: text for HTML is
 * escaped by the caller.
 */
export function fill(template: string, values: TextValues): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value === undefined || value === null) throw new MissingPlaceholderError(key, template);
    return String(value);
  });
}

/** A template's placeholder that was given no value. */
export class MissingPlaceholderError extends Error {
  constructor(
    readonly placeholder: string,
    readonly template: string,
  ) {
    super(`the placeholder {${placeholder}} has no value in the template ${JSON.stringify(template)}`);
  }
}

// Words whose spelling and sound disagree at the start (the rule reads the first sound, not the letter).
const AN_BEFORE_SILENT_H = /^(hour|honest|honou?r|heir)/i;
const A_BEFORE_YOU_SOUND = /^(uni(?!n|mp|mag|dent|llum)|us[eu]|uti|ure|uran|ubiq|eu|ewe|one|once)/i;
/** Letters read as a name ("an MC", "a UTC offset"): those whose name starts with a vowel sound. */
const VOWEL_LETTER_NAMES = new Set('AEFHILMNORSX'.split(''));

/** "a" or "an" for the word that follows (first sound, not first letter). */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.replace(/^[^\p{L}\p{N}]+/u, '');
  if (!w) return 'a';
  if (/^[A-Z]{2,}\b/.test(w) || /^[A-Z]$/.test(w)) return VOWEL_LETTER_NAMES.has(w[0]) ? 'an' : 'a';
  // "an 8", "an 11", "an 18", "an 1800s"; "a 7", "a 1990s"
  if (/^\d/.test(w)) return /^(8|1[18](\D|$)|1[18]\d\d(\D|$))/.test(w) ? 'an' : 'a';
  if (AN_BEFORE_SILENT_H.test(w)) return 'an';
  if (A_BEFORE_YOU_SOUND.test(w)) return 'a';
  return /^[aeiouAEIOU]/.test(w) ? 'an' : 'a';
}

/**
 * Every "a"/"an" of an English text made to agree with the word after it. A capital "A" counts only
 * at the start of a sentence (so "Plan A or B" is left alone).
 */
export function fixArticles(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}’'-])([Aa])(n?)(\s+)(["“‘(]?[\p{L}\p{N}][\p{L}\p{N}’'-]*)/gu,
    (whole: string, a: string, _n: string, space: string, next: string, offset: number) => {
      if (a === 'A' && !/(^|[.!?:]\s+|["“(]\s*)$/.test(text.slice(0, offset))) return whole;
      const article = indefiniteArticle(next);
      return `${a === 'A' ? article[0].toUpperCase() + article.slice(1) : article}${space}${next}`;
    },
  );
}

/** Words that are never capitalised inside a sentence (a lead-in followed by a sentence starting with one is lowered). */
const LOWER_INSIDE = new Set(
  'the a an your you this that these those it its there here he she they we his her their our my when while if as with in on at for from to of and but or so by'.split(
    ' ',
  ),
);

/** The first letter made upper case ("your Sun …" → "Your Sun …"); a text that starts with a digit ("7th …") is left alone. */
export function capitalise(text: string): string {
  const m = /^[\s"“‘(]*/.exec(text)!;
  const i = m[0].length;
  return i < text.length && /\p{Ll}/u.test(text[i]) ? text.slice(0, i) + text[i].toUpperCase() + text.slice(i + 1) : text;
}

/** The first word made lower case when it is a common word (never a name: "Mars", "Aries" keep their capital). */
export function lowerFirstWord(text: string): string {
  const m = /^(\s*["“‘(]?)(\p{Lu}\p{Ll}*)(?![\p{L}\p{N}])/u.exec(text);
  if (!m || !LOWER_INSIDE.has(m[2].toLowerCase())) return text;
  return m[1] + m[2].toLowerCase() + text.slice(m[0].length);
}

/**
 * A lead-in ("Beneath this,", "The stars add that", "Fun fact:") joined to a sentence. After a
 * comma or a word the sentence goes on in lower case; after a colon, a full stop or nothing it starts
 * a sentence of its own, with a capital.
 */
export function withLead(lead: string, sentence: string): string {
  const l = lead.trim();
  if (!l) return capitalise(sentence);
  if (/[.!?:]$/.test(l)) return `${l} ${capitalise(sentence)}`;
  return `${l} ${lowerFirstWord(sentence)}`;
}

/**
 * A template filled and made into good text: in English the articles agree with the words filled in
 * and the text starts with a capital; other languages get only the placeholders.
 */
export function compose(language: string, template: string, values: TextValues = {}): string {
  const text = fill(template, values);
  return language === 'en' ? capitalise(fixArticles(text)) : text;
}

/** Sentences (already composed) joined with single spaces, empty ones left out. */
export function joinSentences(sentences: (string | null | undefined | false)[]): string {
  return sentences
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .map((s) => s.trim())
    .join(' ');
}
