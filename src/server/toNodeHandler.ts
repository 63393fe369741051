import type { IncomingMessage, ServerResponse } from 'node:http';

/** A web-standard handler, as `createInsuranceBff` and `createWebhookHandler` return. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** A Node `http` request listener; Express and Connect accept it as middleware too. */
export type NodeRequestListener = (
  req: IncomingMessage & { originalUrl?: string; body?: unknown },
  res: ServerResponse,
) => Promise<void>;

/**
 * Adapts a web-standard handler to Node's `http` server and to Express. The adapter (srvx's
 * lazy request, and a one-piece write of the library's own JSON answers) is loaded on first use,
 * so importing `lender-insurance-react/server` stays free of Node modules for edge runtimes.
 *
 * Mount it before any body parser: the webhook signature is computed over the raw bytes, so a
 * request whose body a framework already parsed is refused with a 500 that says so.
 *
 * @example
 * // Express
 * app.all('/api/insurance/*splat', toNodeHandler(bff.handler));
 * app.post('/webhooks/insurance', toNodeHandler(webhooks.handler));
 * // node:http
 * http.createServer(toNodeHandler(bff.handler)).listen(3000);
 */
export function toNodeHandler(handler: FetchHandler): NodeRequestListener {
  type Http1Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  let adapted: Promise<Http1Listener> | undefined;
  let listener: Http1Listener | undefined;
  const load = async (): Promise<Http1Listener> => {
    adapted ??= import('./http/createNodeListener.js').then(({ createNodeListener }) =>
      createNodeListener(handler),
    );
    listener = await adapted;
    return listener;
  };
  // Not an async function: once the adapter is loaded, a request costs no promise of its own.
  return (req, res) => {
    if (req.body !== undefined) {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          error: {
            code: 'body_already_parsed',
            message:
              'A body parser ran before this handler; mount it before express.json() and similar',
          },
        }),
      );
      return Promise.resolve();
    }
    // Express strips its mount path from `url`; the handlers route on the full path.
    if (req.originalUrl) req.url = req.originalUrl;
    if (listener === undefined) return load().then((loaded) => loaded(req, res));
    try {
      return listener(req, res);
    } catch (error) {
      // As an async function would: a handler that throws at once rejects, as one that fails later.
      return Promise.reject(error);
    }
  };
}
