import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/core/errors/NetworkError.js';
import { OutcomeUnknownError } from '../../../src/core/errors/OutcomeUnknownError.js';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import {
  captureLogger,
  clientOptions,
  createFakeService,
  json,
  loanBody,
  START,
  text,
  track,
} from './fakeService.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const connectionFailure = (code: string) => () =>
  Promise.reject(new TypeError('fetch failed', { cause: { code } as unknown as Error }));

describe('the outcome of a write that went out', () => {
  it.each([
    ['a 500', () => json({ error: { message: 'boom' } }, 500)],
    ['a 502', () => text('Bad gateway', 502)],
    ['a 504', () => text('Gateway timeout', 504)],
    ['a connection reset after sending', connectionFailure('ECONNRESET')],
    ['a 201 whose body is not JSON', () => text('<html>', 201)],
  ])(
    'B27: %s on submit is an unknown outcome, sent once and never again',
    async (_label, reply) => {
      const service = createFakeService();
      service.setDefault('submitLoanApplication', reply);
      const logger = captureLogger();
      const client = createServiceClient(clientOptions(service, { logger }));
      const call = track(client.call('submitLoanApplication', { body: {} as never }));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(call.error).toBeInstanceOf(OutcomeUnknownError);
      expect(call.error).toMatchObject({ code: 'outcome_unknown', status: 502 });
      expect(service.count('submitLoanApplication')).toBe(1);
      expect(logger.lines.map((l) => l.message)).toContain(
        'Service call outcome unknown: not sent again',
      );
    },
  );

  it.each([
    ['a 503 (the service did not take it on)', () => text('Unavailable', 503), ServiceError],
    ['a refused connection', connectionFailure('ECONNREFUSED'), NetworkError],
    ['an unknown host', connectionFailure('ENOTFOUND'), NetworkError],
  ])(
    'B27: %s on submit means nothing was done: a plain error, safe to send again',
    async (_label, reply, type) => {
      const service = createFakeService();
      service.setDefault('submitLoanApplication', reply);
      const client = createServiceClient(clientOptions(service));
      const call = track(client.call('submitLoanApplication', { body: {} as never }));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(call.error).toBeInstanceOf(type);
      expect(call.error).not.toBeInstanceOf(OutcomeUnknownError);
      expect(service.count('submitLoanApplication')).toBe(1);
    },
  );

  it('B27: a read that fails the same way is still retried and ends in a plain error', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => json({}, 500));
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));
    const call = track(client.call('getLoan', { params: { loanId: 'ln_1' } }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(call.error).toBeInstanceOf(ServiceError);
    expect(service.count('getLoan')).toBe(3);
  });
});

describe('answers about another object than the one asked for', () => {
  it.each([
    ['getLoan', { params: { loanId: 'ln_1' } }, () => json(loanBody('ln_other'))],
    [
      'getQuoteDisplay',
      { params: { loanId: 'ln_1' } },
      () => json({ id: 'ln_other', status: 'RC1_RATED', quotes: [] }),
    ],
    ['getPolicy', { params: { policyId: 'pol_1' } }, () => json({ id: 'pol_2', documents: [] })],
  ] as const)(
    'B30: %s answering for another id is refused (502) and logged, never passed on',
    async (name, options, reply) => {
      const service = createFakeService();
      service.setDefault(name, reply);
      const logger = captureLogger();
      const client = createServiceClient(clientOptions(service, { logger }));
      const error = await client.call(name, options as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ status: 502, serviceCode: 'invalid_response' });
      expect(logger.lines).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: 'The service answered about another object than the one asked for',
        }),
      );
    },
  );

  it('B30: a consent recorded for another loan (its id in the body) is an unknown outcome', async () => {
    const service = createFakeService();
    service.setDefault('recordTcpaConsent', () =>
      json({ consent: true, consentDateTime: '2026-03-02T15:00:00', id: 'ln_other' }),
    );
    const client = createServiceClient(clientOptions(service));
    const error = await client
      .call('recordTcpaConsent', { body: { id: 'ln_1', termsOfServiceId: 'tos-1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
  });

  it('B30: a select answer naming the quote asked for, or no id at all, passes', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    const params = { loanId: 'ln_1', quoteId: 'q_1' };
    await expect(client.call('selectQuote', { params })).resolves.toMatchObject({ quoteId: 'q_1' });
    service.setDefault('selectQuote', () => json({ success: true }));
    await expect(client.call('selectQuote', { params })).resolves.toEqual({ success: true });
  });
});
