import { SVG_LIMITS } from './svg-limits';
import { sanitiseSvg, SvgRejected } from './svg-sanitise';

const SVG_NS = 'http://www.w3.org/2000/svg';
const svg = (body: string) => `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="600" height="600">${body}</svg>`;

/** `levels` groups, each holding `copies` <use>s of the one before, and a <use> of the last: copies^levels rectangles, <use> levels + 1 deep. */
function useTree(levels: number, copies: number): string {
  let body = '<defs><g id="a0"><rect width="1" height="1"/></g>';
  for (let level = 1; level <= levels; level++) body += `<g id="a${level}">${`<use xlink:href="#a${level - 1}"/>`.repeat(copies)}</g>`;
  return svg(`${body}</defs><use href="#a${levels}"/>`);
}

const blurFilter = (blurs: number, deviation = 4) =>
  `<filter id="b">${`<feGaussianBlur stdDeviation="${deviation}"/>`.repeat(blurs)}</filter>`;

describe('the drawing-cost limits of the SVG sanitiser', () => {
  it.each([
    // The probe's cases: a 1.6 KB blur SVG (0.8 s of the event loop) and a 2 KB <use> tree (16 s).
    [
      'blur filters run over many elements',
      svg(blurFilter(4) + '<rect width="600" height="600" filter="url(#b)"/>'.repeat(16)),
      /runs 64 filter primitives/,
    ],
    ['more filter primitives than allowed', svg(blurFilter(17)), /more than 16 filter primitives/],
    ['a blur wider than allowed', svg(blurFilter(1, 40)), /blurs with stdDeviation 40, more than 20/],
    [
      'a filter applied from a <style> sheet',
      svg(`${blurFilter(1)}<style>rect { filter: url(#b) }</style><rect width="9" height="9"/>`),
      /<style> sheet/,
    ],
    ['a CSS filter function', svg('<rect width="9" height="9" style="filter: blur(30px)"/>'), /CSS filter function/],
    ['a deep <use> tree', useTree(6, 2), /nests <use> 7 deep/],
    [
      'a wide <use> tree within the depth limit',
      useTree(3, 60),
      /draws 1\.3×10\^6 elements once every <use> and reference is expanded, more than 20000/,
    ],
    ['a <use> that draws itself', svg('<g id="loop"><use href="#loop"/></g>'), /refers to itself in a loop \(#loop\)/],
    ['too many elements', svg('<rect/>'.repeat(SVG_LIMITS.elements)), /more than 3000 elements/],
    [
      'elements nested too deep',
      svg('<g>'.repeat(SVG_LIMITS.nesting) + '</g>'.repeat(SVG_LIMITS.nesting)),
      /nests elements more than 64 deep/,
    ],
  ])('refuses %s, saying why', (_, source, message) => {
    expect(() => sanitiseSvg(source)).toThrow(SvgRejected);
    expect(() => sanitiseSvg(source)).toThrow(message);
  });

  it('accepts a logo with a drop shadow, gradients and a few <use>s', () => {
    const logo = svg(
      '<defs><filter id="shadow"><feGaussianBlur stdDeviation="2"/><feOffset dx="1" dy="1"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>' +
        '<linearGradient id="g"><stop offset="0" stop-color="#1a7f5a"/><stop offset="1" stop-color="#e67e22"/></linearGradient>' +
        '<symbol id="star"><path d="M0 0L10 10"/></symbol></defs>' +
        `<g filter="url(#shadow)">${'<use href="#star" fill="url(#g)"/>'.repeat(5)}</g>`,
    );
    expect(() => sanitiseSvg(logo)).not.toThrow();
  });
});
