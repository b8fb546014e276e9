import { SAFETY_MODES, SafetyMode } from '@astro/contracts';

/**
 * Content written per safety mode: wherever a content file has an object whose keys are all safety
 * modes and one of them is `default` (`{ "default": "…", "workplace": "…" }`), the text is the
 * variant of the voice's mode, or the default when the writer left that mode out. A value of any
 * kind can vary this way: a sentence, a list of variants, a whole section.
 */
export type ForMode<T> = T extends string | number | boolean | null
  ? T
  : T extends { default: infer D }
    ? ForMode<D>
    : T extends readonly (infer E)[]
      ? ForMode<E>[]
      : { [K in keyof T]: ForMode<T[K]> };

const isModeEntry = (x: object): x is { default: unknown } & Partial<Record<SafetyMode, unknown>> =>
  Object.hasOwn(x, 'default') && Object.keys(x).every((k) => (SAFETY_MODES as readonly string[]).includes(k));

/** A content file (or part of one) with every per-mode entry resolved for `mode` (see ForMode). */
export function forMode<T>(content: T, mode: SafetyMode): ForMode<T> {
  const resolve = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(resolve);
    if (x === null || typeof x !== 'object') return x;
    if (isModeEntry(x)) return resolve(x[mode] ?? x.default);
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, resolve(v)]));
  };
  return resolve(content) as ForMode<T>;
}

/** `forMode` of a content file per language and mode, resolved once. */
export function modeCache<T, Locale extends string = 'en' | 'th'>(
  files: Record<Locale, T>,
): (locale: Locale, mode: SafetyMode) => ForMode<T> {
  const cache = new Map<string, ForMode<T>>();
  return (locale, mode) => {
    const key = `${locale}|${mode}`;
    if (!cache.has(key)) cache.set(key, forMode(files[locale], mode));
    return cache.get(key)!;
  };
}
