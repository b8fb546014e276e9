import { SvgRejected } from './svg-rejected';

/**
 * What an SVG logo may cost to draw. A few kilobytes of SVG can ask librsvg for minutes of work:
 * filters re-run over every element they apply to, and `<use>` of a group of `<use>`s multiplies
 * (ten levels of ten copies is 10^10 elements). The sanitiser counts while it reads and refuses a
 * document over any of these limits, saying which; the rasteriser's time and pixel budget
 * (rasterise-logo.ts) stops whatever still gets through. A real logo is far below every one.
 */
export const SVG_LIMITS = {
  /** elements in the document, kept or not */
  elements: 3000,
  /** elements inside elements */
  nesting: 64,
  /** elements drawn once every `<use>` and `url(#…)` / `href="#…"` reference is expanded */
  drawnElements: 20_000,
  /** `<use>` elements in the document */
  uses: 300,
  /** a `<use>` of something holding a `<use>` of … */
  useDepth: 4,
  /** filter primitives (`fe…` elements) in the document */
  filterPrimitives: 16,
  /** filter primitives run to draw the whole logo: each element drawn through a filter runs all of its primitives */
  filterWork: 16,
  /** the largest `stdDeviation` of a `<feGaussianBlur>`, in user units */
  blurStdDeviation: 20,
} as const;

/** A kept element, with what it references by `#id`. */
export interface SvgNode {
  name: string;
  id: string | null;
  refs: string[];
  children: SvgNode[];
}

/** CSS filter functions that librsvg runs without any `<filter>` element. */
const FILTER_FUNCTION = /\b(blur|brightness|contrast|drop-shadow|grayscale|hue-rotate|invert|opacity|saturate|sepia)\s*\(/i;

/** The counts taken while the document is read, refusing as soon as one is over its limit. */
export class SvgTally {
  private elements = 0;
  private primitives = 0;

  /** One start tag at `depth` (the root is 1), with its raw attributes; `name` is the SVG local name. */
  element(depth: number, name: string, attributes: [string, string][]): void {
    if (++this.elements > SVG_LIMITS.elements) throw new SvgRejected(`the SVG has more than ${SVG_LIMITS.elements} elements`);
    if (depth > SVG_LIMITS.nesting) throw new SvgRejected(`the SVG nests elements more than ${SVG_LIMITS.nesting} deep`);
    if (/^fe[A-Z]/.test(name) && ++this.primitives > SVG_LIMITS.filterPrimitives) {
      throw new SvgRejected(`the SVG has more than ${SVG_LIMITS.filterPrimitives} filter primitives (fe… elements)`);
    }
    for (const [attr, value] of attributes) {
      const local = attr.slice(attr.lastIndexOf(':') + 1);
      if ((local === 'filter' || local === 'style') && FILTER_FUNCTION.test(value)) {
        throw new SvgRejected('the SVG uses a CSS filter function (blur(), drop-shadow(), …); only <filter> elements are accepted');
      }
      if (name === 'feGaussianBlur' && local === 'stdDeviation') {
        const largest = Math.max(
          0,
          ...value
            .split(/[\s,]+/)
            .map(Number)
            .filter(Number.isFinite),
        );
        if (largest > SVG_LIMITS.blurStdDeviation) {
          throw new SvgRejected(`the SVG blurs with stdDeviation ${largest}, more than ${SVG_LIMITS.blurStdDeviation}`);
        }
      }
    }
  }

  /** The text of a `<style>` element: a sheet could apply a filter to every element at once, so it may not apply one. */
  styleSheet(css: string): void {
    if (/filter\s*:\s*(?!none\s*(;|}|$))/i.test(css)) {
      throw new SvgRejected('the SVG applies a filter from a <style> sheet; apply it with the filter attribute of the element');
    }
  }
}

interface Cost {
  drawn: number;
  filterWork: number;
  useDepth: number;
}

/**
 * The drawing's cost with every reference expanded, refused over the limits: how many elements
 * are drawn, how many filter primitives run, how deep `<use>` goes. A reference loop is refused
 * (librsvg would stop drawing there; a logo never needs one).
 */
export function checkSvgLimits(root: SvgNode): void {
  const byId = new Map<string, SvgNode>();
  let uses = 0;
  const index = (node: SvgNode) => {
    if (node.id !== null && !byId.has(node.id)) byId.set(node.id, node);
    if (node.name === 'use') uses++;
    node.children.forEach(index);
  };
  index(root);
  if (uses > SVG_LIMITS.uses) throw new SvgRejected(`the SVG has ${uses} <use> elements, more than ${SVG_LIMITS.uses}`);

  const primitivesIn = (node: SvgNode): number =>
    node.children.reduce((sum, child) => sum + (/^fe[A-Z]/.test(child.name) ? 1 : 0) + primitivesIn(child), 0);
  const costs = new Map<SvgNode, Cost>();
  const inProgress = new Set<SvgNode>();
  const costOf = (node: SvgNode): Cost => {
    const known = costs.get(node);
    if (known) return known;
    if (inProgress.has(node)) throw new SvgRejected(`the SVG refers to itself in a loop${node.id ? ` (#${node.id})` : ''}`);
    inProgress.add(node);
    const cost: Cost = { drawn: 1, filterWork: 0, useDepth: 0 };
    for (const child of node.children) add(cost, costOf(child), 0);
    for (const ref of node.refs) {
      const target = byId.get(ref);
      if (!target) continue;
      if (target.name === 'filter') cost.filterWork += primitivesIn(target);
      else add(cost, costOf(target), node.name === 'use' ? 1 : 0);
    }
    inProgress.delete(node);
    costs.set(node, cost);
    return cost;
  };
  const total = costOf(root);
  if (total.useDepth > SVG_LIMITS.useDepth) {
    throw new SvgRejected(`the SVG nests <use> ${total.useDepth} deep (a <use> of a <use> of …), more than ${SVG_LIMITS.useDepth}`);
  }
  if (total.drawn > SVG_LIMITS.drawnElements) {
    throw new SvgRejected(
      `the SVG draws ${formatCount(total.drawn)} elements once every <use> and reference is expanded, more than ${SVG_LIMITS.drawnElements}`,
    );
  }
  if (total.filterWork > SVG_LIMITS.filterWork) {
    throw new SvgRejected(
      `the SVG runs ${formatCount(total.filterWork)} filter primitives to draw (each element drawn through a filter runs all of its primitives), more than ${SVG_LIMITS.filterWork}`,
    );
  }
}

/** Adds a part's cost to a whole's; `deeper` is 1 when the part is reached through a `<use>`. */
function add(whole: Cost, part: Cost, deeper: number): void {
  whole.drawn += part.drawn;
  whole.filterWork += part.filterWork;
  whole.useDepth = Math.max(whole.useDepth, part.useDepth + deeper);
}

const formatCount = (n: number) => (n >= 1e6 ? n.toExponential(1).replace('e+', '×10^') : String(n));
