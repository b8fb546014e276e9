import { sanitiseSvg } from './svg-sanitise';

/**
 * CSS escapes (CSS Syntax Level 3, §4.3.7 "Consume an escaped code point": a backslash and up to
 * six hex digits, or a backslash and any other character) spell a function or an at-rule in
 * characters a plain text check does not see: `u\72l(` is `url(`, `@imp\6f rt` is `@import`.
 * The attacker's probe kept `fill:u\72l(http://127.0.0.1:47002/x)` through the sanitiser.
 */
const wrap = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inner}</svg>`;

describe('sanitiseSvg and CSS escapes', () => {
  it.each([
    ['the probe: a style attribute with u\\72l(…)', wrap('<rect width="5" height="5" style="fill:u\\72l(http://127.0.0.1:47002/x)"/>')],
    ['an escape with its trailing space', wrap('<rect width="5" height="5" style="fill:\\75 rl(http://127.0.0.1:47002/x)"/>')],
    ['an escaped parenthesis', wrap('<rect width="5" height="5" style="fill:url\\28 http://127.0.0.1:47002/x)"/>')],
    ['a presentation attribute', wrap('<rect width="5" height="5" fill="u\\72l(http://127.0.0.1:47002/x)"/>')],
    ['a filter attribute', wrap('<rect width="5" height="5" filter="\\75rl(http://127.0.0.1:47002/x#f)"/>')],
    ['a backslash written as a character reference', wrap('<rect width="5" height="5" style="fill:u&#92;72l(http://127.0.0.1:47002/x)"/>')],
    ['a style sheet', wrap('<style>rect { fill: u\\72l(http://127.0.0.1:47002/x) }</style><rect width="5" height="5"/>')],
    [
      'an escaped @import',
      wrap('<style>@imp\\6f rt "http://127.0.0.1:47002/x.css"; rect { fill: red }</style><rect width="5" height="5"/>'),
    ],
  ])('takes out %s: nothing of the address is left', (_what, source) => {
    const { svg, removed } = sanitiseSvg(source);
    expect(svg).not.toContain('127.0.0.1');
    expect(svg).not.toContain('\\');
    expect(removed.length).toBeGreaterThan(0);
    // The drawing itself stays.
    expect(svg).toContain('<rect width="5" height="5"');
  });

  it('keeps CSS without escapes as it was', () => {
    const source = wrap('<style>.a { fill: #1a7f5a }</style><rect class="a" width="5" height="5" style="stroke:#000; fill:url(#g)"/>');
    const { svg, removed } = sanitiseSvg(source);
    expect(removed).toEqual([]);
    expect(svg).toContain('.a { fill: #1a7f5a }');
    expect(svg).toContain('style="stroke:#000; fill:url(#g)"');
  });
});
