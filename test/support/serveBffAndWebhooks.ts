import { serve } from 'srvx';

/** Where the one-origin test servers receive the service's webhooks. */
export const WEBHOOK_PATH = '/webhooks/insurance';

type Handler = (request: Request) => Promise<Response>;

/**
 * Serves a BFF and a webhook receiver on one origin of 127.0.0.1 (a random port), as a host's
 * route handlers would: `WEBHOOK_PATH` goes to the receiver, everything else to the BFF.
 */
export async function serveBffAndWebhooks(
  bff: { handler: Handler },
  webhooks: { handler: Handler },
) {
  const app = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    gracefulShutdown: false,
    fetch: (request: Request) =>
      new URL(request.url).pathname === WEBHOOK_PATH
        ? webhooks.handler(request)
        : bff.handler(request),
  });
  await app.ready();
  return { app, origin: new URL(app.url ?? '').origin };
}
