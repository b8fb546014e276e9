import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRICES, pricingDocument } from './pricing';

describe('price table', () => {
  it('is reproduced in the README row for row', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Prices');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = [...section.matchAll(/^\| (\w+) \| (\d+) \| `([^`]+)` \|$/gm)].map((m) => [m[1], Number(m[2]), m[3]]);
    expect(rows).toEqual(Object.entries(PRICES).map(([op, p]) => [op, p.credits, p.endpoint]));
  });

  it('serves every operation with a positive whole price', () => {
    const document = pricingDocument();
    expect(document.operations.map((o) => o.operation)).toEqual(Object.keys(PRICES));
    for (const o of document.operations) expect(Number.isInteger(o.credits) && o.credits > 0).toBe(true);
  });
});
