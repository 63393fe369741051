import type { NodeMessage } from './nodeRequestView.js';
import type { PlainAnswer } from './PlainAnswer.js';

/**
 * What a handler answers on its Node entry: a plain answer, or a `Response` (an event stream, or
 * one made elsewhere), which `toNodeHandler` sends as it sends any other.
 */
export type NodeEntryAnswer = PlainAnswer | Response;

/**
 * The same work as the handler, taking the Node request as srvx's lazy `Request` over it (no
 * undici `Request` is built unless something asks for one) and answering before any `Response`
 * is made, for `toNodeHandler` to write with `writeHead` and `end`.
 */
export type NodeEntry = (request: Request) => Promise<NodeEntryAnswer>;

/**
 * The same work as the handler, taking the Node request itself (`req`, with its response `res`),
 * so not even srvx's lazy `Request` is made unless the handler asks `webOf(req, res)` for it.
 */
export type NodeMessageEntry = <R>(
  req: NodeMessage,
  res: R,
  webOf: (req: NodeMessage, res: R) => Request,
) => Promise<NodeEntryAnswer>;

// In the global registry, so two copies of the library (ESM and CJS) still find each other's.
const KEY = Symbol.for('lender-insurance-react.nodeEntry');
const MESSAGE_KEY = Symbol.for('lender-insurance-react.nodeMessageEntry');

function entryOf<E>(handler: unknown, key: symbol): E | undefined {
  const entry = (handler as Record<symbol, unknown> | null)?.[key];
  return typeof entry === 'function' ? (entry as E) : undefined;
}

/**
 * The internal Node entry of the library's own web-standard handlers: a non-enumerable symbol
 * property on the handler function. The handler itself stays the public contract, for every
 * host; `toNodeHandler` takes the entry when it finds one, and both run one implementation
 * (the handler is a thin wrapper over the entry, turning its plain answer into a `Response`).
 * An entry takes srvx's `Request` over the Node request (`attach`), or the Node request itself
 * (`attachMessage`), which `toNodeHandler` prefers.
 */
export const nodeEntry = {
  /** Gives `handler` its Node entry, and returns it. */
  attach<H extends (request: Request) => Promise<Response>>(handler: H, entry: NodeEntry): H {
    Object.defineProperty(handler, KEY, { value: entry, enumerable: false });
    return handler;
  },
  /** Gives `handler` its Node entry taking the Node request itself, and returns it. */
  attachMessage<H extends (request: Request) => Promise<Response>>(
    handler: H,
    entry: NodeMessageEntry,
  ): H {
    Object.defineProperty(handler, MESSAGE_KEY, { value: entry, enumerable: false });
    return handler;
  },
  /** The Node entry of `handler`, if it has one. */
  of(handler: unknown): NodeEntry | undefined {
    return entryOf<NodeEntry>(handler, KEY);
  },
  /** The Node entry of `handler` taking the Node request itself, if it has one. */
  messageOf(handler: unknown): NodeMessageEntry | undefined {
    return entryOf<NodeMessageEntry>(handler, MESSAGE_KEY);
  },
};
