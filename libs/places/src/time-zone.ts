/**
 * The IANA zone at a point, from geo-tz's "comprehensive" product (timezone-boundary-builder's
 * full set of zones): unlike geo-tz's default (zones alike since 1970) it keeps the zones whose
 * rules differ only before 1970, which birth times need. Loaded on first use (its index is about
 * 1 MB of JSON); decoded boundary tiles are kept in a bounded cache so a long-running server does
 * not end up holding every tile of the world.
 */
type GeoTz = {
  find(lat: number, lon: number): string[];
  setCache(options: { store: { get(key: string): unknown; set(key: string, value: unknown): void } }): void;
};

const MAX_TILES = 512;
let geoTz: GeoTz | undefined;

class BoundedTileStore {
  private readonly tiles = new Map<string, unknown>();
  get(key: string): unknown {
    return this.tiles.get(key);
  }
  set(key: string, value: unknown): void {
    if (this.tiles.size >= MAX_TILES) this.tiles.delete(this.tiles.keys().next().value!);
    this.tiles.set(key, value);
  }
}

function loaded(): GeoTz {
  if (!geoTz) {
    // Required on first use, not at import: every library that imports contracts would pay for it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    geoTz = require('geo-tz/dist/find-all') as GeoTz;
    geoTz.setCache({ store: new BoundedTileStore() });
  }
  return geoTz;
}

/** The zone at a point; where a border leaves two (a disputed area), the first geo-tz names. */
export function timeZoneAt(latitude: number, longitude: number): string {
  return loaded().find(latitude, longitude)[0];
}
