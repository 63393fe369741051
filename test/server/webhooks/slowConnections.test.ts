import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import type { Setup } from './webhookHarness.js';
import {
  delivery,
  envelope,
  nodeCrypto,
  read,
  SECRET,
  setup,
  sign,
  spyOnSignatureMacs,
} from './webhookHarness.js';

// Clients that are slow on purpose: bodies that never end, trickle in, or come by the hundred.

const encoder = new TextEncoder();
const BODY = JSON.stringify(envelope());
const CREDENTIALS = { username: 'hook_user', password: 'hook_pass' };
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const AUTHORIZED = { Authorization: basic('hook_user', 'hook_pass') };

/** What a test sees of a body the receiver may or may not read. */
interface BodyState {
  /** How many times the receiver asked for more. */
  reads: number;
  /** Bytes handed to the receiver. */
  sent: number;
  /** Whether the receiver hung up on the body. */
  cancelled: boolean;
}

/** A body of which nothing arrives until the test sends it, as from a stalled client. */
function stalledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state: BodyState = { reads: 0, sent: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        state.reads++;
      },
      cancel() {
        state.cancelled = true;
      },
    },
    // Nothing is pulled before the receiver reads, so `reads` counts the receiver's reads only.
    { highWaterMark: 0 },
  );
  return {
    stream,
    state,
    send(text: string) {
      const bytes = encoder.encode(text);
      state.sent += bytes.byteLength;
      controller.enqueue(bytes);
    },
    end: () => controller.close(),
  };
}

