import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../../src/core/index.js';
import {
  insuranceKeys,
  useCreateLoanApplication,
  useInsuranceContext,
} from '../../src/hooks/index.js';
import { failing, pending, rateLimited } from '../../src/testing/msw/index.js';
import {
  application,
  providerFor,
  renderWithProvider,
  setupSandbox,
} from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const SUBMIT = /^POST \/loans$/;

function useCreate() {
  return { ...useCreateLoanApplication(), queryClient: useInsuranceContext().queryClient };
}

function CreateForm() {
  const { create, data } = useCreateLoanApplication();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void create(application());
      }}
    >
      <input aria-label="Loan number" defaultValue="LN-100200" />
      {/* Not disabled while pending: the hook itself must keep it to one request. */}
      <button type="submit">Submit</button>
      {data && <p>Created {data.id}</p>}
    </form>
  );
}

const storedIntentKeys = () =>
  Object.keys(sessionStorage)
    .filter((name) => name.startsWith('lender-insurance:intent:'))
    .map((name) => sessionStorage.getItem(name));

describe('useCreateLoanApplication', () => {
  it('creates the loan application and puts it in the cache, with no read', async () => {
    const env = setupSandbox();
    const { result } = renderWithProvider(useCreate, env.adapter);
    let loan: Awaited<ReturnType<typeof result.current.create>>;
    await act(async () => {
      loan = await result.current.create(application());
    });
    expect(loan?.status).toBe('NOT_YET_RATED');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.id).toBe(loan?.id);
    expect(
      result.current.queryClient.getQueryData(insuranceKeys(env.adapter).loan(loan?.id ?? '')),
    ).toEqual(loan);
    expect(env.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /loans']);
    expect(storedIntentKeys()).toEqual([]); // the intent succeeded: its key is forgotten
  });

  it('U1: invalid borrower data gives field errors and sends no request', async () => {
    const env = setupSandbox();
    const { result } = renderWithProvider(useCreate, env.adapter);
    const invalid = application({
      loanNumber: '   ',
      primaryBorrower: {
        email: 'not-an-email',
        phone: '12',
        firstName: 'x'.repeat(10_000),
        dob: '2999-01-01',
      },
      property: { address: { street: '1 Main', city: 'Austin', state: 'XX' as 'TX', zip: '7870' } },
    });
    await act(async () => {
      expect(await result.current.create(invalid)).toBeUndefined();
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ValidationError));
    expect(Object.keys(result.current.fieldErrors)).toEqual(
      expect.arrayContaining([
        'loanNumber',
        'borrowers.0.email',
        'borrowers.0.phone',
        'borrowers.0.firstName',
        'borrowers.0.dob',
        'property.address.state',
        'property.address.zip',
      ]),
    );
    expect(env.requests).toEqual([]);
  });

  it('U3: a double click, or a click and Enter, sends one request', async () => {
    const env = setupSandbox();
    // A BFF slow enough for the clicks to land while the first submission is in flight.
    mswServer.use(
      http.post('*/api/insurance/loans', async ({ request }) => {
        await delay(150);
        return env.bff.handler(request);
      }),
    );
    const user = userEvent.setup();
    render(<CreateForm />, { wrapper: providerFor(env.adapter) });
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    await user.type(screen.getByRole('textbox', { name: 'Loan number' }), '{Enter}');
    await screen.findByText(/^Created /);
    expect(env.sent(SUBMIT)).toHaveLength(1);
    expect(env.sandbox.stats().requests.submitLoanApplication).toBe(1);
  });

  it('U4: a reload re-sending the same application sends the same Idempotency-Key and gets the same loan', async () => {
    const env = setupSandbox();
    // The BFF creates the loan, but the answer is lost on the way back.
    mswServer.use(
      http.post('*/api/insurance/loans', async ({ request }) => {
        await env.bff.handler(request);
        return HttpResponse.error();
      }),
    );
    const first = renderWithProvider(useCreate, env.adapter);
    await act(async () => {
      await first.result.current.create(application());
    });
    await waitFor(() => expect(first.result.current.error).toBeInstanceOf(NetworkError));
    const [sentKey] = env.sent(SUBMIT).map((r) => r.idempotencyKey);
    expect(storedIntentKeys()).toEqual([sentKey]);
    first.unmount();

    // After the reload: a new provider, a new client, the same tab's sessionStorage.
    env.reinstall();
    const second = renderWithProvider(useCreate, env.adapter);
    let loan: Awaited<ReturnType<typeof second.result.current.create>>;
    await act(async () => {
      loan = await second.result.current.create(application());
    });
    expect(loan?.id).toMatch(/^ln_/);
    const keys = env.sent(SUBMIT).map((r) => r.idempotencyKey);
    expect(keys).toEqual([sentKey, sentKey]);
    // One loan: the BFF replayed the first answer.
    expect(env.sandbox.stats().requests.submitLoanApplication).toBe(1);
    expect(env.sandbox.inspectLoan(loan?.id ?? '')).toBeDefined();
  });

  it('U5: retrying after a network failure keeps the key, and one loan is created', async () => {
    const env = setupSandbox();
    mswServer.use(
      http.post('*/api/insurance/loans', async ({ request }) => {
        await env.bff.handler(request);
        return HttpResponse.error();
      }),
    );
    const { result } = renderWithProvider(useCreate, env.adapter);
    await act(async () => {
      await result.current.create(application());
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(NetworkError));
    env.reinstall();
    await act(async () => {
      await result.current.create(application());
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [first, second] = env.sent(SUBMIT).map((r) => r.idempotencyKey);
    expect(second).toBe(first);
    expect(env.sandbox.stats().requests.submitLoanApplication).toBe(1);
  });

  it('U8: rate limited, it says when to try again and sends nothing before then', async () => {
    const env = setupSandbox();
    mswServer.use(rateLimited('submitLoanApplication', { retryAfterSeconds: 20 }));
    const { result } = renderWithProvider(useCreate, env.adapter);
    const before = Date.now();
    await act(async () => {
      await result.current.create(application());
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(RateLimitedError));
    expect(result.current.retryAt).toBeGreaterThanOrEqual(before + 20_000);
    await act(async () => {
      expect(await result.current.create(application())).toBeUndefined();
    });
    expect(env.sent(SUBMIT)).toHaveLength(1);
  });

  it('U9: an expired session is an UnauthorizedError, sent once, the input kept by the caller', async () => {
    const env = setupSandbox();
    mswServer.use(
      failing('submitLoanApplication', { status: 401, code: 'unauthorized', message: 'Sign in' }),
    );
    const { result } = renderWithProvider(useCreate, env.adapter);
    await act(async () => {
      await result.current.create(application());
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(UnauthorizedError));
    await new Promise((r) => setTimeout(r, 50));
    expect(env.sent(SUBMIT)).toHaveLength(1);
  });

  it('U10: a hung submission is pending until cancelled; trying again sends the same key', async () => {
    const env = setupSandbox();
    mswServer.use(pending('submitLoanApplication'));
    const { result } = renderWithProvider(useCreate, env.adapter);
    act(() => {
      void result.current.create(application());
    });
    await waitFor(() => expect(result.current.isPending).toBe(true));
    await waitFor(() => expect(env.sent(SUBMIT)).toHaveLength(1));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.error).toBeNull();

    env.reinstall();
    await act(async () => {
      await result.current.create(application());
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [first, second] = env.sent(SUBMIT).map((r) => r.idempotencyKey);
    expect(second).toBe(first);
  });
});
