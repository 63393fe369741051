import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutcomeUnknownError } from '../../../src/core/errors/OutcomeUnknownError.js';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { clientOptions, createFakeService, json, loanBody, START, track } from './fakeService.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const loan = { params: { loanId: 'ln_1' } };
const MiB = 1024 * 1024;

/** A body of `total` bytes served in 64 KiB chunks; `pulled()` says how many were produced. */
function largeBody(total: number) {
  let produced = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) {
        controller.close();
        return;
      }
      produced += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => produced };
}

/** A body that sends a little, then nothing, forever. */
function endlessBody() {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":'));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('R18: upstream redirects', () => {
  it.each([301, 302, 303, 307, 308])(
    'R18: a %i is not followed: 502 upstream_redirect',
    async (status) => {
      const service = createFakeService();
      service.setDefault(
        'getLoan',
        () => new Response(null, { status, headers: { Location: 'https://evil.example/steal' } }),
      );
      const client = createServiceClient(clientOptions(service));

      const error = await client.call('getLoan', loan).catch((e) => e);

      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ status: 502, serviceCode: 'upstream_redirect' });
      expect(service.count('getLoan')).toBe(1);
      expect(service.of('getLoan')[0]?.redirect).toBe('manual');
      expect(service.requests.every((r) => r.url.startsWith('https://service.test/'))).toBe(true);
    },
  );

  it('R18: an opaqueredirect (what fetch gives for redirect: manual) is a 502 too', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      Object.defineProperty(response, 'status', { value: 0 });
      return response;
    });
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('getLoan', loan)).rejects.toMatchObject({
      serviceCode: 'upstream_redirect',
    });
  });

  it('R18: a redirect from the token endpoint is not followed either', async () => {
    const service = createFakeService();
    service.script(
      'createToken',
      new Response(null, { status: 307, headers: { Location: 'https://evil.example/token' } }),
    );
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('getLoan', loan)).rejects.toMatchObject({
      status: 502,
      serviceCode: 'upstream_redirect',
    });
    expect(service.of('createToken')[0]?.redirect).toBe('manual');
    expect(service.count('getLoan')).toBe(0);
  });
});

describe('R19: hostile response bodies', () => {
  it('R19: a 50 MB body without Content-Length is cut off at the 1 MiB cap: 502', async () => {
    const service = createFakeService();
    const body = largeBody(50 * MiB);
    service.setDefault('getLoan', () => new Response(body.stream, { status: 200 }));
    const client = createServiceClient(clientOptions(service));

    const error = await client.call('getLoan', loan).catch((e) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 502, serviceCode: 'upstream_too_large' });
    expect(body.pulled()).toBeLessThanOrEqual(MiB + 3 * 64 * 1024);
    expect(service.count('getLoan')).toBe(1);
  });

  it('R19: a declared Content-Length over the cap is refused before reading', async () => {
    const service = createFakeService();
    const body = largeBody(50 * MiB);
    service.setDefault(
      'getLoan',
      () =>
        new Response(body.stream, { status: 200, headers: { 'Content-Length': String(50 * MiB) } }),
    );
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('getLoan', loan)).rejects.toMatchObject({
      serviceCode: 'upstream_too_large',
    });
    expect(body.pulled()).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('R19: the cap is configurable, and a body exactly at the cap is read', async () => {
    const service = createFakeService();
    const text = JSON.stringify(loanBody('ln_1'));
    const size = new TextEncoder().encode(text).byteLength;
    service.script('getLoan', new Response(text), new Response(text));
    const exact = createServiceClient(clientOptions(service, { maxResponseBytes: size }));
    await expect(exact.call('getLoan', loan)).resolves.toMatchObject({ id: 'ln_1' });
    const under = createServiceClient(clientOptions(service, { maxResponseBytes: size - 1 }));
    await expect(under.call('getLoan', loan)).rejects.toMatchObject({
      serviceCode: 'upstream_too_large',
    });
  });

  it('R19: a huge error body is dropped; its status still decides (a 503 is retried)', async () => {
    const service = createFakeService();
    service.script('getLoan', () => new Response(largeBody(50 * MiB).stream, { status: 503 }));
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(10);
    expect(call.value).toMatchObject({ id: 'ln_1' });
    expect(service.count('getLoan')).toBe(2);
  });

  it.each([
    ['HTML', '<html><body>Bad gateway</body></html>'],
    ['truncated JSON', '{"id":"ln_1",'],
    ['empty', ''],
    ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ])('R19: a %s success body is 502 invalid_response', async (_, raw) => {
    const service = createFakeService();
    service.setDefault('getLoan', () => new Response(raw, { status: 200 }));
    const client = createServiceClient(clientOptions(service));
    const error = await client.call('getLoan', loan).catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 502, serviceCode: 'invalid_response' });
    expect(service.count('getLoan')).toBe(1);
  });

  it('R19: JSON of the wrong shape is 502 invalid_response', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => json({ id: 42 }));
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('getLoan', loan)).rejects.toMatchObject({
      status: 502,
      serviceCode: 'invalid_response',
    });
  });

  it('R19: a body that never ends is stopped by the attempt timeout; for a write, its outcome is unknown', async () => {
    const service = createFakeService();
    const body = endlessBody();
    service.setDefault('submitLoanApplication', () => new Response(body.stream, { status: 201 }));
    const client = createServiceClient(clientOptions(service));

    const call = track(client.call('submitLoanApplication', { body: {} as never }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    // The service answered 201 and the body broke off: the application may well exist.
    expect(call.error).toBeInstanceOf(OutcomeUnknownError);
    expect(body.cancelled()).toBe(true);
    expect(service.count('submitLoanApplication')).toBe(1);
  });

  it('R19: an error body over 64 KiB is dropped: the status alone maps the error', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () =>
      json({ error: { code: 'loan_closed', message: 'x'.repeat(100_000) } }, 409),
    );
    const client = createServiceClient(clientOptions(service));
    const error = await client.call('getLoan', loan).catch((e) => e);
    expect(error).toMatchObject({ status: 409, serviceCode: 'http_409' });
    expect(error.message).toBe('Request failed with status 409');
  });

  it('R19: a long upstream error message is cut to 200 characters', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () =>
      json({ error: { code: 'loan_closed', message: 'x'.repeat(10_000) } }, 409),
    );
    const client = createServiceClient(clientOptions(service));
    const error = await client.call('getLoan', loan).catch((e) => e);
    expect(error).toMatchObject({ status: 409, serviceCode: 'loan_closed' });
    expect(error.message).toHaveLength(200);
  });
});
