import { act, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHttpAdapter, InsuranceProvider, QuoteCards, ShopProgress } from '../../src/index.js';
import { createSandboxService } from '../../src/testing/index.js';
import { createInsuranceHandlers } from '../../src/testing/msw/index.js';

// A manual clock: quoting waits for `advance`, however long the test takes.
const sandbox = createSandboxService({ clock: 'manual' });
const server = setupServer(...createInsuranceHandlers({ sandbox }).handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.dispose();
});

it('shows the quotes once the sandbox has quoted', async () => {
  const loan = await sandbox.seedLoan(); // a valid application, consent recorded
  render(
    <InsuranceProvider adapter={createHttpAdapter()}>
      <ShopProgress loanId={loan.id} autoStart />
      <QuoteCards loanId={loan.id} />
    </InsuranceProvider>,
  );
  expect(await screen.findByRole('progressbar')).toBeTruthy();

  await sandbox.whenQuoting(loan.id); // the shop request has reached the sandbox
  await act(() => sandbox.advance(45_000)); // quoting takes 30-45 s of sandbox time

  expect(await screen.findByText('Your quotes are ready')).toBeTruthy();
  expect(await screen.findAllByRole('radio')).toHaveLength(3);
});
