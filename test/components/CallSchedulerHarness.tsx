import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, onTestFinished } from 'vitest';
import type { CallSchedulerProps } from '../../src/components/CallScheduler/index.js';
import { CallScheduler } from '../../src/components/CallScheduler/index.js';
import type { InsuranceMessages } from '../../src/hooks/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { createSandboxClock } from '../../src/testing/index.js';
import { setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

export const SCHEDULE = /^POST \/loans\/[^/]+\/schedule-call$/;
export const CALL = /^POST \/loans\/[^/]+\/call-me-now$/;
export const ANY_CALL = /^POST \/loans\/[^/]+\/(schedule-call|call-me-now)$/;
export const TCPA = /^POST \/loans\/[^/]+\/consent\/tcpa$/;

// Monday 2026-11-23, 07:00 in New York (EST, UTC-5): before the advisors open at 8:00.
export const MONDAY_7AM_EST = '2026-11-23T12:00:00Z';
// Monday 2026-11-23, 08:30 in New York: advisors are in.
export const MONDAY_830AM_EST = '2026-11-23T13:30:00Z';

/** The number of the sample application's borrower, which its TCPA consent names. */
export const BORROWER_PHONE = '512-555-0134';

/**
 * A sandbox whose clock reads `now` (so the fixed slots lie in its future whenever the test
 * runs), a loan with or without TCPA consent, and the bodies of the call and consent requests
 * sent (`bodies` holds the schedule requests', as before).
 */
export async function setup(now: string, { tcpa = true } = {}) {
  const env = setupSandbox({ clock: createSandboxClock({ auto: false, start: Date.parse(now) }) });
  const loan = await env.createLoan({}, { tcpa });
  const bodies: Array<Record<string, unknown>> = [];
  const sentBodies: Array<{ path: string; body: Record<string, unknown> }> = [];
  const onStart = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST') return;
    const path = new URL(request.url).pathname.replace(/^.*\/loans\/[^/]+/, '');
    const body = await request
      .clone()
      .json()
      .catch(() => ({}));
    sentBodies.push({ path, body });
    if (path === '/schedule-call') bodies.push(body);
  };
  mswServer.events.on('request:start', onStart);
  onTestFinished(() => {
    mswServer.events.removeListener('request:start', onStart);
  });
  return { ...env, loan, bodies, sentBodies };
}

export type SchedulerEnv = Awaited<ReturnType<typeof setup>>;

/** The scheduler for the sandbox's loan, inside a provider (with the host's `queryClient`, if any). */
export function schedulerPage(
  env: SchedulerEnv,
  props: Partial<CallSchedulerProps> = {},
  {
    messages,
    locale,
    queryClient,
  }: { messages?: InsuranceMessages; locale?: string; queryClient?: QueryClient } = {},
) {
  return (
    <InsuranceProvider
      adapter={env.adapter}
      messages={messages}
      locale={locale}
      {...(queryClient ? { queryClient } : {})}
    >
      <main>
        <CallScheduler
          loanId={env.loan.id}
          lenderName="Acme Bank"
          termsOfServiceId="tcpa_v2"
          timeZone="America/New_York"
          now={() => new Date(MONDAY_830AM_EST)}
          {...props}
        />
      </main>
    </InsuranceProvider>
  );
}

/** The scheduler rendered, once its content shows (its code is a chunk of its own). */
export async function renderScheduler(
  env: SchedulerEnv,
  props: Partial<CallSchedulerProps> = {},
  options: { messages?: InsuranceMessages; locale?: string } = {},
) {
  const view = render(schedulerPage(env, props, options));
  const root = await shownRoot(view.container);
  return { ...view, root, user: userEvent.setup() };
}

export const scheduleButton = () =>
  screen.getByRole('button', { name: /schedule call|scheduling/i });
export const callButton = () => screen.getByRole('button', { name: /call me now|calling/i });
export const queryCallButton = () => screen.queryByRole('button', { name: /call me now/i });

/**
 * The scheduler's root once its content shows. Until its code (and, in a language other than
 * English, its texts) have loaded, its root stands in, empty and busy: never English for a moment.
 */
export async function shownRoot(container: HTMLElement): Promise<HTMLElement> {
  const standIn = container.querySelector('.lir-CallScheduler[aria-busy="true"]');
  if (standIn) expect(standIn).toBeEmptyDOMElement();
  return waitFor(() => {
    const root = container.querySelector<HTMLElement>('.lir-CallScheduler:not([aria-busy="true"])');
    expect(root).not.toBeNull();
    return root as HTMLElement;
  });
}

export async function whenReady(root: HTMLElement) {
  await waitFor(() => expect(root).toHaveAttribute('data-state', 'ready'));
}
