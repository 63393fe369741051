import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShopProgress } from '../../src/components/ShopProgress/index.js';
import type { Loan } from '../../src/core/index.js';
import {
  createInsuranceQueryClient,
  InsuranceProvider,
  insuranceKeys,
} from '../../src/hooks/index.js';
import { rateLimited } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { flush, setupSandbox } from '../support/insuranceHarness.js';
import { laggingLoanReads, shopEchoing } from '../support/laggingService.js';
import { mswServer } from '../support/mswServer.js';

const SHOP = /^PATCH \/loans\/[^/]+\/shop$/;
const LOAN_READ = /^GET \/loans\/[^/]+$/;

type Env = ReturnType<typeof setupSandbox>;

// A page puts the component in a landmark (axe's `region` rule checks the whole page).
function renderShop(
  env: Env,
  loanId: string,
  props: Partial<Parameters<typeof ShopProgress>[0]> = {},
  messages?: Record<string, string>,
  queryClient?: QueryClient,
  locale?: string,
) {
  const view = render(
    <InsuranceProvider
      adapter={env.adapter}
      messages={messages}
      queryClient={queryClient}
      locale={locale}
    >
      <main>
        <ShopProgress loanId={loanId} {...props} />
      </main>
    </InsuranceProvider>,
  );
  const root = () => view.container.querySelector('.lir-ShopProgress') as HTMLElement;
  return { ...view, root };
}

function fakeTime() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function startWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Get quotes' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.tab();
  expect(button).toHaveFocus();
  await user.keyboard('{Enter}');
}

