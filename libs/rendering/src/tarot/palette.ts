/**
 * The deck's colours: flat inks on cream paper, as in the hand-coloured Rider–Waite–Smith prints of
 * 1909 (yellow skies, blue water, red and white robes, grey stone), in shades that also read on a
 * grey-scale print. The frame takes the brand colour; the pictures keep these so the deck stays one deck.
 */
export const INK = '#2b2233';
export const PAPER = '#fbf6ea';

export const C = {
  ink: INK,
  paper: PAPER,
  white: '#ffffff',
  skyDay: '#cfe4ef',
  skyGold: '#f6dc8f',
  skyDusk: '#f2c79a',
  skyNight: '#2c3563',
  skyStorm: '#8a93a6',
  cloud: '#f4f6fa',
  cloudGrey: '#c3c9d4',
  sun: '#f4c430',
  sunRay: '#f7d663',
  gold: '#e2b23c',
  goldDark: '#b9862a',
  silver: '#dfe5ec',
  steel: '#9aa5b4',
  red: '#b8412e',
  redLight: '#dc6b4f',
  rose: '#e27d8a',
  blue: '#3f6fa8',
  blueLight: '#7fa7d3',
  water: '#8fbcdb',
  waterDeep: '#4f86b8',
  green: '#6e9e4f',
  greenDark: '#3f6b3a',
  grass: '#a9c77a',
  earth: '#b98a55',
  earthDark: '#8b5e3c',
  wood: '#b07a45',
  woodDark: '#7d5230',
  stone: '#b5b2aa',
  stoneDark: '#86837c',
  purple: '#6d4c8d',
  violet: '#9c86c2',
  skin: '#f1cba6',
  hair: '#7a5233',
  black: '#3a3340',
  orange: '#e8893a',
} as const;
