import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConsentRequiredError, ValidationError } from '../../src/core/index.js';
import {
  useCallMeNow,
  useRecordConsent,
  useScheduleCall,
  useTcpaConsent,
} from '../../src/hooks/index.js';
import { pending } from '../../src/testing/msw/index.js';
import { providerFor, renderWithProvider, setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const CALL = /^POST \/loans\/[^/]+\/call-me-now$/;
const SCHEDULE = /^POST \/loans\/[^/]+\/schedule-call$/;
const IN_A_WEEK = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

describe('useRecordConsent', () => {
  it("records the borrower's consent", async () => {
    const env = setupSandbox();
    const loan = await env.createLoan({}, { consent: false });
    const { result } = renderWithProvider(() => useRecordConsent(), env.adapter);
    await act(async () => {
      const record = await result.current.record({ id: loan.id, termsOfServiceId: 'tos_v3' });
      expect(record?.consent).toBe(true);
    });
    expect(env.sandbox.inspectLoan(loan.id)?.consentRecorded).toBe(true);
    expect(env.sent(/^POST \/loans\/[^/]+\/consent$/)).toHaveLength(1);
  });

  it('U1: an invalid consent gives field errors and sends nothing', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan({}, { consent: false });
    const { result } = renderWithProvider(() => useRecordConsent(), env.adapter);
    await act(async () => {
      await result.current.record({ id: loan.id, termsOfServiceId: ' ', email: 'nope' });
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ValidationError));
    expect(result.current.fieldErrors).toHaveProperty('termsOfServiceId');
    expect(result.current.fieldErrors).toHaveProperty('email');
    expect(env.requests).toEqual([]);
  });
});

describe('useTcpaConsent', () => {
  it('reads whether TCPA consent is recorded, and records it', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(() => useTcpaConsent(loan.id), env.adapter);
    await waitFor(() => expect(result.current.recorded).toBe(false));
    await act(async () => {
      await result.current.record({ termsOfServiceId: 'tcpa_v2' });
    });
    await waitFor(() => expect(result.current.recorded).toBe(true));
    expect(result.current.data?.consent?.termsOfServiceId).toBe('tcpa_v2');
    expect(result.current.recording.isSuccess).toBe(true);
    expect(env.sandbox.inspectLoan(loan.id)?.tcpaConsentRecorded).toBe(true);
    // The answer updated the cache: no second read.
    expect(env.sent(/^GET \/loans\/[^/]+\/consent\/tcpa$/)).toHaveLength(1);
  });
});

describe('useCallMeNow', () => {
  it('refuses with a ConsentRequiredError and no request until TCPA consent is recorded', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(() => useCallMeNow(loan.id), env.adapter);
    await waitFor(() => expect(result.current.consentRequired).toBe(true));
    await act(async () => {
      expect(await result.current.call()).toBeUndefined();
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ConsentRequiredError));
    expect((result.current.error as ConsentRequiredError).consent).toBe('tcpa');
    expect(env.sent(CALL)).toHaveLength(0);
    expect(env.sandbox.tasks).toHaveLength(0);
  });

  it('U3: with consent, a double click calls once', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan({}, { tcpa: true });
    mswServer.use(
      http.post('*/api/insurance/loans/:loanId/call-me-now', async ({ request }) => {
        await delay(100);
        return env.bff.handler(request);
      }),
    );
    function CallMe() {
      const { call, isSuccess } = useCallMeNow(loan.id);
      return (
        <>
          <button type="button" onClick={() => call()}>
            Call me now
          </button>
          {isSuccess && <p>An advisor will call you</p>}
        </>
      );
    }
    const user = userEvent.setup();
    render(<CallMe />, { wrapper: providerFor(env.adapter) });
    await user.dblClick(screen.getByRole('button', { name: 'Call me now' }));
    await screen.findByText('An advisor will call you');
    expect(env.sent(CALL)).toHaveLength(1);
    expect(env.sandbox.tasks).toHaveLength(1);
  });

  it('U10: a hung call is pending until cancelled; calling again sends the same key', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan({}, { tcpa: true });
    mswServer.use(pending('callMeNow'));
    const { result } = renderWithProvider(() => useCallMeNow(loan.id), env.adapter);
    act(() => {
      void result.current.call();
    });
    await waitFor(() => expect(env.sent(CALL)).toHaveLength(1));
    expect(result.current.isPending).toBe(true);
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.error).toBeNull();

    env.reinstall();
    await act(async () => {
      await result.current.call();
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [first, second] = env.sent(CALL).map((r) => r.idempotencyKey);
    expect(second).toBe(first);
    expect(env.sandbox.tasks).toHaveLength(1);
  });
});

describe('useScheduleCall', () => {
  it('refuses without TCPA consent, with no request', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(() => useScheduleCall(loan.id), env.adapter);
    await act(async () => {
      await result.current.schedule({ scheduledAt: IN_A_WEEK });
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ConsentRequiredError));
    expect(result.current.consentRequired).toBe(true);
    expect(env.sent(SCHEDULE)).toHaveLength(0);
  });

  it('U1: an invalid time gives a field error and no request; a valid one schedules the call', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan({}, { tcpa: true });
    const { result } = renderWithProvider(() => useScheduleCall(loan.id), env.adapter);
    await act(async () => {
      await result.current.schedule({ scheduledAt: 'tomorrow at noon' });
    });
    await waitFor(() => expect(result.current.fieldErrors).toHaveProperty('scheduledAt'));
    expect(env.sent(SCHEDULE)).toHaveLength(0);

    await act(async () => {
      const done = await result.current.schedule({ scheduledAt: IN_A_WEEK, notes: 'Mornings' });
      expect(done?.success).toBe(true);
    });
    expect(result.current.consentRequired).toBe(false);
    expect(env.sent(SCHEDULE)).toHaveLength(1);
    expect(env.sandbox.tasks).toHaveLength(1);
  });
});
