import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { failing } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { mswServer } from '../support/mswServer.js';
import {
  ANY_CALL,
  callButton,
  MONDAY_830AM_EST,
  renderScheduler,
  SCHEDULE,
  scheduleButton,
  setup,
  TCPA,
  whenReady,
} from './CallSchedulerHarness.js';

const phoneField = () => screen.getByRole('textbox', { name: 'Phone number to call' });
const changeButton = () => screen.getByRole('button', { name: 'Change number' });

describe('CallScheduler and the number an advisor will call', () => {
  it('shows the number the consent was given for, and sends it with the call', async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    expect(screen.getByText('We will call (512) 555-0134')).toBeVisible();
    expect(changeButton()).toHaveAccessibleDescription('We will call (512) 555-0134');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(callButton());
    await screen.findByText('An advisor will call (512) 555-0134 shortly.');
    expect(env.sentBodies.map((r) => r.path)).toEqual(['/call-me-now']);
    expect(env.sentBodies[0]?.body).toMatchObject({ phone: '5125550134' });
    expect(env.sandbox.tasks.map((task) => task.phone)).toEqual(['5125550134']);
  });

  it('shows the number the host gives, formatted', async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root, user } = await renderScheduler(env, { phone: '+1 512.555.0134' });
    await whenReady(root);
    expect(screen.getByText('We will call (512) 555-0134')).toBeVisible();
    await user.click(scheduleButton());
    await screen.findByText(/We will call \(512\) 555-0134\.$/);
    // The consent already names this number: it is not recorded again.
    expect(env.sent(TCPA)).toEqual([]);
    expect(env.bodies).toEqual([expect.objectContaining({ phone: '5125550134' })]);
  });

  it('lets the borrower change the number: a bad one gets a field error and sends nothing', async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(changeButton());
    const field = phoneField();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('(512) 555-0134');
    expect(field).toHaveAttribute('type', 'tel');
    expect(field).toHaveAccessibleDescription('A 10-digit US number, like (555) 123-4567.');

    await user.clear(field);
    await user.type(field, '555-1234');
    await user.click(callButton());
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Enter a 10-digit US phone number, like (555) 123-4567.');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      /Enter a 10-digit US phone number, like \(555\) 123-4567\./,
    );
    expect(field).toHaveFocus();
    expect(root).toHaveAttribute('data-state', 'ready');
    await user.click(scheduleButton());
    expect(env.sent(ANY_CALL)).toEqual([]);
    expect(env.sent(TCPA)).toEqual([]);
    await expectNoAxeViolations();

    // Typing again clears the error.
    await user.type(field, '7');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toBeValid();
  });

  it('records the TCPA consent for a new number before the call, then calls that number', async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(changeButton());
    await user.clear(phoneField());
    await user.type(phoneField(), '(555) 123-4567');
    // The borrower is told, next to the disclosure, that the consent will cover this number.
    expect(phoneField()).toHaveAccessibleDescription(
      'A 10-digit US number, like (555) 123-4567. Your agreement to be contacted will cover this number.',
    );
    expect(
      screen.getByRole('checkbox', { name: /agree to be contacted/ }),
    ).toHaveAccessibleDescription(/at the number I provided/);
    await expectNoAxeViolations();

    await user.click(callButton());
    await screen.findByText('An advisor will call (555) 123-4567 shortly.');
    expect(root).toHaveAttribute('data-state', 'called');
    // The consent first, for the new number; then the call, to it.
    expect(env.sentBodies).toEqual([
      {
        path: '/consent/tcpa',
        body: expect.objectContaining({ termsOfServiceId: 'tcpa_v2', phone: '5551234567' }),
      },
      { path: '/call-me-now', body: expect.objectContaining({ phone: '5551234567' }) },
    ]);
    expect(env.sandbox.inspectLoan(env.loan.id)?.tcpaConsent?.phone).toBe('5551234567');
    expect(env.sandbox.tasks.map((task) => task.phone)).toEqual(['5551234567']);
    await expectNoAxeViolations();
  });

  it('sends no call when the consent for the new number cannot be recorded', async () => {
    const env = await setup(MONDAY_830AM_EST);
    mswServer.use(failing('recordTcpaConsent'));
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(changeButton());
    await user.clear(phoneField());
    await user.type(phoneField(), '555 123 4567');
    await user.click(scheduleButton());
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'error'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'We could not arrange your call. Please try again.',
    );
    expect(env.sent(TCPA)).toHaveLength(1);
    expect(env.sent(ANY_CALL)).toEqual([]);
    await expectNoAxeViolations();

    env.reinstall();
    await user.click(scheduleButton());
    await screen.findByText(/Your call is scheduled for .* We will call \(555\) 123-4567\./);
    expect(env.sent(TCPA)).toHaveLength(2);
    expect(env.sent(SCHEDULE)).toHaveLength(1);
  });

  it('asks for a number when none is known, and records the consent for it', async () => {
    const env = await setup(MONDAY_830AM_EST);
    // A consent recorded without a number (the service's record may leave it out).
    mswServer.use(
      http.get('*/api/insurance/loans/:loanId/consent/tcpa', () =>
        HttpResponse.json({
          recorded: true,
          consent: {
            consent: true,
            termsOfServiceId: 'tcpa_v2',
            consentDateTime: '2026-11-20T15:00:00',
          },
        }),
      ),
    );
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    expect(screen.queryByRole('button', { name: 'Change number' })).not.toBeInTheDocument();
    expect(phoneField()).toHaveValue('');
    expect(phoneField()).toBeRequired();
    await expectNoAxeViolations();

    await user.click(scheduleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the phone number an advisor should call.',
    );
    expect(phoneField()).toHaveFocus();
    expect(env.sent(ANY_CALL)).toEqual([]);
    await expectNoAxeViolations();

    await user.type(phoneField(), '5125550199');
    await user.click(scheduleButton());
    await screen.findByText(/We will call \(512\) 555-0199\./);
    expect(env.sentBodies.map((r) => [r.path, r.body.phone])).toEqual([
      ['/consent/tcpa', '5125550199'],
      ['/schedule-call', '5125550199'],
    ]);
  });

  it('records the consent in place for the number shown', async () => {
    const env = await setup(MONDAY_830AM_EST, { tcpa: false });
    const { root, user } = await renderScheduler(env, { phone: '(555) 123-4567' });
    await user.click(await screen.findByRole('checkbox', { name: /agree to be contacted/i }));
    await whenReady(root);
    expect(env.sandbox.inspectLoan(env.loan.id)?.tcpaConsent?.phone).toBe('5551234567');
    await user.click(callButton());
    await screen.findByText('An advisor will call (555) 123-4567 shortly.');
    // Recorded once, with the checkbox: the call needed no second one.
    expect(env.sent(TCPA)).toHaveLength(1);
  });
});
