import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../src/core/index.js';
import {
  useLoan,
  useQuoteDisplay,
  useSelectQuote,
  useShop,
  useShoppedLoan,
} from '../../src/hooks/index.js';
import { providerFor, renderWithProvider, setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const DISPLAY = /^GET \/loans\/[^/]+\/display$/;
const SELECT = /^POST \/loans\/[^/]+\/quotes\/[^/]+\/select$/;

describe('useQuoteDisplay and useShoppedLoan', () => {
  it('U12: read nothing until the loan.shopped event, then the loan once and the quotes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(
      () => ({
        shop: useShop(loan.id),
        display: useQuoteDisplay(loan.id),
        shopped: useShoppedLoan(loan.id),
      }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.shop.phase).toBe('idle'));
    await act(() => result.current.shop.start());
    await waitFor(() => expect(result.current.shop.phase).toBe('quoting'));
    expect(result.current.display.isRated).toBe(false);
    expect(result.current.display.quotes).toEqual([]);
    expect(env.sent(DISPLAY)).toHaveLength(0);

    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.display.quotes).toHaveLength(3));
    expect(result.current.display.isRated).toBe(true);
    expect(result.current.display.selectedQuote).toBeUndefined();
    await waitFor(() => expect(result.current.shopped.data?.quotes.length).toBeGreaterThan(3));
    expect(env.sent(/^GET \/loans\/[^/]+$/)).toHaveLength(2); // on mount, after the event
    expect(env.sent(DISPLAY)).toHaveLength(1);
  });

  it('shows the quotes that come with loan.shopped without waiting for the loan read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(
      () => ({ display: useQuoteDisplay(loan.id), loan: useLoan(loan.id) }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.loan.data?.status).toBe('NOT_YET_RATED'));
    await env.adapter.shopLoan(loan.id);
    // From now on the loan read is held, as when it waits for the partner's rate budget.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mswServer.use(
      http.get('*/api/insurance/loans/:loanId', async ({ request }) => {
        await held;
        return env.bff.handler(request);
      }),
    );
    env.requests.length = 0;

    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.display.quotes).toHaveLength(3));
    expect(result.current.display.isRated).toBe(true);
    expect(env.sent(DISPLAY)).toHaveLength(1);
    expect(env.sent(/^GET \/loans\/[^/]+$/)).toHaveLength(1); // the loan read, still held
    expect(result.current.loan.data?.status).toBe('NOT_YET_RATED');

    release();
    await waitFor(() => expect(result.current.loan.data?.status).toBe('RC1_RATED'));
    expect(result.current.display.quotes).toHaveLength(3);
    expect(env.sent(DISPLAY)).toHaveLength(1);
  });

  it('waits for the new quotes when a rated loan is shopped again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    const { result } = renderWithProvider(
      () => ({ display: useQuoteDisplay(loan.id), shop: useShop(loan.id) }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.display.quotes).toHaveLength(3));
    await act(() => result.current.shop.start());
    // The loan read after the shop is newer than the display, which still says RC1_RATED.
    await waitFor(() => expect(result.current.shop.phase).toBe('quoting'));
    expect(result.current.display.isRated).toBe(false);
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.display.isRated).toBe(true));
    expect(result.current.display.data?.status).toBe('RC2_RATED');
  });

  it('reads no quote display on loan.shopped when no component shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter);
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    await act(() => result.current.start());
    await waitFor(() => expect(result.current.phase).toBe('quoting'));
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.phase).toBe('rated'));
    expect(env.sent(DISPLAY)).toHaveLength(0);
  });
});

describe('useSelectQuote', () => {
  it('selects a quote: shown selected at once, then confirmed by the service', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    const { result } = renderWithProvider(
      () => ({ display: useQuoteDisplay(loan.id), select: useSelectQuote(loan.id) }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.display.quotes).toHaveLength(3));
    const quote = result.current.display.quotes[1];
    act(() => {
      void result.current.select.select(quote?.id ?? '');
    });
    await waitFor(() => expect(result.current.display.selectedQuote?.id).toBe(quote?.id));
    await waitFor(() => expect(result.current.select.isSuccess).toBe(true));
    expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(quote?.id);
    await waitFor(() => expect(result.current.display.data?.selectedQuoteId).toBe(quote?.id));
  });

  it('U3: a double click on select sends one request', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    mswServer.use(
      http.post('*/api/insurance/loans/:loanId/quotes/:quoteId/select', async ({ request }) => {
        await delay(100);
        return env.bff.handler(request);
      }),
    );
    function Quotes() {
      const { quotes, selectedQuote } = useQuoteDisplay(loan.id);
      const { select } = useSelectQuote(loan.id);
      return (
        <ul>
          {quotes.map((q) => (
            <li key={q.id}>
              <button type="button" onClick={() => select(q.id)}>
                Choose {q.id}
              </button>
              {selectedQuote?.id === q.id && <span>Selected {q.id}</span>}
            </li>
          ))}
        </ul>
      );
    }
    const user = userEvent.setup();
    render(<Quotes />, { wrapper: providerFor(env.adapter) });
    const [first] = await screen.findAllByRole('button', { name: /^Choose / });
    await user.dblClick(first as HTMLElement);
    await user.click(first as HTMLElement);
    await screen.findByText(/^Selected /);
    await waitFor(() => expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBeTruthy());
    expect(env.sent(SELECT)).toHaveLength(1);
  });

  it('U12: a refused selection rolls back the optimistic update', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    mswServer.use(
      http.post('*/api/insurance/loans/:loanId/quotes/:quoteId/select', async () => {
        await delay(50);
        return HttpResponse.json(
          { error: { code: 'service_error', message: 'Try again later' } },
          { status: 502 },
        );
      }),
    );
    const shown: Array<string | undefined> = [];
    const { result } = renderWithProvider(() => {
      const display = useQuoteDisplay(loan.id);
      const select = useSelectQuote(loan.id);
      const selected = display.selectedQuote?.id;
      useEffect(() => {
        shown.push(selected);
      }, [selected]);
      return { display, select };
    }, env.adapter);
    await waitFor(() => expect(result.current.display.quotes).toHaveLength(3));
    const quoteId = result.current.display.quotes[0]?.id;
    let selecting: Promise<unknown> = Promise.resolve();
    act(() => {
      selecting = result.current.select.select(quoteId ?? '');
    });
    // Shown selected while it is being sent: looked at before the answer, since React 18's act
    // holds renders back until an awaited callback settles.
    await waitFor(() => expect(shown).toContain(quoteId));
    await act(async () => {
      expect(await selecting).toBeUndefined();
    });
    await waitFor(() => expect(result.current.select.error).toBeInstanceOf(ServiceError));
    await waitFor(() => expect(result.current.display.selectedQuote).toBeUndefined());
    expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBeNull();
  });
});
