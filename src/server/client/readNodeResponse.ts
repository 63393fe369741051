import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import type * as Zlib from 'node:zlib';
import { declaredLength } from '../http/declaredLength.js';

/** The decompressors of `node:zlib` the Node transport uses. */
export type NodeDecompressors = Pick<
  typeof Zlib,
  'createGunzip' | 'createInflate' | 'createBrotliDecompress'
>;

/**
 * The decoders that undo `Content-Encoding`, in the order to apply them (the header lists the
 * codings in the order they were applied). A coding other than gzip, deflate, br or identity
 * leaves the body as it came, as `fetch` does: it then fails as JSON, not as a connection.
 */
function decodersOf(encoding: string | undefined, zlib: NodeDecompressors): Transform[] {
  if (encoding === undefined) return [];
  const decoders: Transform[] = [];
  const codings = encoding.toLowerCase().split(',');
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = (codings[i] as string).trim();
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip());
    else if (coding === 'deflate') decoders.push(zlib.createInflate());
    else if (coding === 'br') decoders.push(zlib.createBrotliDecompress());
    else if (coding !== 'identity' && coding !== '') {
      for (const decoder of decoders) decoder.destroy();
      return [];
    }
  }
  return decoders;
}

/** An answer that ended before its body did, as `IncomingMessage` reports it. */
function brokenOff(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/**
 * Reads a Node response's body under `maxBytes` (`null` over it), as `readCappedBody` reads a
 * web one: a declared `Content-Length` over the cap is refused before reading; otherwise the
 * bytes are counted as they come, after `Content-Encoding` is undone (so a small compressed
 * body that inflates past the cap stops there), and reading stops at the first byte over.
 * Stopping destroys the message (its connection cannot be reused mid-body).
 *
 * @throws the message's or a decoder's error when the body breaks off or does not decode.
 */
export function readNodeResponse(
  res: IncomingMessage,
  maxBytes: number,
  zlib: NodeDecompressors,
): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(res.headers['content-length']);
    if (declared !== undefined && declared > maxBytes) {
      res.destroy();
      resolve(null);
      return;
    }
    const decoders = decodersOf(res.headers['content-encoding'], zlib);
    const stop = () => {
      res.destroy();
      for (const decoder of decoders) decoder.destroy();
    };
    const fail = (error: unknown) => {
      stop();
      reject(error);
    };
    let source: NodeJS.ReadableStream = res;
    for (const decoder of decoders) {
      source = source.pipe(decoder);
      decoder.on('error', fail);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    source.on('data', (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        stop();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    source.on('end', () => {
      if (chunks.length === 1) {
        resolve(chunks[0] as Uint8Array);
        return;
      }
      const bytes = new Uint8Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    });
    res.on('error', fail);
    res.on('close', () => {
      if (!res.complete) fail(brokenOff());
    });
  });
}
