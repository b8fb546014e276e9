/**
 * The renderer's isolation layers (docs/security.md, "The renderer's isolation model"). Each one
 * alone keeps a tenant's text from running as script in a report:
 *
 * - `encoding`: every tenant string is encoded for its context (html.ts);
 * - `csp`: every document carries a Content-Security-Policy that allows no script and no fetch;
 * - `javascript`: Chromium prints with JavaScript disabled;
 * - `context`: a fresh, offline browser context per job, closed after it.
 */
export const ISOLATION_LAYERS = ['encoding', 'csp', 'javascript', 'context'] as const;
export type IsolationLayer = (typeof ISOLATION_LAYERS)[number];

/**
 * Whether a test switched a layer off to show that the others still hold:
 * `RENDER_ISOLATION_DISABLE=csp` (one layer or a comma-separated list). Honoured only under
 * `NODE_ENV=test`, which jest sets and nothing we ship does (the Dockerfile and compose file set
 * `production`), so a stray variable in a deployment changes nothing. Read on every call so a test
 * can switch layers between jobs of one worker.
 */
export function isolationLayerDisabled(layer: IsolationLayer): boolean {
  if (process.env.NODE_ENV !== 'test') return false;
  const disabled = (process.env.RENDER_ISOLATION_DISABLE ?? '').split(',').map((name) => name.trim());
  return disabled.includes(layer);
}
