import { FourPillarsChart } from './chart';

/**
 * A four-pillar report as a document: its sections of headed paragraphs, tables and the pillar
 * grid, in the edition's language. The same value is the job's `json` artifact (with the chart's
 * numbers) and the source of its HTML page and PDF, so the three never disagree.
 */
export type DocBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'subheading'; text: string }
  /**
   * `periods`: the luck periods, whose first three columns (period, ages, years) never wrap;
   * `labelled`: a table whose first column is a short label that never wraps
   */
  | { kind: 'table'; head: string[]; rows: string[][]; style?: TableStyle }
  | { kind: 'figure'; figure: 'pillar_grid'; caption: string };

export interface DocSection {
  heading: string;
  blocks: DocBlock[];
}

export interface FourPillarsDocument {
  kind: 'saju' | 'bazi';
  locale: 'en' | 'th';
  title: string;
  subtitle: string;
  name: string;
  /** the cover's label and value rows: birth, place, gender, the day read */
  cover: [string, string][];
  sections: DocSection[];
  disclaimer: string;
  /** the numbers the document reads (pillars, luck periods, years), as computed */
  chart: FourPillarsChart;
}

export const paragraph = (text: string): DocBlock => ({ kind: 'paragraph', text });
export const subheading = (text: string): DocBlock => ({ kind: 'subheading', text });
export type TableStyle = 'periods' | 'labelled';
export const tableBlock = (head: string[], rows: string[][], style?: TableStyle): DocBlock => ({
  kind: 'table',
  head,
  rows,
  ...(style ? { style } : {}),
});
/** Sentences joined into one paragraph (Thai and English both separate sentences by a space). */
export const sentences = (...parts: (string | null | undefined | false)[]): DocBlock =>
  paragraph(parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' '));
