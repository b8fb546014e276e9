export type Pt = readonly [number, number] | readonly [number, number, number];

export const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const mid = (a: Pt, b: Pt): [number, number] => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
/** Length of a polyline through the points. */
export const pathLength = (points: Pt[]) => points.slice(1).reduce((sum, p, i) => sum + dist(points[i], p), 0);
/** Angle between the directions a→b and c→d, in degrees (0–180). */
export function angleBetween(a: Pt, b: Pt, c: Pt, d: Pt): number {
  const u = [b[0] - a[0], b[1] - a[1]];
  const v = [d[0] - c[0], d[1] - c[1]];
  const cos = (u[0] * v[0] + u[1] * v[1]) / (Math.hypot(u[0], u[1]) * Math.hypot(v[0], v[1]));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}
/** Signed position of p along the unit direction from a to b (0 at a, |ab| at b). */
export function along(a: Pt, b: Pt, p: Pt): number {
  const len = dist(a, b);
  return ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / len;
}
export const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