/** `bytes` arriving `chunkBytes` at a time, one chunk every `everyMs` (on the fake clock). */
function tricklingBody(bytes: Uint8Array, chunkBytes: number, everyMs: number) {
  const state: BodyState = { reads: 0, sent: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.reads++;
        return new Promise<void>((resolve) => {
          setTimeout(() => {
            if (state.cancelled) return resolve();
            controller.enqueue(bytes.slice(state.sent, state.sent + chunkBytes));
            state.sent = Math.min(bytes.byteLength, state.sent + chunkBytes);
            if (state.sent === bytes.byteLength) controller.close();
            resolve();
          }, everyMs);
        });
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** A delivery whose body is `stream`, signed as if it were `signedBody`. */
function streamed(
  stream: ReadableStream<Uint8Array>,
  signedBody = BODY,
  headers: Record<string, string> = {},
) {
  return delivery({ body: stream, signature: sign(signedBody), headers });
}

/** Whether `promise` has settled, after every microtask queued so far has run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending');
  // setImmediate is not faked here, so it runs after the promise's pending microtasks.
  const tick = new Promise((resolve) => setImmediate(() => resolve(pending)));
  return (await Promise.race([promise.then(() => true), tick])) !== pending;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('W33: basic auth is checked before the body is read', () => {
  it.each([
    ['no credentials', {}],
    ['a wrong password', { Authorization: basic('hook_user', 'hook_pasX') }],
  ])(
    'W33: a delivery with %s whose body never ends is answered 401, its body unread and cancelled',
    async (_name, headers) => {
      const s = setup({ basicAuth: CREDENTIALS });
      const body = stalledBody();
      const response = await s.handler(streamed(body.stream, BODY, headers));
      const answer = await read(response);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
      // Cancelled, and the connection is not kept open to drain what the client still sends.
      expect(body.state).toEqual({ reads: 0, sent: 0, cancelled: true });
      expect(answer.headers.get('connection')).toBe('close');
      expect(s.writes()).toBe(0);
    },
  );

  it('W33: the right credentials are checked before the first byte is asked for; then the delivery is read and acknowledged', async () => {
    const s = setup({ basicAuth: CREDENTIALS });
    // On Node the credentials' MACs are compared by node:crypto's timingSafeEqual.
    const verify = vi.spyOn(nodeCrypto, 'timingSafeEqual');
    // The body is there the moment it is asked for.
    const pull = vi.fn((controller: ReadableStreamDefaultController<Uint8Array>) => {
      controller.enqueue(encoder.encode(BODY));
      controller.close();
    });
    const stream = new ReadableStream<Uint8Array>({ pull }, { highWaterMark: 0 });
    const answer = await read(await s.handler(streamed(stream, BODY, AUTHORIZED)));
    expect(answer.status).toBe(200);
    const [credentialsCheck] = verify.mock.invocationCallOrder;
    const [firstRead] = pull.mock.invocationCallOrder;
    expect(credentialsCheck).toBeDefined();
    expect(firstRead).toBeDefined();
    expect(credentialsCheck).toBeLessThan(firstRead as number);
  });

  it('W33: however many unauthenticated deliveries stall, none takes a slot from the service', async () => {
    const s = setup({ basicAuth: CREDENTIALS, maxConcurrentDeliveries: 1 });
    const stalled = Array.from({ length: 20 }, () => stalledBody());
    const answers = await Promise.all(stalled.map((b) => s.handler(streamed(b.stream))));
    expect(answers.map((a) => a.status)).toEqual(stalled.map(() => 401));
    expect(stalled.every((b) => b.state.reads === 0 && b.state.cancelled)).toBe(true);
    expect((await s.send({ body: BODY, headers: AUTHORIZED })).status).toBe(200);
  });
});

describe('W34: the body has a read deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('W34: a body trickling one byte a second is answered 408 request_timeout at 10 s (the default), and cut off', async () => {
    const s = setup();
    const macs = spyOnSignatureMacs();
    const body = tricklingBody(encoder.encode(BODY), 1, 1_000);
    const answer = s.handler(streamed(body.stream)).then(read);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await isSettled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(answer)).toBe(true);
    const { status, body: error, headers } = await answer;
    expect(status).toBe(408);
    expect(error.error.code).toBe('request_timeout');
    expect(headers.get('connection')).toBe('close');
    expect(body.state.cancelled).toBe(true);
    expect(body.state.sent).toBeLessThan(11);
    expect(macs.count()).toBe(0);
    expect(s.writes()).toBe(0);
    expect(s.onEvent).not.toHaveBeenCalled();
  });

  it('W34: a body that stalls after a few bytes is answered 408 at bodyTimeoutMs', async () => {
    const s = setup({ bodyTimeoutMs: 2_000 });
    const body = stalledBody();
    body.send(BODY.slice(0, 20));
    const answer = s.handler(streamed(body.stream)).then(read);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(await isSettled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(408);
    expect(body.state.cancelled).toBe(true);
  });

  it('W34: the deadline is for the whole body: one arriving slowly within it is accepted, one still arriving at it is not', async () => {
    const s = setup();
    const bytes = encoder.encode(BODY);
    // 19 chunks, one every 500 ms: the last one, and the end, come at 9.5 s.
    const inTime = tricklingBody(bytes, Math.ceil(bytes.byteLength / 19), 500);
    const accepted = s.handler(streamed(inTime.stream)).then(read);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await accepted).status).toBe(200);
    expect(s.onEvent).toHaveBeenCalledTimes(1);
    expect(inTime.state.cancelled).toBe(false);
    // Every chunk in time (never idle for long), but the whole takes 20 s.
    const other = JSON.stringify(envelope({ id: 'evt_2' }));
    const tooSlow = tricklingBody(encoder.encode(other), Math.ceil(other.length / 19), 1_000);
    const refused = s.handler(streamed(tooSlow.stream, other)).then(read);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await refused).status).toBe(408);
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });

  it('W34: a trickling chunked body without Content-Length meets the size cap or the deadline, whichever comes first', async () => {
    const s = setup();
    const cap = 256 * 1024;
    const huge = encoder.encode(BODY + ' '.repeat(4 * 1024 * 1024));
    // 1 KiB every 10 ms passes the cap at about 2.6 s: refused there, reading stops.
    const fast = tricklingBody(huge, 1024, 10);
    const request = streamed(fast.stream);
    expect(request.headers.get('content-length')).toBeNull();
    const tooLarge = s.handler(request).then(read);
    await vi.advanceTimersByTimeAsync(2_600);
    expect((await tooLarge).status).toBe(413);
    expect(fast.state.sent).toBeLessThanOrEqual(cap + 1024);
    expect(fast.state.cancelled).toBe(true);
    // 1 KiB every 100 ms reaches only 100 KiB by the deadline: refused there instead.
    const slow = tricklingBody(huge, 1024, 100);
    const tooSlow = s.handler(streamed(slow.stream)).then(read);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await tooSlow).status).toBe(408);
    expect(slow.state.sent).toBeLessThanOrEqual(100 * 1024);
    expect(s.writes()).toBe(0);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'W34: bodyTimeoutMs %s is refused at construction',
    (bodyTimeoutMs) => {
      expect(() => createWebhookHandler({ secret: SECRET, bodyTimeoutMs })).toThrow(
        new RangeError('bodyTimeoutMs must be a positive number'),
      );
    },
  );
});

describe('W35: a cap on deliveries read or processed at once', () => {
  /** `count` deliveries whose bodies never come, each holding a slot. */
  async function stall(s: Setup, count: number) {
    const bodies = Array.from({ length: count }, () => stalledBody());
    const answers = bodies.map((b) => s.handler(streamed(b.stream)).then(read));
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies.every((b) => b.state.reads > 0)).toBe(true);
    return { bodies, answers };
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('W35: with 64 deliveries stalled (the default), the 65th is answered 503 busy with Retry-After at once, its body unread', async () => {
    const s = setup();
    const { answers } = await stall(s, 64);
    const next = stalledBody();
    next.send(BODY);
    next.end();
    const answer = await read(await s.handler(streamed(next.stream)));
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('busy');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.headers.get('connection')).toBe('close');
    expect(next.state).toMatchObject({ reads: 0, cancelled: true });
    expect(s.writes()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual(answers.map(() => 408));
  });

  it('W35: slots free up as deliveries end, by their body arriving or by the deadline', async () => {
    const s = setup({ maxConcurrentDeliveries: 2 });
    const {
      bodies: [first, second],
      answers: [firstAnswer, secondAnswer],
    } = await stall(s, 2);
    expect((await s.send({ body: BODY })).status).toBe(503);

    second?.send(BODY);
    second?.end();
    expect((await (secondAnswer as Promise<{ status: number }>)).status).toBe(200);
    const next = JSON.stringify(envelope({ id: 'evt_2' }));
    expect((await s.send({ body: next })).status).toBe(200);
    // Refusals after the body free their slot too.
    expect((await s.send({ body: next, signature: sign(next, 'wrong') })).status).toBe(401);
    expect((await s.send({ body: next, signature: sign(next, 'wrong') })).status).toBe(401);

    await stall(s, 1);
    expect((await s.send({ body: next })).status).toBe(503);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await (firstAnswer as Promise<{ status: number }>)).status).toBe(408);
    expect(first?.state.cancelled).toBe(true);
    const third = JSON.stringify(envelope({ id: 'evt_3' }));
    expect((await s.send({ body: third })).status).toBe(200);
  });

  it.each([0, -1, 1.5, Number.NaN])(
    'W35: maxConcurrentDeliveries %s is refused at construction',
    (maxConcurrentDeliveries) => {
      expect(() => createWebhookHandler({ secret: SECRET, maxConcurrentDeliveries })).toThrow(
        new RangeError('maxConcurrentDeliveries must be a positive integer'),
      );
    },
  );
});
