import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventConnectionState } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { LoanEvent } from '../../src/core/index.js';
import { ConsentRequiredError, NotFoundError } from '../../src/core/index.js';
import type { InsuranceBff } from '../../src/server/bff/index.js';
import { createInsuranceBff } from '../../src/server/bff/index.js';
import type { ServiceClient } from '../../src/server/client/ServiceClient.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { mswServer } from '../support/mswServer.js';
import { BASE, loanBody, ORIGIN } from './support.js';

// The adapter against the real BFF handler (with a fake service behind it), through MSW: the
// two sides agree on routes, headers, idempotency replay, error bodies and event framing.

let bff: InsuranceBff;
let upstream: string[];
let owned: Set<string>;

function startBff() {
  upstream = [];
  owned = new Set(['loan_1']);
  let created = 0;
  const client = {
    partnerId: undefined,
    async call(name: string, options: { body?: Record<string, unknown> }) {
      upstream.push(name);
      switch (name) {
        case 'submitLoanApplication':
          created += 1;
          return loanBody(`loan_new${created}`);
        case 'recordTcpaConsent':
          return {
            consent: true,
            consentDateTime: '2026-03-02T15:00:00',
            id: options.body?.id,
            termsOfServiceId: options.body?.termsOfServiceId,
          };
        case 'scheduleCall':
          return { success: true };
        default:
          throw new Error(`unexpected upstream call ${name}`);
      }
    },
  } as unknown as ServiceClient;
  bff = createInsuranceBff<{ id: string }>({
    client,
    getSession: () => ({ id: 'session_1' }),
    authorize: ({ loanId }) => loanId === undefined || (!!loanId && owned.has(loanId)),
    onLoanCreated: ({ loan }) => {
      owned.add(loan.id);
    },

    logger: { warn: () => {}, error: () => {} },
  });
  mswServer.use(http.all(`${ORIGIN}${BASE}/*`, ({ request }) => bff.handler(request)));
}

const publish = (n: number) =>
  bff.relay.publish({
    id: `evt_${n}`,
    type: 'loan.shopped',
    objectType: 'loan',
    occurredAt: '2026-03-02T15:00:00Z',
    data: { loanId: 'loan_1' },
  });

beforeEach(() => startBff());
afterEach(async () => {
  await bff.close();
});

describe('requests', () => {
  it('a resent intent is replayed by the BFF: one loan, one upstream call (U4, B20)', async () => {
    const adapter = createHttpAdapter();
    const intent = { idempotencyKey: 'create-intent-1' };
    const first = await adapter.createLoanApplication(createLoanApplicationFixture(), intent);
    const again = await adapter.createLoanApplication(createLoanApplicationFixture(), intent);

    expect(again.id).toBe(first.id);
    expect(upstream).toEqual(['submitLoanApplication']);
  });

  it('two clicks without a shared key are two intents', async () => {
    const adapter = createHttpAdapter();
    await adapter.createLoanApplication(createLoanApplicationFixture());
    await adapter.createLoanApplication(createLoanApplicationFixture());
    expect(upstream).toEqual(['submitLoanApplication', 'submitLoanApplication']);
  });

  it('passes the CSRF check with the default header, and is refused (403) with another', async () => {
    await expect(createHttpAdapter().getTcpaConsent('loan_1')).resolves.toEqual({
      recorded: false,
      consent: null,
    });
    const wrong = createHttpAdapter({ csrfHeader: { name: 'X-Other', value: '1' } });
    await expect(
      wrong.recordTcpaConsent({ id: 'loan_1', termsOfServiceId: 'tos' }),
    ).rejects.toMatchObject({ status: 403, serviceCode: 'forbidden' });
    expect(upstream).toEqual([]);
  });

  it('reads the TCPA gate, then the consent it recorded', async () => {
    const adapter = createHttpAdapter();
    const schedule = { id: 'loan_1', scheduledAt: '2026-03-03T15:00:00Z' };
    await expect(adapter.scheduleCall(schedule)).rejects.toBeInstanceOf(ConsentRequiredError);

    await adapter.recordTcpaConsent({ id: 'loan_1', termsOfServiceId: 'tos_v3' });
    const status = await adapter.getTcpaConsent('loan_1');
    expect(status).toMatchObject({ recorded: true, consent: { id: 'loan_1', consent: true } });
    await expect(adapter.scheduleCall(schedule)).resolves.toEqual({ success: true });
  });

  it("someone else's loan is a NotFoundError and no upstream call", async () => {
    await expect(createHttpAdapter().getTcpaConsent('loan_9')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(upstream).toEqual([]);
  });

  it('a malformed body the BFF refuses is a typed error, not a crash', async () => {
    await expect(
      // biome-ignore lint/suspicious/noExplicitAny: what an untyped caller could send
      createHttpAdapter().recordTcpaConsent({ id: 'loan_1' } as any),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await expect(
      createHttpAdapter().updateLoanContacts('loan_1', 'nope' as never),
    ).rejects.toMatchObject({ code: 'validation_error' });
  });
});

describe('events', () => {
  function follow(adapter = createHttpAdapter()) {
    const events: LoanEvent[] = [];
    const states: EventConnectionState[] = [];
    const stop = adapter.subscribe('loan_1', (e) => events.push(e), {
      onStateChange: (s) => states.push(s),
    });
    return { events, states, stop };
  }

  it("streams the backlog and live events from the BFF's server-sent events", async () => {
    await publish(1);
    const sub = follow();
    await vi.waitFor(() => expect(sub.events.map((e) => e.id)).toEqual(['evt_1']));
    expect(sub.states).toEqual(['connecting', 'open']);

    await publish(2);
    await vi.waitFor(() => expect(sub.events.map((e) => e.id)).toEqual(['evt_1', 'evt_2']));
    expect(sub.events[1]).toEqual({
      id: 'evt_2',
      type: 'loan.shopped',
      occurredAt: '2026-03-02T15:00:00Z',
      loanId: 'loan_1',
    });
    sub.stop();
  });

  it('polls the BFF when a proxy drops the event-stream Accept header', async () => {
    const urls: string[] = [];
    const stripAccept = ((url: string, init: RequestInit) => {
      urls.push(url);
      const headers = new Headers(init.headers);
      headers.delete('accept');
      return globalThis.fetch(url, { ...init, headers });
    }) as typeof fetch;
    await publish(1);
    const sub = follow(createHttpAdapter({ fetch: stripAccept, pollIntervalMs: 20 }));
    await vi.waitFor(() => expect(sub.events.map((e) => e.id)).toEqual(['evt_1']));
    expect(sub.states).toEqual(['connecting', 'polling']);

    await publish(2);
    await vi.waitFor(() => expect(sub.events.map((e) => e.id)).toEqual(['evt_1', 'evt_2']));
    expect(urls.at(-1)).toMatch(/\/events\?after=.+$/);
    sub.stop();
  });
});
