import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookEnvelope } from '../../src/core/schemas/webhookEvent.js';
import { createSandboxClock } from '../../src/testing/sandbox/createSandboxClock.js';
import {
  createWebhookDispatcher,
  type WebhookDelivery,
  type WebhookDispatcherOptions,
} from '../../src/testing/sandbox/createWebhookDispatcher.js';

const START = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'test-client-secret';

interface Recorded {
  url: string;
  method: string | undefined;
  redirect: RequestRedirect | undefined;
  headers: Headers;
  body: Uint8Array;
}

/** What the fake receiver does on one call: answer a status, throw, or hang until aborted. */
type Answer = number | 'throw' | 'hang' | (() => Response);

/** A fake `fetch` answering from a script; the last answer repeats. */
function fakeFetch(script: Answer[]) {
  const requests: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({
      url: String(input),
      method: init?.method,
      redirect: init?.redirect,
      headers: new Headers(init?.headers),
      body: new Uint8Array(await new Response(init?.body).arrayBuffer()),
    });
    const answer = script[Math.min(requests.length - 1, script.length - 1)] ?? 200;
    if (answer === 'throw') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (typeof answer === 'function') return answer();
    return new Response(`answer ${answer}`, { status: answer });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const event: WebhookEnvelope = {
  id: 'evt_0001',
  type: 'policy.bound',
  objectType: 'policy',
  occurredAt: '2026-01-01T00:00:00Z',
  data: { policyId: 'pol_1', partnerId: 'partner_1', platformId: null, note: 'café ✓' },
};

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  target: { url: 'https://receiver.example/hooks' },
  secret: SECRET,
  event,
  partnerId: 'partner_1',
  ...overrides,
});

function setup(script: Answer[], options: Partial<WebhookDispatcherOptions> = {}) {
  const clock = createSandboxClock({ auto: false, start: START });
  const receiver = fakeFetch(script);
  const dispatcher = createWebhookDispatcher({ clock, fetch: receiver.fetch, ...options });
  return { clock, dispatcher, ...receiver };
}

