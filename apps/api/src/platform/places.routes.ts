import { Injectable } from '@nestjs/common';
import { PLACES_ATTRIBUTION, PlacesResponse, ROUTES } from '@astro/contracts';
import { searchPlaces, toCandidate } from '@astro/places';
import { Call, Route } from '../http/route';

@Injectable()
export class PlacesRoutes {
  /** Free: keyed and rate limited like every keyed route, never charged. */
  @Route(ROUTES.searchPlaces)
  search({ query }: Call<typeof ROUTES.searchPlaces>): PlacesResponse {
    const { q, country, limit } = query;
    const places = searchPlaces({ name: q, country }, limit).map((place) => {
      const c = toCandidate(place);
      return {
        geonames_id: c.geonamesId,
        name: c.name,
        admin1: c.admin1,
        admin1_code: c.admin1Code,
        country: c.country,
        country_name: c.countryName,
        population: c.population,
        latitude: c.latitude,
        longitude: c.longitude,
        timezone: c.timezone,
        place_display: c.display,
      };
    });
    return { query: q, country: country?.toUpperCase() ?? null, count: places.length, places, attribution: PLACES_ATTRIBUTION };
  }
}
