import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdvisorHours } from '../../src/components/CallScheduler/index.js';
import { createInsuranceQueryClient } from '../../src/hooks/index.js';
import { failing, pending, rateLimited } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { mswServer } from '../support/mswServer.js';
import { serverRendered } from '../support/serverRendered.js';
import {
  ANY_CALL,
  CALL,
  callButton,
  MONDAY_7AM_EST,
  MONDAY_830AM_EST,
  renderScheduler,
  SCHEDULE,
  scheduleButton,
  schedulerPage,
  setup,
  shownRoot,
  TCPA,
  whenReady,
} from './CallSchedulerHarness.js';

// The older form of hours: 9 to 5 on weekdays in the borrower's zone.
const OFFICE_HOURS = { businessHours: { start: 9, end: 17 }, weekdaysOnly: true };

describe('CallScheduler', () => {
  it('without TCPA consent, disables both actions with the reason and sends nothing on click', async () => {
    const env = await setup(MONDAY_830AM_EST, { tcpa: false });
    const { root, user } = await renderScheduler(env);
    await screen.findByRole('checkbox', { name: /agree to be contacted/i });
    expect(root).toHaveAttribute('data-state', 'consentRequired');
    for (const button of [scheduleButton(), callButton()]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        'To schedule a call or be called now, first agree to be contacted.',
      );
      await user.click(button);
    }
    expect(env.sent(ANY_CALL)).toEqual([]);
    await expectNoAxeViolations();
  });

  it('server-rendered with the consent already known, cannot be submitted until React has hydrated it', async () => {
    const env = await setup(MONDAY_7AM_EST);
    // A host that prefetched into its own query client: the server knows the loan's consent.
    const queryClient = createInsuranceQueryClient();
    const page = schedulerPage(env, { now: () => new Date(MONDAY_7AM_EST) }, { queryClient });
    const prefetch = render(page);
    await whenReady(await shownRoot(prefetch.container));
    prefetch.unmount();
    const markup = serverRendered(page);
    // Consent known and the next slot chosen: only the missing hydration holds the button.
    expect(scheduleButton()).toBeDisabled();
    markup.hydrate();
    await waitFor(() => expect(scheduleButton()).toBeEnabled());
    await userEvent.setup().click(scheduleButton());
    await waitFor(() => expect(env.sent(SCHEDULE)).toHaveLength(1));
  });
  it('records the consent when the checkbox is checked, then enables both actions', async () => {
    const env = await setup(MONDAY_830AM_EST, { tcpa: false });
    const { root, user } = await renderScheduler(env);
    await user.click(await screen.findByRole('checkbox', { name: /agree to be contacted/i }));
    await whenReady(root);
    expect(env.sent(TCPA)).toHaveLength(1);
    expect(env.sandbox.inspectLoan(env.loan.id)?.tcpaConsent?.termsOfServiceId).toBe('tcpa_v2');
    expect(scheduleButton()).toBeEnabled();
    expect(callButton()).toBeEnabled();
    expect(scheduleButton()).not.toHaveAccessibleDescription();
    // The consent stays in view, checked, so focus and its confirmation are not lost.
    expect(screen.getByRole('checkbox', { name: /agree to be contacted/i })).toBeChecked();
    await expectNoAxeViolations();
  });

  it('shows the time zone the times are in', async () => {
    const env = await setup(MONDAY_830AM_EST);
    await renderScheduler(env);
    expect(screen.getByText('Times in Eastern Time (America/New_York)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveAccessibleDescription(
      'Times in Eastern Time (America/New_York)',
    );
  });

  it("offers times in the browser's zone when none is given", async () => {
    const env = await setup(MONDAY_830AM_EST);
    await renderScheduler(env, { timeZone: undefined });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(new RegExp(`^Times in .+ \\(${zone}\\)$`))).toBeInTheDocument();
  });

  it('offers business days in the zone, from the first slot past the lead time (businessHours)', async () => {
    const env = await setup(MONDAY_7AM_EST);
    await renderScheduler(env, { ...OFFICE_HOURS, now: () => new Date(MONDAY_7AM_EST) });
    const dates = within(screen.getByRole('combobox', { name: 'Day' })).getAllByRole('option');
    expect(dates.map((o) => o.textContent)).toEqual([
      'Monday, November 23',
      'Tuesday, November 24',
      'Wednesday, November 25',
      'Thursday, November 26',
      'Friday, November 27',
      'Monday, November 30',
      'Tuesday, December 1',
    ]);
    const times = within(screen.getByRole('combobox', { name: 'Time' })).getAllByRole('option');
    // 07:00 EST + 120 min = 09:00 EST: the first slot; 16:30 is the last one ending by 17:00.
    expect(times).toHaveLength(16);
    expect(times[0]).toHaveTextContent('9:00 AM');
    expect(times.at(-1)).toHaveTextContent('4:30 PM');
  });

  it('schedules the chosen slot with the keyboard: one request with its instant in UTC', async () => {
    const env = await setup(MONDAY_830AM_EST);
    const onScheduled = vi.fn();
    const { root, user } = await renderScheduler(env, { onScheduled });
    await whenReady(root);
    await expectNoAxeViolations();

    await user.tab(); // the number to call
    expect(screen.getByRole('button', { name: 'Change number' })).toHaveFocus();
    await user.tab(); // day
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveFocus();
    await user.tab(); // time
    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(time).toHaveFocus();
    await user.selectOptions(time, '10:30 AM');
    await user.tab();
    expect(scheduleButton()).toHaveFocus();
    await user.keyboard('{Enter}');

    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Your call is scheduled for Monday, November 23 at 10:30 AM EST',
      ),
    );
    expect(root).toHaveAttribute('data-state', 'scheduled');
    expect(status).toHaveFocus();
    expect(env.sent(SCHEDULE)).toHaveLength(1);
    // 10:30 EST is 15:30 UTC.
    expect(env.bodies).toEqual([
      expect.objectContaining({
        scheduledAt: '2026-11-23T15:30:00.000Z',
        timeZone: 'America/New_York',
        phone: '5125550134',
      }),
    ]);
    expect(env.sandbox.tasks).toHaveLength(1);
    expect(onScheduled).toHaveBeenCalledWith(
      expect.objectContaining({ success: true, scheduledAt: '2026-11-23T15:30:00.000Z' }),
    );
    await expectNoAxeViolations();
  });

  it('moves to the next business day when the lead time passes closing time (businessHours)', async () => {
    // Friday 2026-11-27 16:00 EST: +120 min is past 17:00, and the weekend is skipped.
    const now = '2026-11-27T21:00:00Z';
    const env = await setup(now);
    const { root, user } = await renderScheduler(env, {
      ...OFFICE_HOURS,
      now: () => new Date(now),
    });
    await whenReady(root);
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveDisplayValue('Monday, November 30');
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('9:00 AM');
    await user.click(scheduleButton());
    await screen.findByText(/Your call is scheduled for Monday, November 30 at 9:00 AM EST/);
    expect(env.bodies.map((b) => b.scheduledAt)).toEqual(['2026-11-30T14:00:00.000Z']);
  });

  it('converts wall-clock slots with the offset of their own day across the DST change', async () => {
    // Friday 2027-03-12 15:00 EST; New York moves to EDT (UTC-4) on Sunday 2027-03-14.
    const now = '2027-03-12T20:00:00Z';
    const env = await setup(now);
    // Advisors every day from 9 to 5, so Sunday, the day of the change, is offered.
    const everyDay = { open: '09:00', close: '17:00' };
    const advisorHours: AdvisorHours = {
      timeZone: 'America/New_York',
      days: {
        mon: everyDay,
        tue: everyDay,
        wed: everyDay,
        thu: everyDay,
        fri: everyDay,
        sat: everyDay,
        sun: everyDay,
      },
    };
    const { root, user } = await renderScheduler(env, { now: () => new Date(now), advisorHours });
    await whenReady(root);
    const day = screen.getByRole('combobox', { name: 'Day' });
    expect(
      within(day)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .slice(0, 3),
    ).toEqual(['Saturday, March 13', 'Sunday, March 14', 'Monday, March 15']);
    await user.selectOptions(day, 'Sunday, March 14');
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('9:00 AM');
    await user.click(scheduleButton());
    await screen.findByText(/Your call is scheduled for Sunday, March 14 at 9:00 AM EDT/);
    // 09:00 EDT is 13:00 UTC (09:00 EST, the day before, would be 14:00 UTC).
    expect(env.bodies.map((b) => b.scheduledAt)).toEqual(['2027-03-14T13:00:00.000Z']);
  });

  it('asks for a call now once, however often it is clicked', async () => {
    const env = await setup(MONDAY_830AM_EST);
    mswServer.use(
      http.post('*/api/insurance/loans/:loanId/call-me-now', async ({ request }) => {
        await delay(50);
        return env.bff.handler(request);
      }),
    );
    const onCalled = vi.fn();
    const { root, user } = await renderScheduler(env, { onCalled });
    await whenReady(root);
    await user.dblClick(callButton());
    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('An advisor will call (512) 555-0134 shortly.'),
    );
    expect(root).toHaveAttribute('data-state', 'called');
    expect(env.sent(CALL)).toHaveLength(1);
    expect(env.sent(SCHEDULE)).toHaveLength(0);
    expect(onCalled).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });

  it('shows scheduling as busy and disables both actions meanwhile', async () => {
    const env = await setup(MONDAY_830AM_EST);
    mswServer.use(pending('scheduleCall'));
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(scheduleButton());
    const busy = await screen.findByRole('button', { name: 'Scheduling…' });
    expect(root).toHaveAttribute('data-state', 'scheduling');
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(callButton()).toBeDisabled();
    await user.click(busy);
    expect(env.sent(ANY_CALL)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('shows calling as busy and disables both actions meanwhile', async () => {
    const env = await setup(MONDAY_830AM_EST);
    mswServer.use(pending('callMeNow'));
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(callButton());
    const busy = await screen.findByRole('button', { name: 'Calling…' });
    expect(root).toHaveAttribute('data-state', 'calling');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(scheduleButton()).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('says when to try again after a rate limit, with the actions disabled until then', async () => {
    const env = await setup(MONDAY_830AM_EST);
    mswServer.use(rateLimited('scheduleCall', { retryAfterSeconds: 60 }));
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(scheduleButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^Too many requests\. You can try again after \d{1,2}:\d{2} [AP]M\.$/,
    );
    expect(root).toHaveAttribute('data-state', 'error');
    expect(scheduleButton()).toBeDisabled();
    expect(callButton()).toBeDisabled();
    expect(env.sent(SCHEDULE)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('announces a failure as an alert and lets the borrower try again', async () => {
    const env = await setup(MONDAY_830AM_EST);
    mswServer.use(failing('scheduleCall'));
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(scheduleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not arrange your call. Please try again.',
    );
    expect(root).toHaveAttribute('data-state', 'error');
    expect(scheduleButton()).toBeEnabled();
    await expectNoAxeViolations();

    env.reinstall();
    await user.click(scheduleButton());
    await screen.findByText(/Your call is scheduled for/);
    expect(root).toHaveAttribute('data-state', 'scheduled');
  });

  it("shows the service's field error next to the time field", async () => {
    const env = await setup(MONDAY_830AM_EST);
    // The service's clock is a day ahead: the chosen time is already past there.
    await env.sandbox.advance(24 * 3600 * 1000);
    const { root, user } = await renderScheduler(env);
    await whenReady(root);
    await user.click(scheduleButton());
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Call time must be in the future');
    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(time).toBeInvalid();
    expect(time).toHaveAccessibleDescription(/Call time must be in the future/);
    expect(root).toHaveAttribute('data-state', 'error');
    await expectNoAxeViolations();
  });

  it("merges the host's className and marks its parts", async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root } = await renderScheduler(env, { className: 'host-class' });
    await whenReady(root);
    expect(root).toHaveClass('lir-root', 'lir-CallScheduler', 'host-class');
    for (const slot of [
      'form',
      'phone',
      'phone-number',
      'change-phone',
      'date',
      'time',
      'time-zone',
      'advisor-hours',
      'schedule',
      'call-now',
      'status',
    ])
      expect(root.querySelector(`[data-slot="${slot}"]`)).not.toBeNull();
  });

  it("uses the provider's messages and formats in its locale (en-GB)", async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root, user } = await renderScheduler(
      env,
      {},
      {
        locale: 'en-GB',
        messages: {
          'callScheduler.schedule': 'Book the call',
          'callScheduler.timeZone': 'All times: {zoneName}',
          'callScheduler.scheduled': 'Booked: {dateTime}',
        },
      },
    );
    await whenReady(root);
    expect(screen.getByText('All times: Eastern Time')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveDisplayValue('Monday 23 November');
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('10:30');
    await user.click(screen.getByRole('button', { name: 'Book the call' }));
    await screen.findByText('Booked: Monday 23 November at 10:30 GMT-5');
  });
  it('speaks Spanish under an es-US provider: labels, hours, the number, the outcome', async () => {
    const env = await setup(MONDAY_830AM_EST);
    const { root, user } = await renderScheduler(env, {}, { locale: 'es-US' });
    await whenReady(root);
    expect(screen.getByRole('form', { name: 'Hable con un asesor de seguros' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Día' })).toHaveDisplayValue(
      'lunes, 23 de noviembre',
    );
    expect(screen.getByRole('combobox', { name: 'Hora' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cambiar número' })).toHaveAccessibleDescription(
      'Le llamaremos al (512) 555-0134',
    );
    expect(
      screen.getByText(
        'Los asesores están disponibles lun a vie de 8 a.m. a 8 p.m. y sáb de 9 a.m. a 5 p.m. (en su hora local).',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Programar llamada' })).toBeEnabled();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Llámenme ahora' }));
    // The status region is there before its message (a live region announces what is added).
    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Un asesor le llamará al (512) 555-0134 en breve.'),
    );
  });

  it('in Spanish, outside advisor hours, offers the next time an advisor can call', async () => {
    const env = await setup(MONDAY_7AM_EST);
    const { root } = await renderScheduler(
      env,
      { now: () => new Date(MONDAY_7AM_EST) },
      { locale: 'es-US' },
    );
    await whenReady(root);
    expect(screen.queryByRole('button', { name: 'Llámenme ahora' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'La próxima hora en que un asesor puede llamarle: lunes, 23 de noviembre, 9:00 a.m.',
      ),
    ).toBeVisible();
  });
});
