// The prose check (docs/content.md): every English text of every content file, and the generated
// texts written to var/prose/ by scripts/prose-samples.ts, go through retext (indefinite articles,
// repeated words, spelling with dictionary-en plus scripts/prose/astrology-words.txt) and through
// our own rules (a capitalised function word inside a sentence, "the" before a planet's name used as
// a subject); every Thai text is checked for English sentences. Issues are printed as
// `file key: message` and the exit code is 1 when there is any.
//
//   node scripts/prose-check.mjs              content files, plus var/prose/*.json if present
//   node scripts/prose-check.mjs --content    content files only
//   node scripts/prose-check.mjs FILE.json…   only these files (each a content file or a sample file)
//   node scripts/prose-check.mjs --stdin      a sample document on standard input, issues as JSON
//                                             (what the unit tests use, through proseIssues of @astro/text)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { retext } from 'retext';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextRepeatedWords from 'retext-repeated-words';
import retextSpell from 'retext-spell';
import dictionaryEn from 'dictionary-en';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORD_LIST = path.join(ROOT, 'scripts', 'prose', 'astrology-words.txt');
const SAMPLES_DIR = path.join(ROOT, 'var', 'prose');

/** Content files: JSON under a library's content/ folder (libs/<lib>/content or libs/<lib>/src/content). */
export function contentFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (entry.name.endsWith('.json') && full.split(path.sep).includes('content')) found.push(full);
    }
  };
  walk(path.join(ROOT, 'libs'));
  return found.sort();
}

/**
 * The language of a string in a content file: an ancestor key `en` / `th` decides (mixed files such
 * as libs/thai/src/content/*.json and tarot spreads.json); otherwise the file name (`en.json`,
 * `reading-en.json`, `th.json`, `horoscope/th.json`). Anything else (ko, zh, data) is not checked.
 */
export function languageOf(file, keyPath) {
  for (let i = keyPath.length - 1; i >= 0; i--) if (keyPath[i] === 'en' || keyPath[i] === 'th') return keyPath[i];
  const match = /(?:^|[-_.])(en|th)\.json$/.exec(path.basename(file));
  return match ? match[1] : null;
}

/** Keys whose values are not prose (colours, ids, glyphs, scripts of letters). */
const NOT_PROSE_KEYS = new Set(['hex', 'id', 'glyph', 'glyphs', 'letters', 'symbol', 'unicode', 'emoji']);

export function* strings(value, keyPath = []) {
  if (typeof value === 'string') yield { keyPath, text: value };
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], [...keyPath, String(i)]);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!NOT_PROSE_KEYS.has(k)) yield* strings(v, [...keyPath, k]);
  }
}

// ---------------------------------------------------------------------------------------------
// English

const PLACEHOLDER = /\{(\w+)\}/g;
/** A template's `{placeholder}` is checked as this word (a proper-noun-like token the rules skip). */
const SLOT = 'Qslot';

const FUNCTION_WORDS = new Set(
  'the a an your you yours this that these those it its and but or nor for from to of in on at by with as is are was were be he she they we there here when while if so then than which who whom whose what'.split(
    ' ',
  ),
);
const PLANETS_WITHOUT_ARTICLE = 'Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Chiron';
/** "the Mars return", "the Venus–Mars square": a planet's name as a modifier takes "the". */
const PLANET_MODIFIED = new Set(
  'return returns cycle cycles square squares opposition conjunction trine sextile quincunx aspect aspects transit transits station stations retrograde ingress ingresses dasha period periods hour hours day days year years principle archetype glyph placement placements contact contacts theme themes side sign signs house houses energy–'.split(
    ' ',
  ),
);

let processor;
function englishProcessor() {
  if (!processor) {
    const personal = fs
      .readFileSync(WORD_LIST, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean)
      .concat([SLOT])
      .join('\n');
    processor = retext()
      .use(retextEnglish)
      .use(retextIndefiniteArticle)
      .use(retextRepeatedWords)
      .use(retextSpell, { dictionary: dictionaryEn, personal, ignoreDigits: true, max: 3 });
  }
  return processor;
}

/** Our rules that retext has no plugin for: a capital inside a sentence, "the Mars stands". */
function ownRules(text) {
  const issues = [];
  // A capitalised function word after a comma, semicolon, dash or a lower-case word ("Beneath this, Your Sun").
  for (const m of text.matchAll(/(?:[,;–—]|\b[a-z]+)\s+([A-Z][a-z]+)\b/g)) {
    // "The" before a capitalised word is part of a title ("shows The Tower", a tarot card's name).
    if (m[1] === 'The' && /^\s*\p{Lu}/u.test(text.slice(m.index + m[0].length))) continue;
    if (FUNCTION_WORDS.has(m[1].toLowerCase())) issues.push(`capital letter inside a sentence: "${m[0]}" (write "${m[1].toLowerCase()}")`);
  }
  for (const m of text.matchAll(new RegExp(`\\b[Tt]he (${PLANETS_WITHOUT_ARTICLE})\\b(?![’'-])\\s*([\\p{L}–]*)`, 'gu'))) {
    if (!PLANET_MODIFIED.has(m[2].toLowerCase()) && !/^\p{Lu}/u.test(m[2]))
      issues.push(`"${m[0].trim()}": ${m[1]} takes no article when it acts (write "${m[1]}")`);
  }
  // retext-repeated-words lets capitalised pairs pass ("Duran Duran"); a doubled function word never is.
  for (const m of text.matchAll(/\b(\p{L}+)\s+(\p{L}+)\b/gu)) {
    if (m[1].toLowerCase() === m[2].toLowerCase() && /^\p{Lu}/u.test(m[1]) && FUNCTION_WORDS.has(m[1].toLowerCase()))
      issues.push(`repeated word: "${m[0]}"`);
  }
  // Two spaces, a space before punctuation, a doubled full stop.
  if (/\S {2,}\S/.test(text)) issues.push('two spaces in a row');
  if (/\s[,.;:!?](?!\d)/.test(text)) issues.push('a space before punctuation');
  if (/[^.]\.\.(?!\.)/.test(text)) issues.push('a doubled full stop');
  return issues;
}

