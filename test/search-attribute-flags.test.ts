import { ALL_SEARCH_ATTRIBUTES } from '@astro/search-attributes';

// npm start's dev server and the chaos stack register the search attributes through the CLI's
// flags, written in plain JS; the workers set them from the library. A name or type that drifts
// makes every workflow start fail (a job price registered as Keyword did, in the chaos stack).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the start script's own module (plain JS)
const { searchAttributeFlags } = require('../scripts/lib/temporal-dev-server') as { searchAttributeFlags(): string[] };

describe("the dev server's search attribute flags", () => {
  it('register every attribute of @astro/search-attributes with its type, and no other', () => {
    const flags = searchAttributeFlags();
    const registered = flags.filter((_, i) => i % 2 === 1).map((flag) => flag.split('='));
    expect(flags.filter((_, i) => i % 2 === 0).every((flag) => flag === '--search-attribute')).toBe(true);
    // The CLI names a type as the SDK does, in CamelCase: Keyword for KEYWORD, Int for INT.
    expect(registered.map(([name, type]) => [name, type.toUpperCase()]).sort()).toEqual(
      ALL_SEARCH_ATTRIBUTES.map((key) => [key.name, key.type.replace('_', '')]).sort(),
    );
  });
});
