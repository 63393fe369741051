import type { CappedBody } from './readCappedBody.js';

/** The part of a Node `IncomingMessage` a body is read from. */
export interface NodeBodySource {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  readonly readableEnded: boolean;
  readonly destroyed: boolean;
}

/**
 * The Node request behind a web `Request` from the Node adapter (srvx's, as `toNodeHandler`
 * makes them: `request.runtime.node.req`), when its body is still untouched in every form: then
 * it can be read from the Node stream itself, without a web stream over it. Anything else
 * (another runtime, a body already read or streamed, a request already ended): `undefined`.
 */
export function nodeBodySource(message: unknown): NodeBodySource | undefined {
  const request = message as {
    bodyUsed?: unknown;
    runtime?: { node?: { req?: Partial<NodeBodySource> & { rawBody?: unknown } } };
  };
  const req = request.runtime?.node?.req;
  if (req === undefined || request.bodyUsed !== false) return undefined;
  if (typeof req.on !== 'function' || typeof req.off !== 'function') return undefined;
  // A body a framework already buffered, or a stream that ended, broke off or is being read
  // through a web stream already (it flows): the web body says what it holds.
  if ('rawBody' in req || req.readableEnded || req.destroyed) return undefined;
  if ((req as { readableFlowing?: unknown }).readableFlowing !== null) return undefined;
  return req as NodeBodySource;
}

/**
 * Reads a Node request body under `maxBytes`, as `readCappedBody` does for a web body: the
 * bytes are counted as they come; at the first byte over the cap (`null`), or when `signal`
 * aborts (its reason is thrown), reading stops and `cancel` gives up the rest of the body as a
 * cancelled web body would. A request that breaks off throws.
 */
export function readNodeBody(
  req: NodeBodySource,
  maxBytes: number,
  signal: AbortSignal | undefined,
  cancel: () => void,
): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
    };
    const stop = () => {
      cleanup();
      req.pause();
      cancel();
    };
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        stop();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const bytes = new Uint8Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(signal?.aborted ? signal.reason : error);
    };
    const onClose = () => {
      // Closed before its end: the client went away mid-body.
      cleanup();
      reject(
        signal?.aborted
          ? signal.reason
          : Object.assign(new Error('aborted'), { code: 'ECONNRESET', name: 'AbortError' }),
      );
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
