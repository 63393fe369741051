import { declaredLength } from './declaredLength.js';
import { giveUpBody } from './giveUpBody.js';
import type { RequestView } from './RequestView.js';
import type { CappedBody } from './readCappedBody.js';
import type { NodeBodySource } from './readNodeBody.js';
import { readNodeBody, untouchedNodeBody } from './readNodeBody.js';
import { readWithin } from './readWithin.js';

/** The part of a Node `IncomingMessage` a {@link RequestView} reads. */
export interface NodeMessage {
  readonly method?: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawHeaders: readonly string[];
}

// Headers Node keeps the first of when repeated, where a web `Headers` joins them all.
const NOT_JOINED = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** Every value of a header as sent, joined as a web `Headers` joins them; null if it has none. */
function joinedRaw(raw: readonly string[], name: string): string | null {
  let joined: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length === name.length && key.toLowerCase() === name) {
      joined = joined === null ? (raw[i + 1] as string) : `${joined}, ${raw[i + 1] as string}`;
    }
  }
  return joined;
}

function repeated(raw: readonly string[], name: string): boolean {
  let seen = false;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length === name.length && key.toLowerCase() === name) {
      if (seen) return true;
      seen = true;
    }
  }
  return false;
}

class NodeView<R> implements RequestView {
  readonly method: string;
  readonly bodyUsed = false;
  #web: Request | undefined;

  constructor(
    readonly req: NodeMessage,
    readonly body: NodeBodySource,
    readonly res: R,
    readonly webOf: (req: NodeMessage, res: R) => Request,
  ) {
    this.method = req.method || 'GET';
  }

  header(name: string): string | null {
    const value = this.req.headers[name];
    if (typeof value === 'string') {
      return NOT_JOINED.has(name) && repeated(this.req.rawHeaders, name)
        ? joinedRaw(this.req.rawHeaders, name)
        : value;
    }
    if (Array.isArray(value)) return value.join(', ');
    return null;
  }

  headerNames(): Iterable<string> {
    return Object.keys(this.req.headers).sort();
  }

  readBody(maxBytes: number, timeoutMs: number): Promise<CappedBody | 'timeout'> {
    const declared = declaredLength(this.header('content-length'));
    if (declared !== undefined && declared > maxBytes) {
      this.dropBody();
      return Promise.resolve(null);
    }
    return readWithin(
      readNodeBody(this.body, maxBytes, undefined, () => this.dropBody()),
      timeoutMs,
    );
  }

  dropBody(): void {
    // As the web view does it, on the same web request over the Node one (made now: refusals
    // only), so both paths give up a body, and close the connection, the same way.
    this.#web ??= this.webOf(this.req, this.res);
    giveUpBody(this.#web);
  }
}

/**
 * The {@link RequestView} of a Node request taken as it is: headers read from `req.headers` as
 * a web `Headers` would give them, the body from the stream itself under a timer. A body
 * something else touched (buffered, read, ended) is `undefined` here: read it through
 * `webOf(req, res)`, the web request over it. Giving up an unread body goes through that web
 * request too (made only then), so it ends exactly as on the web path.
 */
export function nodeRequestView<R>(
  req: NodeMessage,
  res: R,
  webOf: (req: NodeMessage, res: R) => Request,
): RequestView | undefined {
  const body = untouchedNodeBody(req);
  return body === undefined ? undefined : new NodeView(req, body, res, webOf);
}
