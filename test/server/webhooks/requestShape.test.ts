import { afterEach, describe, expect, it, vi } from 'vitest';
import { delivery, envelope, read, setup, sign, spyOnSignatureMacs } from './webhookHarness.js';

const CAP = 256 * 1024;
const encoder = new TextEncoder();

/** Valid signed JSON padded with spaces to exactly `size` bytes. */
function bodyOfSize(size: number): string {
  const json = JSON.stringify(envelope());
  return json + ' '.repeat(size - json.length);
}

/** A body streamed in 16 KiB chunks with no Content-Length; counts how much was pulled. */
function streamOf(bytes: Uint8Array) {
  const state = { pulled: 0 };
  const chunk = 16 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(state.pulled, state.pulled + chunk));
      state.pulled += chunk;
    },
  });
  return { stream, state };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('W24: body size cap (256 KiB) before any HMAC', () => {
  it('W24: 256 KiB + 1 with Content-Length gets 413 at once, with no key import or MAC', async () => {
    const s = setup();
    const macs = spyOnSignatureMacs();
    const body = bodyOfSize(CAP + 1);
    const answer = await s.send({
      body,
      headers: { 'Content-Length': String(CAP + 1) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(macs.count()).toBe(0);
    expect(s.writes()).toBe(0);
  });

  it('W24: a streamed (chunked) body without Content-Length is cut off just past the cap', async () => {
    const s = setup();
    const macs = spyOnSignatureMacs();
    const huge = encoder.encode(bodyOfSize(4 * 1024 * 1024));
    const { stream, state } = streamOf(huge);
    const request = delivery({ body: stream, signature: sign(huge) });
    expect(request.headers.get('content-length')).toBeNull();
    const answer = await read(await s.handler(request));
    expect(answer.status).toBe(413);
    // Stopped reading within a chunk or two (and the stream's buffer) of the cap, not at 4 MiB.
    expect(state.pulled).toBeLessThan(CAP + 4 * 16 * 1024);
    expect(macs.count()).toBe(0);
    expect(s.writes()).toBe(0);
  });

  it('W24: a Content-Length that understates the body does not get past the counting', async () => {
    const s = setup();
    const body = bodyOfSize(CAP + 1);
    const { stream } = streamOf(encoder.encode(body));
    const request = delivery({
      body: stream,
      signature: sign(body),
      headers: { 'Content-Length': '10' },
    });
    expect((await read(await s.handler(request))).status).toBe(413);
  });

  it('W24: exactly 256 KiB, streamed or not, is accepted', async () => {
    const s = setup();
    const body = bodyOfSize(CAP);
    expect((await s.send({ body })).status).toBe(200);
    const again = bodyOfSize(CAP).replace('evt_1', 'evt_2');
    const { stream } = streamOf(encoder.encode(again));
    expect(
      (await read(await s.handler(delivery({ body: stream, signature: sign(again) })))).status,
    ).toBe(200);
  });

  it('W24: the cap is configurable', async () => {
    const s = setup({ maxBodyBytes: 64 * 1024 });
    expect((await s.send({ body: bodyOfSize(64 * 1024 + 1) })).status).toBe(413);
  });
});

describe('W25: method and content type', () => {
  it.each(['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])(
    "W25: %s gets 405 with Allow: POST (404 for other paths is the host router's job: the handler serves one URL)",
    async (method) => {
      const s = setup();
      const response = await s.handler(delivery({ method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      if (method !== 'HEAD')
        expect((await read(response)).body.error.code).toBe('method_not_allowed');
      expect(s.writes()).toBe(0);
    },
  );

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonp',
    'application/merge-patch+json',
    'application/json; charset=iso-8859-1',
    null,
  ])('W25: Content-Type %s gets 415', async (contentType) => {
    const s = setup();
    const body = encoder.encode(JSON.stringify(envelope()));
    const answer = await s.send({ body, contentType });
    expect(answer.status).toBe(415);
    expect(answer.body.error.code).toBe('unsupported_media_type');
    expect(s.writes()).toBe(0);
  });

  it('W25: a refused method or content type leaves the body unread, and the connection is closed', async () => {
    const s = setup();
    for (const init of [{ method: 'PUT' }, { contentType: 'text/plain' }]) {
      const pull = vi.fn();
      const cancel = vi.fn();
      const body = new ReadableStream<Uint8Array>({ pull, cancel }, { highWaterMark: 0 });
      const response = await s.handler(delivery({ ...init, body, signature: null }));
      expect(response.status).toBeGreaterThanOrEqual(405);
      expect(response.headers.get('connection')).toBe('close');
      expect(pull).not.toHaveBeenCalled();
      expect(cancel).toHaveBeenCalledOnce();
    }
  });

  it('W25: application/json with parameters and in any case is accepted', async () => {
    const s = setup();
    expect((await s.send({ contentType: 'Application/JSON; charset=utf-8' })).status).toBe(200);
  });
});

describe('W26 and W8: JSON parsing after the signature', () => {
  it.each([
    ['not JSON', '} not json'],
    ['empty', ''],
    ['truncated', JSON.stringify(envelope()).slice(0, -1)],
  ])(
    'W26: a validly signed body that is %s gets 400 invalid_json, never 500',
    async (_name, body) => {
      const s = setup();
      const answer = await s.send({ body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_json');
      expect(s.writes()).toBe(0);
    },
  );

  it('W8: a signed body with a 0xFF byte verifies, then is refused as JSON (not UTF-8): 400', async () => {
    const s = setup();
    const json = encoder.encode(JSON.stringify(envelope()));
    const body = new Uint8Array([...json.slice(0, -2), 0xff, ...json.slice(-2)]);
    const answer = await s.send({ body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_json');
  });

  it('W8: a UTF-8 BOM is tolerated, and escapes and emoji reach onEvent exactly as sent', async () => {
    const s = setup();
    const event = envelope({
      data: { loanId: 'ln_1', partnerId: 'partner_a', externalId: '\u001b[31m🏠 Maison é' },
    });
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(JSON.stringify(event))]);
    const answer = await s.send({ body });
    expect(answer.status).toBe(200);
    expect(s.onEvent.mock.calls[0]?.[0].data.externalId).toBe('\u001b[31m🏠 Maison é');
  });
});

describe('W27: envelope schema, checked before any de-duplication write', () => {
  const without = (key: string) => {
    const e = envelope();
    delete e[key];
    return e;
  };
  it.each([
    ['missing id', without('id')],
    ['missing type', without('type')],
    ['missing objectType', without('objectType')],
    ['missing data', without('data')],
    ['a numeric id', envelope({ id: 42 })],
    ['an array for data', envelope({ data: [] })],
    ['null data', envelope({ data: null })],
    ['a 10 KB id', envelope({ id: `evt_${'x'.repeat(10_000)}` })],
    ['control characters in the id', envelope({ id: 'evt_\u0000\n1' })],
    ['a space in the id', envelope({ id: 'evt 1' })],
    ['a documented type without its loan id', envelope({ data: { partnerId: 'partner_a' } })],
    ['a documented type without its partner id', envelope({ data: { loanId: 'ln_1' } })],
    ['a JSON array', [envelope()]],
    ['a JSON string', 'evt_1'],
    ['JSON null', null],
  ])('W27: %s gets 400 with no write', async (_name, value) => {
    const s = setup();
    const answer = await s.send({ body: JSON.stringify(value) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.message).not.toMatch(/x{100}/);
    expect(s.writes()).toBe(0);
    expect(s.onEvent).not.toHaveBeenCalled();
  });
});

describe('W29: prototype pollution', () => {
  it('W29: __proto__, constructor and prototype keys mutate no global object and do not reach onEvent', async () => {
    const s = setup();
    const body = `{"id":"evt_1","type":"loan.shopped","objectType":"loan","occurredAt":${JSON.stringify(
      envelope().occurredAt,
    )},"__proto__":{"admin":true},"data":{"loanId":"ln_1","partnerId":"partner_a","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}}`;
    const answer = await s.send({ body });
    expect(answer.status).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('admin');
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('admin');
    const event = s.onEvent.mock.calls[0]?.[0] as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(event.data)).toBe(Object.prototype);
    expect(Object.hasOwn(event, '__proto__')).toBe(false);
    expect(Object.hasOwn(event.data as object, '__proto__')).toBe(false);
    expect(Object.hasOwn(event.data as object, 'constructor')).toBe(false);
    expect((event as { admin?: unknown }).admin).toBeUndefined();
  });
});
