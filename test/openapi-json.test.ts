import * as http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseCoding } from '../apps/api/src/http/openapi-json';
import { TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

let api: TestApi;

useTestPlatform((p) => ({ api } = p));

/** GET /docs-json with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function getDocument(headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${api.http.baseUrl}/docs-json`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('GET /docs-json', () => {
  it('answers brotli, gzip or plain JSON by Accept-Encoding, the same document each way, with a weak ETag', async () => {
    const plain = await getDocument({});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    const document = JSON.parse(plain.body.toString('utf8'));
    expect(document.openapi).toBe('3.1.0');

    const br = await getDocument({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await getDocument({ 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Compressed, the document is a fraction of its size (about 1 MB plain).
    expect(br.body.length).toBeLessThan(plain.body.length / 8);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 5);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(1);
  });

  it('answers 304 without a body to If-None-Match with its ETag, and the document to another tag', async () => {
    const first = await getDocument({ 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    const revalidated = await getDocument({ 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect((await getDocument({ 'If-None-Match': `"other", ${etag.replace(/^W\//, '')}` })).status).toBe(304);
    const changed = await getDocument({ 'If-None-Match': 'W/"an-older-document"' });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString('utf8')).openapi).toBe('3.1.0');
  });

  it('weighs the codings by their q-values', () => {
    expect(chooseCoding(undefined)).toBe('identity');
    expect(chooseCoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('*, br;q=0')).toBe('gzip');
    expect(chooseCoding('identity')).toBe('identity');
    expect(chooseCoding('deflate, GZIP')).toBe('gzip');
  });
});
