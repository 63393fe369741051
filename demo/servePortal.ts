import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
/** Vite names what it writes to assets/ by content hash: a new build gets new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface StaticFile {
  type: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** Which encoding of `file` to send for an `Accept-Encoding` header. */
function pickEncoding(file: StaticFile, accept: string): 'br' | 'gzip' | undefined {
  const offered = accept
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q?.trim() !== 'q=0')
    .map(([name]) => name?.trim().toLowerCase());
  if (file.br && offered.includes('br')) return 'br';
  if (file.gzip && offered.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves a built single-page app from memory: every file of `dir` read once, with its content
 * type, gzip and brotli variants made at start (node:zlib) for text, `immutable` caching for the
 * hashed assets and `no-cache` (revalidated by ETag) for the rest, index.html for any other page
 * load (the single-page fallback), 404 otherwise. Only GET and HEAD.
 */
export async function servePortal(dir: string) {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = `/${relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/')}`;
    const identity = await readFile(join(dir, path));
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    const file: StaticFile = {
      type,
      cacheControl: path.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
    };
    if (COMPRESSIBLE.test(type) && identity.length > 512) {
      file.gzip = gzipSync(identity, { level: 9 });
      file.br = brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: 0 },
      });
    }
    files.set(path, file);
  }
  const index = files.get('/index.html');
  if (!index) throw new Error(`${dir} has no index.html`);

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    let path: string;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request\n');
      return;
    }
    const isPage = (req.headers.accept ?? '').includes('text/html');
    const file =
      files.get(path === '/' ? '/index.html' : path) ??
      (isPage && !path.startsWith('/assets/') ? index : undefined);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
      return;
    }
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (file.gzip) headers.Vary = 'Accept-Encoding';
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding = pickEncoding(file, String(req.headers['accept-encoding'] ?? ''));
    const body = encoding ? (file[encoding] as Buffer) : file.identity;
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