const hmac = (body: Uint8Array, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

describe('createWebhookDispatcher', () => {
  describe('request', () => {
    it('posts the JSON event, signed over the raw body bytes, with partner and external ids', async () => {
      const { dispatcher, requests } = setup([200]);
      dispatcher.dispatch(delivery({ externalId: 'ext-42' }));
      await dispatcher.settle();

      expect(requests).toHaveLength(1);
      const [request] = requests;
      if (!request) throw new Error('no request');
      expect(request.url).toBe('https://receiver.example/hooks');
      expect(request.method).toBe('POST');
      expect(request.redirect).toBe('manual');
      expect(new TextDecoder().decode(request.body)).toBe(JSON.stringify(event));
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(request.headers.get('user-agent')).toBe('lender-insurance-sandbox');
      expect(request.headers.get('X-Service-Signature-1')).toBe(hmac(request.body));
      expect(request.headers.get('X-Service-Signature-1')).toMatch(/^[0-9a-f]{64}$/);
      expect(request.headers.get('X-Service-Partner-Id')).toBe('partner_1');
      expect(request.headers.get('X-Service-External-Id')).toBe('ext-42');
    });

    it('leaves out the external id and authorization headers when not given', async () => {
      const { dispatcher, requests } = setup([200]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      const headers = requests[0]?.headers;
      expect(headers?.has('X-Service-External-Id')).toBe(false);
      expect(headers?.has('Authorization')).toBe(false);
    });

    it('uses a configurable header prefix', async () => {
      const { dispatcher, requests } = setup([200], { headerPrefix: 'X-Acme' });
      dispatcher.dispatch(delivery({ externalId: 'ext-42' }));
      await dispatcher.settle();

      const request = requests[0];
      if (!request) throw new Error('no request');
      expect(request.headers.get('X-Acme-Signature-1')).toBe(hmac(request.body));
      expect(request.headers.get('X-Acme-Partner-Id')).toBe('partner_1');
      expect(request.headers.get('X-Acme-External-Id')).toBe('ext-42');
      expect(request.headers.has('X-Service-Signature-1')).toBe(false);
    });

    it("refuses 'auto' as its prefix: the service signs under one, and 'auto' is the receiver's setting", () => {
      expect(() => setup([200], { headerPrefix: 'auto' })).toThrow(
        /prefix the sandbox signs under.*'auto' is the receiver's headerPrefix/,
      );
    });

    it('sends basic authorization that decodes to username:password when configured', async () => {
      const { dispatcher, requests } = setup([200]);
      dispatcher.dispatch(
        delivery({
          target: { url: 'https://receiver.example/hooks', username: 'hook', password: 's3:cret' },
        }),
      );
      await dispatcher.settle();

      const authorization = requests[0]?.headers.get('Authorization') ?? '';
      expect(authorization).toMatch(/^Basic /);
      expect(Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8')).toBe(
        'hook:s3:cret',
      );
    });

    it('signs with the delivery secret, so another secret does not verify', async () => {
      const { dispatcher, requests } = setup([200]);
      dispatcher.dispatch(delivery({ secret: 'other-secret' }));
      await dispatcher.settle();

      const request = requests[0];
      if (!request) throw new Error('no request');
      expect(request.headers.get('X-Service-Signature-1')).toBe(hmac(request.body, 'other-secret'));
      expect(request.headers.get('X-Service-Signature-1')).not.toBe(hmac(request.body));
    });
  });

  describe('retries', () => {
    it('makes exactly one attempt and leaves nothing pending when the first succeeds', async () => {
      const { clock, dispatcher, requests } = setup([200]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      expect(requests).toHaveLength(1);
      expect(dispatcher.attempts).toEqual([
        {
          eventId: 'evt_0001',
          url: 'https://receiver.example/hooks',
          attempt: 1,
          at: START,
          ok: true,
          status: 200,
        },
      ]);
      expect(clock.pending()).toBe(0);
      await clock.advance(15 * DAY);
      expect(requests).toHaveLength(1);
    });

    it('retries every 4 hours for 14 days (85 attempts) against a receiver that always fails', async () => {
      const { clock, dispatcher, requests } = setup([500]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();
      await clock.advance(15 * DAY);

      expect(dispatcher.attempts).toHaveLength(85);
      dispatcher.attempts.forEach((a, i) => {
        expect(a).toMatchObject({
          eventId: 'evt_0001',
          attempt: i + 1,
          at: START + i * 4 * HOUR,
          ok: false,
          status: 500,
        });
      });
      expect(dispatcher.attempts.at(-1)?.at).toBe(START + 14 * DAY);
      expect(clock.pending()).toBe(0);

      expect(requests).toHaveLength(85);
      const first = requests[0];
      if (!first) throw new Error('no request');
      const signature = first.headers.get('X-Service-Signature-1');
      for (const request of requests) {
        expect(request.body).toEqual(first.body);
        expect(request.headers.get('X-Service-Signature-1')).toBe(signature);
        expect(JSON.parse(new TextDecoder().decode(request.body)).id).toBe('evt_0001');
      }
    });

    it('keeps the schedule when the clock is advanced while the first attempt is in flight', async () => {
      const { clock, dispatcher } = setup([500]);
      dispatcher.dispatch(delivery());
      await clock.advance(15 * DAY);
      await dispatcher.settle();

      expect(dispatcher.attempts.map((a) => a.at)).toEqual(
        Array.from({ length: 85 }, (_, i) => START + i * 4 * HOUR),
      );
      expect(clock.pending()).toBe(0);
    });

    it('stops at the first success', async () => {
      const { clock, dispatcher, requests } = setup([500, 503, 200]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();
      await clock.advance(15 * DAY);

      expect(requests).toHaveLength(3);
      expect(
        dispatcher.attempts.map(({ attempt, at, ok, status }) => ({ attempt, at, ok, status })),
      ).toEqual([
        { attempt: 1, at: START, ok: false, status: 500 },
        { attempt: 2, at: START + 4 * HOUR, ok: false, status: 503 },
        { attempt: 3, at: START + 8 * HOUR, ok: true, status: 200 },
      ]);
      expect(clock.pending()).toBe(0);
    });

    it('makes a retry only once its time has come', async () => {
      const { clock, dispatcher } = setup([500]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();
      expect(dispatcher.attempts).toHaveLength(1);
      expect(clock.pending()).toBe(1);

      await clock.advance(4 * HOUR - 1);
      expect(dispatcher.attempts).toHaveLength(1);
      await clock.advance(1);
      expect(dispatcher.attempts).toHaveLength(2);
      expect(dispatcher.attempts[1]?.at).toBe(START + 4 * HOUR);
    });

    it('respects a custom retry interval and window', async () => {
      const { clock, dispatcher } = setup([500], {
        retryIntervalMs: 60_000,
        retryWindowMs: 5 * 60_000,
      });
      dispatcher.dispatch(delivery());
      await dispatcher.settle();
      await clock.advance(DAY);

      expect(dispatcher.attempts.map((a) => a.at - START)).toEqual(
        [0, 1, 2, 3, 4, 5].map((m) => m * 60_000),
      );
      expect(clock.pending()).toBe(0);
    });

    it('makes no retry when the window is shorter than the interval', async () => {
      const { clock, dispatcher } = setup([500], {
        retryIntervalMs: HOUR,
        retryWindowMs: HOUR - 1,
      });
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      expect(clock.pending()).toBe(0);
      await clock.advance(DAY);
      expect(dispatcher.attempts).toHaveLength(1);
    });

    it('retries each event on its own schedule', async () => {
      const { clock, dispatcher } = setup([500]);
      dispatcher.dispatch(delivery());
      await clock.advance(HOUR);
      dispatcher.dispatch(delivery({ event: { ...event, id: 'evt_0002' } }));
      await dispatcher.settle();
      await clock.advance(4 * HOUR);

      const at = (id: string) =>
        dispatcher.attempts.filter((a) => a.eventId === id).map((a) => a.at - START);
      expect(at('evt_0001')).toEqual([0, 4 * HOUR]);
      expect(at('evt_0002')).toEqual([HOUR, 5 * HOUR]);
    });
  });

  describe('outcomes', () => {
    it('treats 299 as success and 300 as a failure', async () => {
      const ok = setup([299]);
      ok.dispatcher.dispatch(delivery());
      await ok.dispatcher.settle();
      expect(ok.dispatcher.attempts[0]).toMatchObject({ ok: true, status: 299 });
      expect(ok.clock.pending()).toBe(0);

      const fail = setup([300]);
      fail.dispatcher.dispatch(delivery());
      await fail.dispatcher.settle();
      expect(fail.dispatcher.attempts[0]).toMatchObject({ ok: false, status: 300 });
      expect(fail.clock.pending()).toBe(1);
    });

    it('treats a status below 200 as a failure', async () => {
      // Response cannot be constructed with a 1xx status, so this one is a bare object.
      const informational = () =>
        ({
          status: 199,
          ok: false,
          type: 'basic',
          arrayBuffer: async () => new ArrayBuffer(0),
        }) as unknown as Response;
      const { clock, dispatcher } = setup([informational]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      expect(dispatcher.attempts[0]).toMatchObject({ ok: false, status: 199 });
      expect(clock.pending()).toBe(1);
    });

    it('treats a 302 answer as a redirect failure and does not follow it', async () => {
      const { clock, dispatcher, requests } = setup([
        () =>
          new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/' } }),
      ]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      expect(requests[0]?.redirect).toBe('manual');
      expect(dispatcher.attempts[0]).toMatchObject({ ok: false, status: 302, error: 'redirect' });
      expect(clock.pending()).toBe(1);
    });

    it('treats a thrown fetch as a network failure and retries it', async () => {
      const { clock, dispatcher } = setup(['throw', 200]);
      expect(() => dispatcher.dispatch(delivery())).not.toThrow();
      await dispatcher.settle();

      expect(dispatcher.attempts[0]).toEqual({
        eventId: 'evt_0001',
        url: 'https://receiver.example/hooks',
        attempt: 1,
        at: START,
        ok: false,
        error: 'network',
      });
      await clock.advance(4 * HOUR);
      expect(dispatcher.attempts[1]).toMatchObject({ attempt: 2, ok: true, status: 200 });
    });

    it('gives up on a receiver that does not answer within the timeout', async () => {
      const { clock, dispatcher } = setup(['hang'], { timeoutMs: 20 });
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      expect(dispatcher.attempts[0]).toMatchObject({ attempt: 1, ok: false, error: 'timeout' });
      expect(dispatcher.attempts[0]?.status).toBeUndefined();
      expect(clock.pending()).toBe(1);
    });

    it('reads and discards the response body', async () => {
      let read = false;
      const { dispatcher } = setup([
        () => {
          const response = new Response('thanks', { status: 200 });
          const arrayBuffer = response.arrayBuffer.bind(response);
          response.arrayBuffer = () => {
            read = true;
            return arrayBuffer();
          };
          return response;
        },
      ]);
      dispatcher.dispatch(delivery());
      await dispatcher.settle();

      expect(read).toBe(true);
    });
  });

  describe('settle', () => {
    it('waits for an attempt that is still in flight', async () => {
      const clock = createSandboxClock({ auto: false, start: START });
      let answer: ((response: Response) => void) | undefined;
      const fetch = (() =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        })) as typeof globalThis.fetch;
      const dispatcher = createWebhookDispatcher({ clock, fetch });
      dispatcher.dispatch(delivery());

      let settled = false;
      const settling = dispatcher.settle().then(() => {
        settled = true;
      });
      // Let the signature be computed and the request reach the receiver.
      while (!answer) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      expect(dispatcher.attempts).toHaveLength(0);

      answer(new Response(null, { status: 204 }));
      await settling;
      expect(settled).toBe(true);
      expect(dispatcher.attempts).toEqual([expect.objectContaining({ ok: true, status: 204 })]);
      expect(clock.pending()).toBe(0);
    });

    it('resolves at once when nothing was dispatched', async () => {
      const { dispatcher } = setup([200]);
      await expect(dispatcher.settle()).resolves.toBeUndefined();
    });
  });

  it('rejects a non-positive retry interval, which would retry forever', () => {
    const clock = createSandboxClock({ auto: false, start: START });
    expect(() => createWebhookDispatcher({ clock, retryIntervalMs: 0 })).toThrow(RangeError);
  });
});
