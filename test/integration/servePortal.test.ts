import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePortal } from '../../demo/servePortal.js';

// How `npm start` serves the portal's production build, over real HTTP on 127.0.0.1.
const dir = mkdtempSync(join(tmpdir(), 'lir-portal-'));
const script = `console.log(${JSON.stringify('portal '.repeat(200))});\n`;
let server: Server;
let origin: string;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  const handle = await servePortal(dir);
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A GET that keeps the body as sent (fetch would decompress it). */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });

describe('the portal build server', () => {
  it('serves index.html for the page, revalidated on every load', async () => {
    const res = await get('/', { Accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain('id="root"');
    const again = await get('/', { 'If-None-Match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves the hashed assets as immutable, with their content type', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(script);
  });

  it('compresses text with brotli or gzip, as the browser accepts', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
  });

  it('answers any other page load with index.html, and a missing asset with 404', async () => {
    const page = await get('/some/page?lang=es', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('id="root"');
    expect((await get('/assets/gone-12345678.js', { Accept: 'text/html' })).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('refuses anything but GET and HEAD', async () => {
    const res = await fetch(`${origin}/`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
