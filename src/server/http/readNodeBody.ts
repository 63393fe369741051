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
  const request = message as { bodyUsed?: unknown; runtime?: { node?: { req?: unknown } } };
  const req = request.runtime?.node?.req;
  if (req === undefined || request.bodyUsed !== false) return undefined;
  return untouchedNodeBody(req);
}

/**
 * A Node request itself, when its body is still untouched: not buffered by a framework, not
 * ended, broken off or flowing already. Anything else: `undefined`.
 */
export function untouchedNodeBody(message: unknown): NodeBodySource | undefined {
  const req = message as (Partial<NodeBodySource> & { rawBody?: unknown }) | null | undefined;
  if (typeof req?.on !== 'function' || typeof req.off !== 'function') return undefined;
  // A body a framework already buffered, or a stream that ended, broke off or is being read
  // through a web stream already (it flows): the web body says what it holds.
  if ('rawBody' in req || req.readableEnded || req.destroyed) return undefined;
  if ((req as { readableFlowing?: unknown }).readableFlowing !== null) return undefined;
  return req as NodeBodySource;
}

/** A read in progress, kept on the request it reads (one at a time), so no listener is a closure. */
interface BodyRead {
  maxBytes: number;
  total: number;
  /** The first chunk, and every chunk once there are several. */
  first: Uint8Array | undefined;
  chunks: Uint8Array[] | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  cancel: () => void;
  resolve: (body: CappedBody) => void;
  reject: (error: unknown) => void;
}

const READ = Symbol('lender-insurance-react.bodyRead');
type Reading = NodeBodySource & { [READ]?: BodyRead | undefined };

function finish(req: Reading): BodyRead | undefined {
  const read = req[READ];
  if (read === undefined) return undefined;
  req[READ] = undefined;
  req.off('data', onData);
  req.off('end', onEnd);
  req.off('error', onError);
  req.off('close', onClose);
  if (read.onAbort) read.signal?.removeEventListener('abort', read.onAbort);
  return read;
}

function stop(req: Reading, read: BodyRead): void {
  req.pause();
  read.cancel();
}

function onData(this: Reading, chunk: Uint8Array): void {
  const read = this[READ];
  if (read === undefined) return;
  read.total += chunk.byteLength;
  if (read.total > read.maxBytes) {
    finish(this);
    stop(this, read);
    read.resolve(null);
  } else if (read.first === undefined) read.first = chunk;
  else if (read.chunks === undefined) read.chunks = [read.first, chunk];
  else read.chunks.push(chunk);
}

function onEnd(this: Reading): void {
  const read = finish(this);
  if (read === undefined) return;
  // One chunk (a small body): it is the body, with nothing to copy.
  if (read.chunks === undefined) {
    read.resolve((read.first ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer>);
    return;
  }
  const bytes = new Uint8Array(read.total);
  let offset = 0;
  for (const chunk of read.chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  read.resolve(bytes);
}

function onError(this: Reading, error: unknown): void {
  const read = finish(this);
  read?.reject(read.signal?.aborted ? read.signal.reason : error);
}

function onClose(this: Reading): void {
  // Closed before its end: the client went away mid-body.
  const read = finish(this);
  read?.reject(
    read.signal?.aborted
      ? read.signal.reason
      : Object.assign(new Error('aborted'), { code: 'ECONNRESET', name: 'AbortError' }),
  );
}

/**
 * Reads a Node request body under `maxBytes`, as `readCappedBody` does for a web body: the
 * bytes are counted as they come; at the first byte over the cap (`null`), or when `signal`
 * aborts (its reason is thrown), reading stops and `cancel` gives up the rest of the body as a
 * cancelled web body would. A request that breaks off throws. A body that came in one chunk is
 * that chunk, not a copy.
 */
export function readNodeBody(
  req: NodeBodySource,
  maxBytes: number,
  signal: AbortSignal | undefined,
  cancel: () => void,
): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      req.pause();
      cancel();
      reject(signal.reason);
      return;
    }
    const reading = req as Reading;
    const read: BodyRead = {
      maxBytes,
      total: 0,
      first: undefined,
      chunks: undefined,
      signal,
      onAbort: undefined,
      cancel,
      resolve,
      reject,
    };
    if (signal !== undefined) {
      read.onAbort = () => {
        if (finish(reading) === undefined) return;
        stop(reading, read);
        reject(signal.reason);
      };
      signal.addEventListener('abort', read.onAbort, { once: true });
    }
    reading[READ] = read;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
