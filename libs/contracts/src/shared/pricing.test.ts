import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRICES, pricingDocument } from './pricing';

/** The README endpoint table's rows: route, the operations named in the operation column, the credits column. */
function readmeRows(): { route: string; operations: string[]; credits: string }[] {
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Endpoints');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\| `[A-Z]+ ([^`]+)` \| [^|]+ \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => {
    const named = [...m[2].matchAll(/`([^`]+)`/g)].map((n) => n[1]);
    // `visual_palm_json`, `…_branded`, `…_premium`: the short forms keep the first name's stem.
    const stem = named[0]?.replace(/_[a-z]+$/, '') ?? '';
    return { route: m[1], operations: named.map((name) => name.replace(/^…/, stem)), credits: m[3].trim() };
  });
}

describe('price table', () => {
  it("is the README endpoint table's credits column: every operation at its price, on its endpoint's row", () => {
    const shown = new Map<string, { credits: number; routes: string[] }>();
    for (const row of readmeRows()) {
      const credits = row.credits.split(', ').map(Number);
      row.operations.forEach((operation, i) => {
        const entry = shown.get(operation) ?? { credits: credits[i], routes: [] };
        expect(credits[i]).toBe(entry.credits);
        entry.routes.push(row.route);
        shown.set(operation, entry);
      });
      if (row.operations.length === 0) expect(row.credits).toMatch(/^(free|\d+ units?( a \w+)?)$/);
    }
    expect([...shown.keys()].sort()).toEqual(Object.keys(PRICES).sort());
    for (const [operation, price] of Object.entries(PRICES)) {
      const entry = shown.get(operation)!;
      expect(entry.credits).toBe(price.credits);
      expect(entry.routes).toContain(price.endpoint.replace(/^[A-Z]+ /, ''));
    }
  });

  it('serves every operation with a positive whole price', () => {
    const document = pricingDocument();
    expect(document.operations.map((o) => o.operation)).toEqual(Object.keys(PRICES));
    for (const o of document.operations) expect(Number.isInteger(o.credits) && o.credits > 0).toBe(true);
  });
});
