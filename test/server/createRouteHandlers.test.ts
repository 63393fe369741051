import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInsuranceBff } from '../../src/server/bff/createInsuranceBff.js';
import { createServiceClient } from '../../src/server/client/createServiceClient.js';
import { ConfigurationError } from '../../src/server/config/ConfigurationError.js';
import { createRouteHandlers } from '../../src/server/createRouteHandlers.js';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { FetchHandler } from '../../src/server/toNodeHandler.js';

const MISCONFIGURED = {
  error: { code: 'misconfigured', message: 'The insurance service is not configured' },
};
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const;

const request = (method = 'GET', path = '/api/insurance/loans/ln_1') =>
  new Request(`http://app.test${path}`, { method });

const echo: FetchHandler = async (req) => Response.json({ method: req.method, url: req.url });

/** A route module wired from settings, as a host writes it (settings read on first request). */
function routeFromSettings(env: Record<string, string | undefined>) {
  const logger = { error: vi.fn() };
  const handlers = createRouteHandlers(
    () => {
      const store = createMemoryStore();
      const client = createServiceClient({
        baseUrl: env.SERVICE_BASE_URL as string,
        clientId: env.SERVICE_CLIENT_ID as string,
        clientSecret: env.SERVICE_CLIENT_SECRET as string,
        store,
      });
      return createInsuranceBff({
        client,
        store,
        getSession: () => null,
        authorize: () => false,
      }).handler;
    },
    { logger },
  );
  return { handlers, logger };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createRouteHandlers', () => {
  it('loading the route module creates nothing, even with no settings at all', () => {
    const create = vi.fn(() => {
      throw new TypeError('baseUrl must be an absolute URL');
    });
    expect(() => createRouteHandlers(create)).not.toThrow();
    expect(create).not.toHaveBeenCalled();
  });

  it('the first request creates the handler, and every method and later request reuses it', async () => {
    const create = vi.fn(() => echo);
    const handlers = createRouteHandlers(create);
    for (const method of METHODS) {
      const answer = await handlers[method](request(method));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        method,
        url: 'http://app.test/api/insurance/loans/ln_1',
      });
    }
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('simultaneous first requests wait for one creation, also when it is async', async () => {
    let finish: (handler: FetchHandler) => void = () => undefined;
    const create = vi.fn(() => new Promise<FetchHandler>((resolve) => (finish = resolve)));
    const { GET, POST } = createRouteHandlers(create);
    const answers = Promise.all([GET(request()), POST(request('POST')), GET(request())]);
    finish(echo);
    expect((await answers).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('a missing setting answers 500 "misconfigured" as JSON, never the reason, and logs the reason once', async () => {
    const { handlers, logger } = routeFromSettings({ SERVICE_CLIENT_SECRET: 'top-secret-value' });
    const answers = await Promise.all(METHODS.map((method) => handlers[method](request(method))));
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toEqual(MISCONFIGURED);
    }
    await handlers.GET(request());
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [message, meta] = logger.error.mock.calls[0] ?? [];
    // Names the setting to fix; never its value.
    expect(message).toContain('baseUrl must be a non-empty string');
    expect(message).toContain('misconfigured');
    expect(JSON.stringify([message, meta])).not.toContain('top-secret-value');
    expect(meta).toEqual({ code: 'misconfigured', settings: [] });
  });

  it('with the settings present the same route serves the BFF', async () => {
    const { handlers, logger } = routeFromSettings({
      SERVICE_BASE_URL: 'https://service.test/lenders',
      SERVICE_CLIENT_ID: 'client',
      SERVICE_CLIENT_SECRET: 'secret',
    });
    const answer = await handlers.GET(request());
    // The BFF's own answer to a request without a session: no upstream call is made.
    expect(answer.status).toBe(401);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('a creation that rejects is answered like one that throws, and is not retried', async () => {
    const logger = { error: vi.fn() };
    const create = vi.fn(async (): Promise<FetchHandler> => {
      throw new Error('SERVICE_CLIENT_ID is not set');
    });
    const { POST } = createRouteHandlers(create, { logger });
    expect(await (await POST(request('POST'))).json()).toEqual(MISCONFIGURED);
    expect((await POST(request('POST'))).status).toBe(500);
    expect(create).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[0]).toContain('Error: SERVICE_CLIENT_ID is not set');
  });

  it('an error that lists its settings gets each one logged with how to fix it', async () => {
    const logger = { error: vi.fn() };
    const problems = [
      {
        variable: 'SERVICE_BASE_URL',
        message: 'SERVICE_BASE_URL is not set',
        fix: 'Set it to the base URL of the service.',
      },
      {
        variable: 'SERVICE_CLIENT_SECRET',
        message: 'SERVICE_CLIENT_SECRET is not set',
        fix: 'Set it to the client secret.',
      },
    ];
    const { GET } = createRouteHandlers(
      () => {
        throw new ConfigurationError(problems);
      },
      { logger },
    );
    expect((await GET(request())).status).toBe(500);
    const [message, meta] = logger.error.mock.calls[0] ?? [];
    expect(message).toContain(
      'To fix: SERVICE_BASE_URL: Set it to the base URL of the service. SERVICE_CLIENT_SECRET: Set it to the client secret.',
    );
    expect(meta).toEqual({
      code: 'misconfigured',
      settings: ['SERVICE_BASE_URL', 'SERVICE_CLIENT_SECRET'],
    });
  });

  it('logs to console.error by default', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { GET } = createRouteHandlers(() => {
      throw new TypeError('WEBHOOK_SECRET is not set');
    });
    expect((await GET(request())).status).toBe(500);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('WEBHOOK_SECRET is not set');
  });

  it('a throwing logger still gets the request answered', async () => {
    const logger = {
      error: () => {
        throw new Error('log sink down');
      },
    };
    const { GET } = createRouteHandlers(
      () => {
        throw new TypeError('baseUrl must be an absolute URL');
      },
      { logger },
    );
    expect(await (await GET(request())).json()).toEqual(MISCONFIGURED);
  });

  it('something that is not a handler is a misconfiguration too', async () => {
    const logger = { error: vi.fn() };
    const { GET } = createRouteHandlers(() => undefined as unknown as FetchHandler, { logger });
    expect((await GET(request())).status).toBe(500);
    expect(logger.error.mock.calls[0]?.[0]).toContain('must return a request handler');
  });
});
