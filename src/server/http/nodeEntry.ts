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

// In the global registry, so two copies of the library (ESM and CJS) still find each other's.
const KEY = Symbol.for('lender-insurance-react.nodeEntry');

/**
 * The internal Node entry of the library's own web-standard handlers: a non-enumerable symbol
 * property on the handler function. The handler itself stays the public contract, for every
 * host; `toNodeHandler` takes the entry when it finds one, and both run one implementation
 * (the handler is a thin wrapper over the entry, turning its plain answer into a `Response`).
 */
export const nodeEntry = {
  /** Gives `handler` its Node entry, and returns it. */
  attach<H extends (request: Request) => Promise<Response>>(handler: H, entry: NodeEntry): H {
    Object.defineProperty(handler, KEY, { value: entry, enumerable: false });
    return handler;
  },
  /** The Node entry of `handler`, if it has one. */
  of(handler: unknown): NodeEntry | undefined {
    const entry = (handler as Record<symbol, unknown> | null)?.[KEY];
    return typeof entry === 'function' ? (entry as NodeEntry) : undefined;
  },
};
