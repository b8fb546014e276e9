import {
  buddhistEraYear,
  capitalise,
  compose,
  fill,
  fixArticles,
  indefiniteArticle,
  MissingPlaceholderError,
  pageTexts,
  stringLeaves,
  thaiDate,
  toThaiDigits,
  withLead,
} from '.';

describe('English articles', () => {
  it.each([
    ['imaginative', 'an'],
    ['Aries', 'an'],
    ['Leo', 'a'],
    ['hour', 'an'],
    ['honest', 'an'],
    ['unique', 'a'],
    ['unimportant', 'an'],
    ['Uranus', 'a'],
    ['one-off', 'a'],
    ['MC', 'an'],
    ['UTC', 'a'],
    ['8', 'an'],
    ['11th', 'an'],
    ['7th', 'a'],
    ['1990s', 'a'],
    ['1800s', 'an'],
    ['Earth', 'an'],
    ['usual', 'a'],
    ['European', 'a'],
  ])('%s takes "%s"', (word, article) => expect(indefiniteArticle(word)).toBe(article));

  it('corrects articles in filled templates, keeps capitals and leaves a letter "A" inside a sentence alone', () => {
    expect(fixArticles('working in a imaginative way, an steady Moon')).toBe('working in an imaginative way, a steady Moon');
    expect(fixArticles('A Aries Sun. An Leo Moon')).toBe('An Aries Sun. A Leo Moon');
    expect(fixArticles('Plan A or plan B')).toBe('Plan A or plan B');
    expect(compose('en', 'your {planet} works in a {style} way', { planet: 'Mars', style: 'energetic' })).toBe(
      'Your Mars works in an energetic way',
    );
  });
});

describe('lead-ins and capitals', () => {
  it('goes on in lower case after a comma or a word, with a capital after a colon; names keep theirs', () => {
    expect(withLead('Beneath this,', 'Your Sun and Moon form a trine.')).toBe('Beneath this, your Sun and Moon form a trine.');
    expect(withLead('The stars add that', 'The Moon is strong.')).toBe('The stars add that the Moon is strong.');
    expect(withLead('Beneath this,', 'Mars and Venus form a square.')).toBe('Beneath this, Mars and Venus form a square.');
    expect(withLead('Fun fact:', 'your Mars squares Saturn.')).toBe('Fun fact: Your Mars squares Saturn.');
    expect(capitalise('“quoted” start')).toBe('“Quoted” start');
    expect(capitalise('7th from the Moon')).toBe('7th from the Moon');
  });

  it('refuses a placeholder without a value, naming it and its template, and leaves Thai text unchanged', () => {
    expect(() => fill('{a} and {b}', { a: 'x' })).toThrow('the placeholder {b} has no value in the template "{a} and {b}"');
    expect(() => compose('en', 'your {planet}', {})).toThrow(MissingPlaceholderError);
    expect(fill('{a}, {a} and {n}', { a: 'x', n: 0 })).toBe('x, x and 0');
    // An inherited property is not a value.
    expect(() => fill('{constructor}', {})).toThrow('{constructor}');
    expect(compose('th', 'ดาว{planet} a {x}', { planet: 'อังคาร', x: 'อ' })).toBe('ดาวอังคาร a อ');
  });
});

describe('Thai dates and digits', () => {
  // Buddhist Era = C.E. + 543 (Royal Institute; e.g. the 2026 Thai government calendar is พ.ศ. 2569).
  it('writes Buddhist Era years, Thai month names and Thai digits', () => {
    expect(buddhistEraYear(2026)).toBe(2569);
    expect(thaiDate('2026-05-15')).toBe('15 พฤษภาคม พ.ศ. 2569');
    expect(thaiDate('2026-02-01', 'short')).toBe('1 ก.พ. 2569');
    expect(toThaiDigits('พ.ศ. 2569 เวลา 14:05')).toBe('พ.ศ. ๒๕๖๙ เวลา ๑๔:๐๕');
  });
});

describe('texts of a document for the prose check', () => {
  it('lists the strings of a JSON tree with their paths and the visible text of a page', () => {
    expect(stringLeaves({ a: 'x', b: [{ c: 'y' }, 2], d: null })).toEqual([
      ['a', 'x'],
      ['b.0.c', 'y'],
    ]);
    const html =
      '<html><head><title>T</title></head><body><style>p { margin: 6pt; }</style><h1>Title &amp; more</h1><p>One <b>bold</b> word</p><img src="data:image/png;base64,AAAA"></body></html>';
    expect(pageTexts(html)).toEqual(['Title & more', 'One bold word']);
  });
});
