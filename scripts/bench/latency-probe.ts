import * as http from 'node:http';

/**
 * The synchronous route's latency, sampled at a fixed rate by a process of its own (so the
 * benchmark's own queueing and polling never delay a measurement): `GET /v1/planets` with a random
 * instant, sent open-loop every 1000 / rate ms whether or not earlier requests have answered, and
 * timed from the moment it was due (a stalled API shows as latency, not as fewer samples).
 * Prints one JSON line per half second: [[sent at (epoch ms), latency ms, status], …].
 * argv: <api url> <api key> <requests per second>
 */
const [apiUrl, apiKey, rate] = process.argv.slice(2);
// A random instant 1900–2100, as the planets benchmark sends (no import: this process stays small).
const randomInstant = () => new Date(Date.UTC(1900, 0, 1) + Math.random() * 200 * 365.25 * 86_400_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const intervalMs = 1000 / Number(rate);
let batch: [number, number, number][] = [];

function probe(due: number): void {
  const request = http.get(
    `${apiUrl}/v1/planets?dt=${encodeURIComponent(randomInstant().toISOString())}`,
    { agent, headers: { Authorization: `Bearer ${apiKey}` } },
    (response) => {
      response.resume();
      response.on('end', () => batch.push([due, performance.now() + performance.timeOrigin - due, response.statusCode ?? 0]));
    },
  );
  request.on('error', () => batch.push([due, performance.now() + performance.timeOrigin - due, 0]));
}

const start = performance.now() + performance.timeOrigin;
let sent = 0;
// A coarse timer that catches up: every request keeps its own due time even when the loop is late.
setInterval(() => {
  const now = performance.now() + performance.timeOrigin;
  while (start + sent * intervalMs <= now) probe(start + sent++ * intervalMs);
}, 2);
setInterval(() => {
  if (batch.length === 0) return;
  process.stdout.write(JSON.stringify(batch) + '\n');
  batch = [];
}, 500);
process.on('SIGTERM', () => {
  if (batch.length) process.stdout.write(JSON.stringify(batch) + '\n');
  process.exit(0);
});
