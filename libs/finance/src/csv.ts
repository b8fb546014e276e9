/** RFC 4180 field: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: unknown[]) => fields.map(csvField).join(',');
