import { birthPlanet, mahaThaksa, mahaThaksaSvg } from './maha-thaksa';

describe('Maha Thaksa', () => {
  it('takes Wednesday from 18:00 as Rahu', () => {
    expect(birthPlanet({ date: '1990-05-16', time: '17:59' })).toBe('mercury'); // a Wednesday
    expect(birthPlanet({ date: '1990-05-16', time: '18:00' })).toBe('rahu');
    expect(birthPlanet({ date: '1990-05-13', time: '08:00' })).toBe('sun');
  });

  it('sets the positions in wheel order from the birth planet (Sunday: the standard table)', () => {
    // Born on Sunday: บริวาร Sun, อายุ Moon, เดช Mars, ศรี Mercury, มูละ Saturn, อุตสาหะ Jupiter, มนตรี Rahu, กาลกิณี Venus.
    const wheel = mahaThaksa({ date: '1990-05-13', time: '08:00' }, '2025-01-01');
    expect(wheel.positions.map((p) => p.planet)).toEqual(['sun', 'moon', 'mars', 'mercury', 'saturn', 'jupiter', 'rahu', 'venus']);
    expect(wheel.unlucky.letters).toEqual(['ศ', 'ษ', 'ส', 'ห', 'ฬ', 'ฮ']);
    // Monday: กาลกิณี is the Sun (vowels), the well-known rule that Monday-born avoid vowels.
    expect(mahaThaksa({ date: '1990-05-14', time: '08:00' }, '2025-01-01').unlucky.colour.en).toBe('red');
  });

  it('runs the planetary periods 6, 15, 8, 17 … years from birth', () => {
    const wheel = mahaThaksa({ date: '1990-05-13', time: '08:00' }, '2025-01-01');
    expect(wheel.periods.slice(0, 4).map((p) => [p.planet, p.start, p.end])).toEqual([
      ['sun', '1990-05-13', '1996-05-13'],
      ['moon', '1996-05-13', '2011-05-13'],
      ['mars', '2011-05-13', '2019-05-13'],
      ['mercury', '2019-05-13', '2036-05-13'],
    ]);
    expect(wheel.current_period.planet).toBe('mercury');
    expect(mahaThaksaSvg(wheel)).toMatch(/^<svg[^>]*>.*มหาทักษา.*<\/svg>$/);
  });

  it('draws the roles with their English names for an English reader and in Thai alone for a Thai page', () => {
    const wheel = mahaThaksa({ date: '1990-05-13', time: '08:00' }, '2025-01-01');
    expect(mahaThaksaSvg(wheel)).toContain('>Maha Thaksa<');
    const thai = mahaThaksaSvg(wheel, 'none');
    expect(thai).toContain('>มหาทักษา<');
    expect(thai.replace(/<[^>]*>/g, ' ')).not.toMatch(/[A-Za-z]/);
  });
});
