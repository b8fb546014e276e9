import { PlacesQuery, PlacesResponse } from './places';
import { ok, routesWith } from '../shared/route-spec';

/** Routes of the `Places` tag. */
export const placeRoutes = routesWith({ tag: 'Places', method: 'GET', auth: 'api_key_or_session' })({
  searchPlaces: {
    path: '/v1/places',
    summary: 'Birth places by name, for a search box (free)',
    description:
      'Populated places of the embedded GeoNames gazetteer (1,000 or more people) whose name is, or begins with, `q`, with coordinates, country, admin region and IANA zone. Free and rate limited like every keyed route; nothing is charged. Give the chosen `geonames_id` as `place_id` (or the name as `place`) of a birth subject (docs/places.md).',
    query: PlacesQuery,
    success: ok('the matching places', PlacesResponse),
  },
});
