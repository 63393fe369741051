import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PolicyRetrievalLauncher } from '../../src/components/PolicyRetrievalLauncher/index.js';
import { InsuranceError, RateLimitedError, ServiceError } from '../../src/core/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { failing, rateLimited } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import {
  flush,
  renderInProvider,
  setupSandbox,
  signInToCarrier,
} from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const RETRIEVE = /^PATCH \/loans\/[^/]+\/retrieve$/;
const DIALOG = { name: 'Share your current insurance policy' };
const FRAME = 'Sign in to your insurance company';

/**
 * `expectNoAxeViolations` with the frame's inside left out: axe cannot message a jsdom frame
 * (its `parent` is not the test's `window`), and what is inside is the service's page anyway.
 */
async function expectNoAxeViolationsAroundFrame() {
  const results = await axe.run(document.body, {
    iframes: false,
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** What the borrower does inside the hosted page: sign in to their carrier. */
async function launcher(options: { strict?: boolean } = {}) {
  const env = setupSandbox();
  const loan = await env.createLoan();
  const onRetrieved = vi.fn();
  const onExit = vi.fn();
  const onError = vi.fn();
  const view = renderInProvider(
    <main>
      <PolicyRetrievalLauncher
        loanId={loan.id}
        onRetrieved={onRetrieved}
        onExit={onExit}
        onError={onError}
        className="host"
      />
    </main>,
    env.adapter,
    options,
  );
  const trigger = screen.getByRole('button', { name: 'Share my current policy' });
  return {
    env,
    loan,
    onRetrieved,
    onExit,
    onError,
    view,
    trigger,
    root: view.container.querySelector('.lir-PolicyRetrievalLauncher'),
  };
}

describe('PolicyRetrievalLauncher', () => {
  it('opens the hosted page in a dialog and closes itself when the policy is retrieved', async () => {
    const user = userEvent.setup();
    const { env, loan, onRetrieved, onExit, onError, trigger, root } = await launcher();
    expect(root).toHaveClass('lir-root', 'lir-PolicyRetrievalLauncher', 'host');
    expect(root).toHaveAttribute('data-state', 'idle');
    await expectNoAxeViolations(); // closed

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(dialog).toHaveClass('lir-root', 'lir-PolicyRetrievalLauncher-dialog');
    expect(dialog).toHaveAccessibleDescription(/sign in to your insurance company/i);
    const frame = await within(dialog).findByTitle(FRAME);
    const url = frame.getAttribute('src') ?? '';
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox\/retrieve\//);
    expect(frame).toHaveAttribute(
      'sandbox',
      'allow-forms allow-scripts allow-same-origin allow-popups',
    );
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).toHaveAttribute('allow', '');
    expect(root).toHaveAttribute('data-state', 'open');
    expect(env.sent(RETRIEVE)).toHaveLength(1);

    // Loading until the frame's load event.
    const region = frame.closest('[data-slot="frame"]');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByText('Loading the sign-in page…')).toBeInTheDocument();
    await expectNoAxeViolationsAroundFrame(); // loading
    fireEvent.load(frame);
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(within(dialog).queryByText('Loading the sign-in page…')).not.toBeInTheDocument();
    const newTab = within(dialog).getByRole('link', { name: 'Open in a new tab' });
    expect(newTab).toHaveAttribute('href', url);
    expect(newTab).toHaveAttribute('target', '_blank');
    expect(newTab).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolationsAroundFrame(); // open

    await signInToCarrier(url, env.sandbox.sandboxPassword);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(root).toHaveAttribute('data-state', 'completed');
    expect(screen.getByRole('status')).toHaveTextContent('Policy received');
    expect(trigger).toHaveFocus();
    expect(onRetrieved).toHaveBeenCalledTimes(1);
    expect(onRetrieved).toHaveBeenCalledWith(env.sandbox.inspectLoan(loan.id)?.policyIds);
    // Closing by itself with the policy in is neither an exit nor an error.
    expect(onExit).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    await expectNoAxeViolations(); // completed
    expect(env.sent(RETRIEVE)).toHaveLength(1);
  });

  it('keyboard: Enter opens, Escape closes and focus returns to the trigger', async () => {
    const user = userEvent.setup();
    const { env, trigger } = await launcher();
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', DIALOG);
    await within(dialog).findByTitle(FRAME);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    // Opening again shows the retrieval already open rather than starting another.
    await user.keyboard('{Enter}');
    await within(await screen.findByRole('dialog', DIALOG)).findByTitle(FRAME);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(env.sent(RETRIEVE)).toHaveLength(1);
  });

  it('focus starts on the dialog, never in the carrier page, so Escape closes it at once', async () => {
    const user = userEvent.setup();
    const { trigger, onExit } = await launcher();
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', DIALOG);
    await within(dialog).findByTitle(FRAME);
    expect(dialog).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(onExit).toHaveBeenCalledTimes(1);

    // Opened again, the sign-in page is there at once: focus still starts on the dialog.
    await user.click(trigger);
    const again = await screen.findByRole('dialog', DIALOG);
    expect(within(again).getByTitle(FRAME)).not.toHaveFocus();
    expect(again).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onExit).toHaveBeenCalledTimes(2);

    // Tab from the dialog reaches the close button first, above the sign-in page.
    await user.click(trigger);
    await screen.findByRole('dialog', DIALOG);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('onExit: closing the dialog before the policy arrived reports "closed"', async () => {
    const user = userEvent.setup();
    const { env, trigger, onExit, onRetrieved, onError } = await launcher();
    await user.click(trigger);
    const frame = await within(await screen.findByRole('dialog', DIALOG)).findByTitle(FRAME);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(onExit).toHaveBeenLastCalledWith({ reason: 'closed' });
    expect(onError).not.toHaveBeenCalled();

    // The retrieval stays open: a policy that still arrives (from a new tab) is reported.
    await signInToCarrier(frame.getAttribute('src') ?? '', env.sandbox.sandboxPassword);
    await waitFor(() => expect(onRetrieved).toHaveBeenCalledTimes(1));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('onError: a refused start is reported once with its InsuranceError; closing then is "errored"', async () => {
    const user = userEvent.setup();
    const { trigger, onError, onExit } = await launcher({ strict: true });
    mswServer.use(failing('initiatePolicyRetrieval', { status: 503 }));
    await user.click(trigger);
    await within(await screen.findByRole('dialog', DIALOG)).findByRole('alert');
    await waitFor(() => expect(onError).toHaveBeenCalled());
    await flush();
    expect(onError).toHaveBeenCalledTimes(1);
    const [error] = onError.mock.calls[0] ?? [];
    expect(error).toBeInstanceOf(InsuranceError);
    expect(error).toMatchObject({ status: 503 });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onExit).toHaveBeenCalledExactlyOnceWith({ reason: 'errored' });
  });

  it('onError: a rate limit gives the RateLimitedError, an unsafe URL a ServiceError', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { env, trigger, onError } = await launcher();
    mswServer.use(rateLimited('initiatePolicyRetrieval', { retryAfterSeconds: 20 }));
    await user.click(trigger);
    await screen.findByRole('alert');
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(RateLimitedError);
    await act(() => vi.advanceTimersByTimeAsync(20_000));

    env.reinstall();
    mswServer.use(
      http.patch('*/api/insurance/loans/:loanId/retrieve', ({ params }) =>
        HttpResponse.json({ id: params.loanId, retrievalUrl: 'javascript:alert(1)' }),
      ),
    );
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toBeEnabled();
    await user.click(retry);
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    const unsafe = onError.mock.calls[1]?.[0];
    expect(unsafe).toBeInstanceOf(ServiceError);
    expect(unsafe).toMatchObject({ code: 'service_error', serviceCode: 'invalid_response' });
  });

  it('the dialog, in its portal, takes the theme and preset the page chose around the launcher', async () => {
    const user = userEvent.setup();
    const env = setupSandbox();
    const loan = await env.createLoan();
    renderInProvider(
      <main data-lir-preset="high-contrast">
        <section data-lir-theme="dark">
          <PolicyRetrievalLauncher loanId={loan.id} />
        </section>
      </main>,
      env.adapter,
    );
    await user.click(screen.getByRole('button', { name: 'Share my current policy' }));
    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(dialog.closest('main')).toBeNull();
    const overlay = document.querySelector('[data-slot="overlay"]');
    for (const element of [dialog, overlay]) {
      expect(element).toHaveAttribute('data-lir-theme', 'dark');
      expect(element).toHaveAttribute('data-lir-preset', 'high-contrast');
    }
  });

  it('the dialog carries no theme or preset where the page chose none', async () => {
    const user = userEvent.setup();
    const env = setupSandbox();
    const loan = await env.createLoan();
    renderInProvider(<PolicyRetrievalLauncher loanId={loan.id} />, env.adapter);
    await user.click(screen.getByRole('button', { name: 'Share my current policy' }));
    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(dialog).not.toHaveAttribute('data-lir-theme');
    expect(dialog).not.toHaveAttribute('data-lir-preset');
  });

  it('speaks Spanish under an es-US provider', async () => {
    const user = userEvent.setup();
    const env = setupSandbox();
    const loan = await env.createLoan();
    const view = render(
      <InsuranceProvider adapter={env.adapter} locale="es-US">
        <main>
          <PolicyRetrievalLauncher loanId={loan.id} />
        </main>
      </InsuranceProvider>,
    );
    // Nothing shows until the Spanish texts have loaded: never English for a moment.
    expect(view.container).not.toHaveTextContent(/policy|share/i);
    await user.click(await screen.findByRole('button', { name: 'Compartir mi póliza actual' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Comparta su póliza de seguro actual',
    });
    expect(dialog).toHaveAccessibleDescription(/Inicie sesión con su compañía de seguros/);
    const frame = await within(dialog).findByTitle('Inicie sesión con su compañía de seguros');
    expect(within(dialog).getByText('Cargando la página de inicio de sesión…')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Abrir en una pestaña nueva' })).toBeVisible();
    await expectNoAxeViolationsAroundFrame();

    await signInToCarrier(frame.getAttribute('src') ?? '', env.sandbox.sandboxPassword);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Póliza recibida');
    expect(view.container.textContent).not.toMatch(/policy|share/i);
  });

  it('StrictMode: one click sends one retrieval request, onRetrieved is called once', async () => {
    const user = userEvent.setup();
    const { env, onRetrieved, trigger } = await launcher({ strict: true });
    await user.click(trigger);
    const frame = await screen.findByTitle(FRAME);
    expect(env.sent(RETRIEVE)).toHaveLength(1);
    await signInToCarrier(frame.getAttribute('src') ?? '', env.sandbox.sandboxPassword);
    await waitFor(() => expect(onRetrieved).toHaveBeenCalled());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onRetrieved).toHaveBeenCalledTimes(1);
    expect(env.sent(RETRIEVE)).toHaveLength(1);
  });

  it('a refused start shows an error in the dialog, and Try again starts again', async () => {
    const user = userEvent.setup();
    const { env, trigger, root } = await launcher();
    mswServer.use(failing('initiatePolicyRetrieval', { status: 503 }));
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', DIALOG);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('We could not open the sign-in page. Please try again.');
    expect(root).toHaveAttribute('data-state', 'errored');
    expect(within(dialog).queryByTitle(FRAME)).not.toBeInTheDocument();
    await expectNoAxeViolations(); // errored

    env.reinstall();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByTitle(FRAME);
    expect(root).toHaveAttribute('data-state', 'open');
    expect(env.sent(RETRIEVE)).toHaveLength(2);
  });

  it('U8: rate limited, it says when to try again, and Try again waits until then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { env, trigger } = await launcher();
    mswServer.use(rateLimited('initiatePolicyRetrieval', { retryAfterSeconds: 20 }));
    await user.click(trigger);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too many attempts right now. You can try again in 20 seconds.',
    );
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    expect(retry).toBeDisabled();
    await expectNoAxeViolations(); // errored, rate limited
    const sent = env.sent(RETRIEVE).length;

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(retry).toBeEnabled();
    expect(alert).toHaveTextContent('We could not open the sign-in page.');
    env.reinstall();
    await user.click(retry);
    await screen.findByTitle(FRAME);
    expect(env.sent(RETRIEVE)).toHaveLength(sent + 1);
  });

  it('U13: an unsafe retrieval URL never becomes a frame or a link', async () => {
    const user = userEvent.setup();
    const { trigger, root } = await launcher();
    mswServer.use(
      http.patch('*/api/insurance/loans/:loanId/retrieve', ({ params }) =>
        HttpResponse.json({ id: params.loanId, retrievalUrl: 'javascript:alert(1)' }),
      ),
    );
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', DIALOG);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We could not open the sign-in page.',
    );
    expect(root).toHaveAttribute('data-state', 'errored');
    expect(within(dialog).queryByTitle(FRAME)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('javascript:');
  });

  it('takes its texts from the props and the provider messages', async () => {
    const user = userEvent.setup();
    const env = setupSandbox();
    const loan = await env.createLoan();
    const view = renderInProvider(
      <main>
        <PolicyRetrievalLauncher loanId={loan.id} triggerLabel="Use the policy I have" />
      </main>,
      env.adapter,
    );
    expect(screen.getByRole('button', { name: 'Use the policy I have' })).toBeInTheDocument();

    view.unmount();
    render(
      <InsuranceProvider
        adapter={env.adapter}
        messages={{
          'policyRetrievalLauncher.trigger': 'Use my policy',
          'policyRetrievalLauncher.title': 'Your insurance',
          'policyRetrievalLauncher.frameTitle': 'Carrier sign-in',
        }}
      >
        <main>
          <PolicyRetrievalLauncher loanId={loan.id} />
        </main>
      </InsuranceProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Use my policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your insurance' });
    expect(await within(dialog).findByTitle('Carrier sign-in')).toBeInTheDocument();
  });
});
