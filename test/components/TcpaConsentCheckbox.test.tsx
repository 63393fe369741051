import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TcpaConsentCheckbox } from '../../src/components/TcpaConsentCheckbox/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { createSandboxClock } from '../../src/testing/index.js';
import { failing, pending, rateLimited } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { renderInProvider, setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const RECORD = /^POST \/loans\/[^/]+\/consent\/tcpa$/;
const LENDER = 'Acme Bank';

async function setup(options: { tcpa?: boolean } = {}) {
  const env = setupSandbox();
  const loan = await env.createLoan({}, { tcpa: options.tcpa ?? false });
  return { env, loan };
}

function renderCheckbox(
  env: ReturnType<typeof setupSandbox>,
  loanId: string,
  props: Partial<Parameters<typeof TcpaConsentCheckbox>[0]> = {},
) {
  // A page puts the component in a landmark (axe's `region` rule checks the whole page).
  return renderInProvider(
    <main>
      <TcpaConsentCheckbox
        loanId={loanId}
        lenderName={LENDER}
        termsOfServiceId="tcpa_v2"
        {...props}
      />
    </main>,
    env.adapter,
  );
}

const root = (container: HTMLElement) =>
  container.querySelector('.lir-TcpaConsentCheckbox') as HTMLElement;

describe('TcpaConsentCheckbox', () => {
  it('starts unchecked, labelled, with the full disclosure naming the lender as its description', async () => {
    const { env, loan } = await setup();
    const { container } = renderCheckbox(env, loan.id, { className: 'host-class' });
    const checkbox = screen.getByRole('checkbox', { name: /I agree to be contacted/ });
    await waitFor(() => expect(checkbox).toBeEnabled());
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleDescription(
      /Acme Bank and its insurance partner's licensed advisors may call or text/,
    );
    expect(checkbox).toHaveAccessibleDescription(/automated technology and prerecorded messages/);
    expect(checkbox).toHaveAccessibleDescription(/not a condition of purchase/);
    expect(checkbox).toHaveAccessibleDescription(/Message and data rates may apply/);
    expect(checkbox).toHaveAccessibleDescription(/revoke consent at any time/);
    expect(root(container)).toHaveAttribute('data-state', 'unchecked');
    expect(root(container)).toHaveClass('lir-root', 'lir-TcpaConsentCheckbox', 'host-class');
    expect(env.sent(RECORD)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('records consent with the terms version and contact details when Space checks it', async () => {
    const user = userEvent.setup();
    const { env, loan } = await setup();
    const onRecorded = vi.fn();
    const { container } = renderCheckbox(env, loan.id, {
      email: 'jane@example.com',
      phone: '5555550123',
      onRecorded,
    });
    const checkbox = screen.getByRole('checkbox');
    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.tab();
    expect(checkbox).toHaveFocus();
    await user.keyboard(' ');

    expect(await screen.findByText(/Consent recorded on/)).toBeInTheDocument();
    expect(root(container)).toHaveAttribute('data-state', 'recorded');
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(/To revoke consent, reply STOP/);
    expect(env.sent(RECORD)).toHaveLength(1);
    const stored = env.sandbox.inspectLoan(loan.id)?.tcpaConsent;
    expect(stored).toMatchObject({
      termsOfServiceId: 'tcpa_v2',
      email: 'jane@example.com',
      phone: '5555550123',
    });
    expect(onRecorded).toHaveBeenCalledOnce();
    expect(onRecorded).toHaveBeenCalledWith(
      expect.objectContaining({ termsOfServiceId: 'tcpa_v2' }),
    );
    await expectNoAxeViolations();
  });

  it('shows the recording state, disabled, while the request is in flight', async () => {
    const user = userEvent.setup();
    const { env, loan } = await setup();
    mswServer.use(pending('recordTcpaConsent'));
    const { container } = renderCheckbox(env, loan.id);
    const checkbox = screen.getByRole('checkbox');
    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.click(checkbox);

    await waitFor(() => expect(root(container)).toHaveAttribute('data-state', 'recording'));
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Recording your consent…');
    await expectNoAxeViolations();
  });

  it('starts recorded, without recording again, when consent was already given', async () => {
    const user = userEvent.setup();
    const { env, loan } = await setup({ tcpa: true });
    const { container } = renderCheckbox(env, loan.id);
    expect(await screen.findByText(/Consent recorded on/)).toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox');
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(root(container)).toHaveAttribute('data-state', 'recorded');
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(env.sent(RECORD)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('alerts on a failure and records on "Try again" (Enter), in Tab order after the checkbox', async () => {
    const user = userEvent.setup();
    const { env, loan } = await setup();
    mswServer.use(failing('recordTcpaConsent'));
    const { container } = renderCheckbox(env, loan.id);
    const checkbox = screen.getByRole('checkbox');
    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.click(checkbox);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not record your consent. Please try again.',
    );
    expect(root(container)).toHaveAttribute('data-state', 'error');
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toBeEnabled();
    await expectNoAxeViolations();

    env.reinstall();
    await user.tab();
    expect(checkbox).toHaveFocus();
    await user.tab();
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Consent recorded on/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(env.sent(RECORD)).toHaveLength(2);
  });

  it('when rate limited, says when to try again and keeps "Try again" disabled until then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { env, loan } = await setup();
    mswServer.use(rateLimited('recordTcpaConsent', { retryAfterSeconds: 20 }));
    const { container } = renderCheckbox(env, loan.id);
    const checkbox = screen.getByRole('checkbox');
    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.click(checkbox);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Too many attempts\. You can try again after .*\d{1,2}:\d{2}/,
    );
    expect(root(container)).toHaveAttribute('data-state', 'error');
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toBeDisabled();
    await expectNoAxeViolations();

    await vi.advanceTimersByTimeAsync(21_000);
    await waitFor(() => expect(retry).toBeEnabled());
    expect(env.sent(RECORD)).toHaveLength(1);
  });

  it("formats the record's UTC date in the provider's locale", async () => {
    const env = setupSandbox({
      clock: createSandboxClock({ auto: false, start: Date.UTC(2026, 10, 22, 12, 30) }),
    });
    const loan = await env.createLoan({}, { tcpa: true });
    render(
      <InsuranceProvider adapter={env.adapter} locale="en-GB">
        <main>
          <TcpaConsentCheckbox loanId={loan.id} lenderName={LENDER} termsOfServiceId="tcpa_v2" />
        </main>
      </InsuranceProvider>,
    );
    // en-GB puts the day first; the record's time is UTC (the test runs in UTC).
    expect(await screen.findByText(/^Consent recorded on 22 Nov 2026,? 12:30/)).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('takes its texts from the provider and a disclosure from the host', async () => {
    const { env, loan } = await setup();
    render(
      <InsuranceProvider
        adapter={env.adapter}
        messages={{ 'tcpaConsentCheckbox.label': 'Yes, you may call me' }}
      >
        <main>
          <TcpaConsentCheckbox
            loanId={loan.id}
            lenderName={LENDER}
            termsOfServiceId="tcpa_v9"
            disclosure={<span>Custom disclosure v9</span>}
          />
        </main>
      </InsuranceProvider>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Yes, you may call me' });
    expect(checkbox).toHaveAccessibleDescription('Custom disclosure v9');
    expect(screen.queryByText(/licensed advisors/)).not.toBeInTheDocument();
    await waitFor(() => expect(checkbox).toBeEnabled());
    await expectNoAxeViolations();
  });

  it('U2: renders a lender name with markup as text', async () => {
    const { env, loan } = await setup();
    const name = '<img src=x onerror=alert(1)>';
    const { container } = renderCheckbox(env, loan.id, { lenderName: name });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      new RegExp(`^By checking this box, I agree that ${name.replace(/[()]/g, '\\$&')} and`),
    );
    await waitFor(() => expect(screen.getByRole('checkbox')).toBeEnabled());
  });
  it('speaks Spanish under an es-US provider, the disclosure naming the lender', async () => {
    const user = userEvent.setup();
    const { env, loan } = await setup();
    const { container } = render(
      <InsuranceProvider adapter={env.adapter} locale="es-US">
        <main>
          <TcpaConsentCheckbox loanId={loan.id} lenderName={LENDER} termsOfServiceId="tcpa_v2_es" />
        </main>
      </InsuranceProvider>,
    );
    // Nothing shows until the Spanish texts have loaded: never English for a moment.
    expect(container).not.toHaveTextContent(/agree/i);
    const checkbox = await screen.findByRole('checkbox', {
      name: 'Acepto que me contacten sobre seguros de vivienda',
    });
    expect(checkbox).toHaveAccessibleDescription(
      /^Al marcar esta casilla, acepto que Acme Bank y los asesores con licencia/,
    );
    expect(checkbox).toHaveAccessibleDescription(/al número que proporcioné/);
    expect(checkbox).toHaveAccessibleDescription(/no es una condición de compra/);
    await waitFor(() => expect(checkbox).toBeEnabled());
    await expectNoAxeViolations();

    await user.click(checkbox);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        /^Consentimiento registrado el .*Para revocar su consentimiento, responda STOP/,
      ),
    );
    expect(root(container)).toHaveAttribute('data-state', 'recorded');
    expect(env.sandbox.inspectLoan(loan.id)?.tcpaConsent?.termsOfServiceId).toBe('tcpa_v2_es');
    await expectNoAxeViolations();
  });

  it('in Spanish, alerts on a failure with "Intentar de nuevo"', async () => {
    const user = userEvent.setup();
    const { env, loan } = await setup();
    mswServer.use(failing('recordTcpaConsent'));
    render(
      <InsuranceProvider adapter={env.adapter} locale="es-US">
        <main>
          <TcpaConsentCheckbox loanId={loan.id} lenderName={LENDER} termsOfServiceId="tcpa_v2_es" />
        </main>
      </InsuranceProvider>,
    );
    const checkbox = await screen.findByRole('checkbox');
    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.click(checkbox);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos registrar su consentimiento. Inténtelo de nuevo.',
    );
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
    await expectNoAxeViolations();
  });
});
