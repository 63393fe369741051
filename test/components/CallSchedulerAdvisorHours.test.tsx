import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallScheduler } from '../../src/components/CallScheduler/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import {
  callButton,
  queryCallButton,
  renderScheduler,
  SCHEDULE,
  scheduleButton,
  setup,
  whenReady,
} from './CallSchedulerHarness.js';

// Sunday 2026-11-22, 21:00 in New York: advisors are back on Monday at 8:00.
const SUNDAY_9PM_EST = '2026-11-23T02:00:00Z';
// Monday 2026-11-23, 21:00 in Los Angeles: midnight in New York.
const MONDAY_9PM_PST = '2026-11-24T05:00:00Z';

const hoursText = (root: HTMLElement) =>
  root.querySelector('[data-slot="advisor-hours"]')?.textContent;

describe('CallScheduler and the advisor hours', () => {
  it('shows the advisor hours in the borrower\u2019s time zone', async () => {
    const env = await setup(MONDAY_9PM_PST);
    const { root } = await renderScheduler(env, {
      timeZone: 'America/Los_Angeles',
      now: () => new Date(MONDAY_9PM_PST),
    });
    await whenReady(root);
    expect(
      screen.getByText(
        'Advisors are available Mon–Fri 5 AM – 5 PM and Sat 6 AM – 2 PM (your time).',
      ),
    ).toBeInTheDocument();
  });

  it('at 9 PM, offers no "Call me now" but the next time an advisor can call, and schedules it', async () => {
    const env = await setup(MONDAY_9PM_PST);
    const onScheduled = vi.fn();
    const { root, user } = await renderScheduler(env, {
      timeZone: 'America/Los_Angeles',
      now: () => new Date(MONDAY_9PM_PST),
      onScheduled,
    });
    await whenReady(root);
    expect(queryCallButton()).not.toBeInTheDocument();
    expect(root.querySelector('[data-slot="call-now"]')).toBeNull();
    expect(
      screen.getByText('The next time an advisor can call: Tuesday, November 24 at 5:00 AM'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveDisplayValue(
      'Tuesday, November 24',
    );
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('5:00 AM');
    await expectNoAxeViolations();

    await user.click(scheduleButton());
    await screen.findByText(/Your call is scheduled for Tuesday, November 24 at 5:00 AM PST/);
    // 5:00 PST is 8:00 EST, when the advisors open.
    expect(env.bodies.map((b) => b.scheduledAt)).toEqual(['2026-11-24T13:00:00.000Z']);
    expect(onScheduled).toHaveBeenCalledOnce();
    await expectNoAxeViolations();
  });

  it('on Sunday evening, offers Monday morning and only times inside advisor hours', async () => {
    const env = await setup(SUNDAY_9PM_EST);
    const { root } = await renderScheduler(env, { now: () => new Date(SUNDAY_9PM_EST) });
    await whenReady(root);
    expect(queryCallButton()).not.toBeInTheDocument();
    expect(
      screen.getByText('The next time an advisor can call: Monday, November 23 at 8:00 AM'),
    ).toBeInTheDocument();
    const days = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Day' });
    expect([...days.options].map((o) => o.textContent)).toEqual([
      'Monday, November 23',
      'Tuesday, November 24',
      'Wednesday, November 25',
      'Thursday, November 26',
      'Friday, November 27',
      'Saturday, November 28',
      'Monday, November 30',
    ]);
    const times = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Time' });
    // 8:00 to 19:30: the last call still ends by 20:00.
    expect(times.options).toHaveLength(24);
    expect(times.options[0]).toHaveTextContent('8:00 AM');
    expect(times.options[23]).toHaveTextContent('7:30 PM');
  });

  it('offers "Call me now" inside advisor hours, but not in their last minutes', async () => {
    const env = await setup('2026-11-24T00:40:00Z');
    // Monday 19:40 EST: 20 minutes before closing.
    const view = await renderScheduler(env, { now: () => new Date('2026-11-24T00:40:00Z') });
    await whenReady(view.root);
    expect(callButton()).toBeEnabled();
    expect(view.root.querySelector('[data-slot="next-call"]')).toBeNull();
    view.unmount();

    // Monday 19:50 EST: closing within 15 minutes.
    const late = await renderScheduler(env, { now: () => new Date('2026-11-24T00:50:00Z') });
    await whenReady(late.root);
    expect(queryCallButton()).not.toBeInTheDocument();
    expect(
      screen.getByText('The next time an advisor can call: Tuesday, November 24 at 8:00 AM'),
    ).toBeInTheDocument();
  });

  it('offers "Call me now" once the advisors open, without a reload', async () => {
    // Monday 7:59 EST on the page's own clock (the default `now`).
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-23T12:59:00Z') });
    const env = await setup('2026-11-23T12:59:00Z');
    const { root } = await renderScheduler(env, { now: undefined });
    await whenReady(root);
    expect(queryCallButton()).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(61_000);
    await waitFor(() => expect(callButton()).toBeEnabled());
    expect(root.querySelector('[data-slot="next-call"]')).toBeNull();
  });

  it('follows the host\u2019s advisor hours, in the advisors\u2019 own zone', async () => {
    const env = await setup(SUNDAY_9PM_EST);
    const { root } = await renderScheduler(env, {
      now: () => new Date(SUNDAY_9PM_EST),
      callNowCutoffMinutes: 30,
      advisorHours: {
        timeZone: 'America/Chicago',
        days: { mon: { open: '10:00', close: '12:00' }, wed: { open: '13:30', close: '15:00' } },
      },
    });
    await whenReady(root);
    expect(hoursText(root)).toBe(
      'Advisors are available Mon 11 AM – 1 PM and Wed 2:30 PM – 4 PM (your time).',
    );
    const days = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Day' });
    expect([...days.options].map((o) => o.textContent)).toContain('Wednesday, November 25');
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('11:00 AM');
    expect(
      screen.getByText('The next time an advisor can call: Monday, November 23 at 11:00 AM'),
    ).toBeInTheDocument();
  });

  it('says so when no call times are left, and sends nothing', async () => {
    const env = await setup(SUNDAY_9PM_EST);
    const { root, user } = await renderScheduler(env, {
      now: () => new Date(SUNDAY_9PM_EST),
      advisorHours: { timeZone: 'America/New_York', days: {} },
    });
    await whenReady(root);
    expect(screen.getByText('No call times are available in the coming days.')).toBeVisible();
    expect(hoursText(root)).toBeUndefined();
    expect(queryCallButton()).not.toBeInTheDocument();
    expect(scheduleButton()).toBeDisabled();
    await user.click(scheduleButton());
    expect(env.sent(SCHEDULE)).toEqual([]);
    await expectNoAxeViolations();
  });

  it('refuses advisor hours it cannot read with a RangeError naming the field', async () => {
    const env = await setup(SUNDAY_9PM_EST);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <InsuranceProvider adapter={env.adapter}>
          <CallScheduler
            loanId={env.loan.id}
            lenderName="Acme Bank"
            termsOfServiceId="tcpa_v2"
            advisorHours={{
              timeZone: 'America/New_York',
              days: { mon: { open: '8', close: '17:00' } },
            }}
          />
        </InsuranceProvider>,
      ),
    ).toThrow(
      new RangeError(
        'advisorHours.days.mon.open must be a 24-hour time written HH:MM, such as "08:00" (got "8")',
      ),
    );
    quiet.mockRestore();
  });
});
