import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROUTES } from './registry';
import type { RouteSpec } from './shared/route-spec';

/** How the README's endpoint table names each credential (docs/api-conventions.md). */
const AUTH_WORDS: Record<RouteSpec['auth'], string> = {
  none: 'none',
  api_key: 'key',
  session: 'session',
  api_key_or_session: 'key or session',
  operator: 'operator key',
  signed_url: 'signed link',
};

/** The README row of a route: method and path, credential and tier, and its priced operation (its price: pricing.test.ts). */
function expectedRow(route: RouteSpec): { route: string; auth: string; price?: string } {
  const tier = route.minTier && route.minTier !== 'free' ? `, ${route.minTier[0].toUpperCase()}${route.minTier.slice(1)}` : '';
  return {
    route: `\`${route.method} ${route.path}\``,
    auth: `${AUTH_WORDS[route.auth]}${tier}`,
    ...(route.operation ? { price: `\`${route.operation}\`` } : {}),
  };
}

describe("the README's endpoint table", () => {
  it('lists every route of the route table once, in its order, with its credential, tier and priced operation', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Endpoints');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = [...section.matchAll(/^\| (`[A-Z]+ [^`]+`) \| ([^|]+) \| ([^|]+) \| [^|]+ \|$/gm)].map((m) => ({
      route: m[1],
      auth: m[2].trim(),
      price: m[3].trim(),
    }));
    // A route without one priced operation shows a dash (free, units) or names its operations by sku.
    const shown = rows.map((row, i) => {
      const route = Object.values(ROUTES)[i] as RouteSpec | undefined;
      return route?.operation ? row : { route: row.route, auth: row.auth };
    });
    // On a difference: the expected rows are the route table's; write the README's rows to match.
    expect(shown).toEqual(Object.values(ROUTES).map((route) => expectedRow(route as RouteSpec)));
    for (const row of rows) expect(row.price).not.toBe('');
  });
});