describe('ShopProgress', () => {
  it('offers "Get quotes" when idle, with the host class merged', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { root } = renderShop(env, loan.id, { className: 'host-class' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Get quotes' })).toBeEnabled());
    expect(root()).toHaveAttribute('data-state', 'idle');
    expect(root()).toHaveClass('lir-root', 'lir-ShopProgress', 'host-class');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(env.sent(SHOP)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('shows a named progress bar that moves with time, announcing the phase once, not every tick', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { root } = renderShop(env, loan.id);
    await startWithKeyboard(user);

    const bar = await screen.findByRole('progressbar', { name: 'Collecting your quotes' });
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'About 45 seconds left');
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Quotes requested. This usually takes 30 to 45 seconds.');
    expect(env.sent(SHOP)).toHaveLength(1);
    await expectNoAxeViolations();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    const now = Number(bar.getAttribute('aria-valuenow'));
    expect(now).toBeGreaterThanOrEqual(44);
    expect(now).toBeLessThanOrEqual(47);
    expect(bar).toHaveAttribute('aria-valuetext', 'About 25 seconds left');
    expect(status).toHaveTextContent('Quotes requested. This usually takes 30 to 45 seconds.');
    await expectNoAxeViolations();
  });

  it('says "Almost done" past the expected 45 s', async () => {
    fakeTime();
    const env = setupSandbox({ quoteDelayMs: 100_000 });
    const loan = await env.createLoan();
    const { root } = renderShop(env, loan.id, { autoStart: true });
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(bar).toHaveAttribute('aria-valuetext', 'Almost done');
    expect(bar).toHaveAttribute('aria-valuenow', '99');
  });

  it('says the quotes are ready and calls onRated once', async () => {
    fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan();
    const onRated = vi.fn();
    const { root } = renderShop(env, loan.id, { autoStart: true, onRated });
    await screen.findByRole('progressbar');
    // The bar shows from `starting`: quoting runs in the sandbox once the shop is answered.
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    expect(env.sent(SHOP)).toHaveLength(1);

    await act(() => env.sandbox.advance(40_000));
    expect(await screen.findByText('Your quotes are ready')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'rated'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(onRated).toHaveBeenCalledOnce();
    await expectNoAxeViolations();
  });

  it('takes its texts from the provider', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    renderShop(env, loan.id, {}, { 'shopProgress.ready': 'Quotes are in!' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Quotes are in!'));
  });

  it('alerts when quoting fails, and "Try again" (Space) shops again', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Rating_error' } });
    const { root } = renderShop(env, loan.id);
    await startWithKeyboard(user);
    await screen.findByRole('progressbar');
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    await act(() => env.sandbox.advance(40_000));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not get your quotes right now. Please try again.',
    );
    expect(root()).toHaveAttribute('data-state', 'errored');
    await expectNoAxeViolations();

    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    expect(env.sent(SHOP)).toHaveLength(2);
  });

  it('alerts with time-out wording when quoting takes too long', async () => {
    fakeTime();
    const env = setupSandbox({ quoteDelayMs: 500_000 });
    const loan = await env.createLoan();
    const { root } = renderShop(env, loan.id, { autoStart: true });
    await screen.findByRole('progressbar');
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    await act(() => vi.advanceTimersByTimeAsync(121_000));

    expect(await screen.findByRole('alert')).toHaveTextContent(/taking longer than usual/);
    expect(root()).toHaveAttribute('data-state', 'errored');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expectNoAxeViolations();
  });

  it('when the shop is rate limited, says when to try again and disables the button until then', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(rateLimited('shopLoan', { retryAfterSeconds: 20 }));
    const { root } = renderShop(env, loan.id);
    await startWithKeyboard(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Too many requests\. You can try again after .*\d{1,2}:\d{2}/,
    );
    expect(root()).toHaveAttribute('data-state', 'errored');
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toBeDisabled();
    await expectNoAxeViolations();

    await act(() => vi.advanceTimersByTimeAsync(21_000));
    await waitFor(() => expect(retry).toBeEnabled());
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('says a closed application is closed, with nothing to click', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    await env.adapter.closeLoan(loan.id);
    const { root } = renderShop(env, loan.id);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('This application is closed'),
    );
    expect(root()).toHaveAttribute('data-state', 'closed');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await flush();
    expect(env.sent(SHOP)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('shows quoting after a shop answer echoing NOT_YET_RATED, and never sends a second shop', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(shopEchoing(env), laggingLoanReads(env));
    const queryClient = createInsuranceQueryClient();
    const onRated = vi.fn();
    const { root } = renderShop(env, loan.id, { onRated }, undefined, queryClient);
    await startWithKeyboard(user);

    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    expect(screen.getByRole('progressbar', { name: 'Collecting your quotes' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Get quotes' })).not.toBeInTheDocument();
    // Focus stayed on the component: pressing Enter again, or clicking it, shops nothing.
    expect(root()).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(root());
    await expectNoAxeViolations();

    // A later loan read (a refocus, another component) still says NOT_YET_RATED.
    const reads = env.sent(LOAN_READ).length;
    await act(() =>
      queryClient.invalidateQueries({ queryKey: insuranceKeys(env.adapter).loan(loan.id) }),
    );
    expect(env.sent(LOAN_READ)).toHaveLength(reads + 1);
    await waitFor(() =>
      expect(queryClient.getQueryData<Loan>(insuranceKeys(env.adapter).loan(loan.id))?.status).toBe(
        'NOT_YET_RATED',
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(root()).toHaveAttribute('data-state', 'quoting');
    expect(screen.getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      'About 25 seconds left',
    );
    expect(screen.queryByRole('button', { name: 'Get quotes' })).not.toBeInTheDocument();
    expect(env.sent(SHOP)).toHaveLength(1);

    // Quoting ends: loan.shopped makes the loan be read, and it says RC1_RATED.
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'rated'));
    expect(screen.getByRole('status')).toHaveTextContent('Your quotes are ready');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(onRated).toHaveBeenCalledOnce());
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('speaks Spanish under an es-US provider, from "Obtener cotizaciones" to the ready quotes', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { root } = renderShop(env, loan.id, {}, undefined, undefined, 'es-US');
    const start = await screen.findByRole('button', { name: 'Obtener cotizaciones' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);

    const bar = await screen.findByRole('progressbar', { name: 'Obteniendo sus cotizaciones' });
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'quoting'));
    expect(bar).toHaveAttribute('aria-valuetext', 'Faltan unos 45 segundos');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Cotizaciones solicitadas. Esto suele tardar de 30 a 45 segundos.',
    );
    await expectNoAxeViolations();

    await act(() => env.sandbox.advance(40_000));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Sus cotizaciones están listas'),
    );
    await expectNoAxeViolations();
  });

  it('in Spanish, says when to try again after a rate limit with the date in Spanish', async () => {
    const user = fakeTime();
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(rateLimited('shopLoan', { retryAfterSeconds: 20 }));
    renderShop(env, loan.id, {}, undefined, undefined, 'es-US');
    const start = await screen.findByRole('button', { name: 'Obtener cotizaciones' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);

    const alert = await screen.findByRole('alert');
    // Day before month, the month abbreviated in Spanish: `25 nov 2026, 12:00 p.m.`.
    expect(alert).toHaveTextContent(
      /^Demasiadas solicitudes\. Podrá intentarlo de nuevo a partir del 25 nov 2026, \d{1,2}:\d{2}/,
    );
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeDisabled();
    await expectNoAxeViolations();
  });
});