/**
 * Quoted material (a client's question, a card's name in quotation marks) is not ours to correct:
 * text between “ and ” (or straight double quotes) is checked as one placeholder.
 */
const QUOTED = /“[^”]*”|"[^"]*"/g;

export async function checkEnglish(text) {
  const slotted = text.replace(PLACEHOLDER, SLOT).replace(QUOTED, `“${SLOT}”`);
  const file = await englishProcessor().process(slotted);
  const issues = [];
  for (const message of file.messages) {
    const start = message.place?.start?.offset ?? message.place?.offset ?? 0;
    const end = message.place?.end?.offset ?? start;
    // Before a placeholder the article cannot be known: the generated samples check those.
    if (message.source === 'retext-indefinite-article' && slotted.slice(end).trimStart().startsWith(SLOT)) continue;
    // A placeholder glued to a word ("UTC{offset}"), words of another script (丙午) and words in capitals
    // (an abbreviation, a name set in capitals) are not spelling mistakes.
    if (
      message.source === 'retext-spell' &&
      message.actual &&
      (message.actual.includes(SLOT) || /[^\p{Script=Latin}\p{N}'’-]/u.test(message.actual) || /^[\p{Lu}\d'’-]{2,}$/u.test(message.actual))
    )
      continue;
    if (message.source === 'retext-spell' && message.ruleId === 'overflow') continue;
    if (message.actual === SLOT) continue;
    const suggestion = message.expected?.length ? ` (${message.expected.slice(0, 3).join(', ')}?)` : '';
    issues.push(`${message.reason}${suggestion} [${message.source}] in "${excerpt(slotted, start, end)}"`);
  }
  return [...issues, ...ownRules(slotted)];
}

const excerpt = (text, start, end) => {
  const from = Math.max(0, start - 30);
  const to = Math.min(text.length, end + 30);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
};

// ---------------------------------------------------------------------------------------------
// Thai: no English sentence

/**
 * What a Thai text may contain in Latin letters (docs/content.md, "Thai texts"): names and
 * abbreviations (a run of Latin words of which at most two start in lower case, e.g. "Sade Sati",
 * "ASC", "MC", "Rx", "Kaal Sarp"), units ("km", "cm", "px"), glyphs, digits and placeholders. An
 * English sentence is three or more Latin words in a row of which at least three are written in
 * lower case ("the Moon is strong"), or any run containing an English function word between two
 * Latin words ("Mars in Aries").
 */
const ENGLISH_GLUE = new Set('the a an is are of in on and or to with your you for this that it from by be was were'.split(' '));

export function englishInThai(text) {
  const issues = [];
  const stripped = text.replace(PLACEHOLDER, ' ').replace(QUOTED, ' ');
  for (const m of stripped.matchAll(/[A-Za-z][A-Za-z'’.-]*(?:[ ,]+[A-Za-z][A-Za-z'’.-]*)+/g)) {
    const words = m[0].split(/[ ,]+/).filter(Boolean);
    const lower = words.filter((w) => /^[a-z]/.test(w));
    const glue = words.slice(1, -1).some((w) => ENGLISH_GLUE.has(w.toLowerCase()));
    if (lower.length >= 3 || glue) issues.push(`English in a Thai text: "${m[0]}"`);
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------

/** Checks one JSON document (a content file or a generated sample file); returns `key: message` lines. */
export async function checkDocument(file, json) {
  const out = [];
  const generated = Array.isArray(json?.samples);
  const items = generated
    ? json.samples.map((s) => ({ keyPath: [s.key], text: s.text, language: s.language }))
    : [...strings(json)].map((s) => ({ ...s, language: languageOf(file, s.keyPath) }));
  for (const { keyPath, text, language } of items) {
    const key = keyPath.join('.');
    if (language === 'en') for (const issue of await checkEnglish(text)) out.push(`${key}: ${issue}`);
    if (language === 'th') for (const issue of englishInThai(text)) out.push(`${key}: ${issue}`);
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--stdin')) {
    // Read as a stream: readFileSync(0) fails with EAGAIN on a pipe that a large input has not filled yet.
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    process.stdout.write(JSON.stringify(await checkDocument('stdin.json', input)));
    return;
  }
  const explicit = args.filter((a) => !a.startsWith('--'));
  let files = explicit.length ? explicit.map((f) => path.resolve(f)) : contentFiles();
  if (!explicit.length && !args.includes('--content') && fs.existsSync(SAMPLES_DIR)) {
    files = files.concat(
      fs
        .readdirSync(SAMPLES_DIR)
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.join(SAMPLES_DIR, f))
        .sort(),
    );
  }
  let count = 0;
  let texts = 0;
  for (const file of files) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    texts += Array.isArray(json?.samples) ? json.samples.length : [...strings(json)].length;
    for (const line of await checkDocument(file, json)) {
      console.log(`${path.relative(ROOT, file)} ${line}`);
      count++;
    }
  }
  console.log(`prose check: ${files.length} files, ${texts} texts, ${count} issue${count === 1 ? '' : 's'}`);
  process.exitCode = count === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
