import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import { PolicyDocuments } from '../../src/components/PolicyDocuments/index.js';
import { QuoteCards } from '../../src/components/QuoteCards/index.js';
import { ShopProgress } from '../../src/components/ShopProgress/index.js';
import type { Policy, QuoteDisplay } from '../../src/core/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import type { InsuranceBff } from '../../src/server/index.js';
import { createStandInBff } from '../contract/createStandInBff.js';
import { ratedLoan } from '../contract/ratedLoan.js';
import type { ServiceFixture } from '../contract/serviceFixtures.js';
import { fixtureOf, loadServiceFixtures } from '../contract/serviceFixtures.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { mswServer } from '../support/mswServer.js';

// Contract, part 3: the components show what the service's documented answers say, through the
// real service client and BFF (in the page's process, behind MSW) and a stand-in service that
// answers exactly the bodies of test/fixtures/service.

const BASE = '/api/insurance';
const fixtures = loadServiceFixtures();
const canonical = fixtures.filter((f) => !f.file.includes('/'));
const of = (operation: ServiceFixture['operation']) =>
  fixtures.filter((f) => f.operation === operation);

let bff: InsuranceBff | undefined;
afterEach(async () => {
  await bff?.close();
  bff = undefined;
});

/** The page's adapter, the BFF and the stand-in behind it, answering `extra` over the defaults. */
function stack(...extra: ServiceFixture[]) {
  // At the defaults (no documentHosts): the fixtures' documents are on a CDN host, not the
  // service's, as production's are, and they pass because that host is public.
  const made = createStandInBff([...canonical, ...extra]);
  bff = made.bff;
  const handler = made.bff.handler;
  mswServer.use(http.all(`*${BASE}/*`, ({ request }) => handler(request)));
  return { standIn: made.standIn, adapter: createHttpAdapter({ baseUrl: BASE }) };
}

function renderWith(adapter: ReturnType<typeof stack>['adapter'], ui: ReactNode) {
  return render(ui, {
    wrapper: ({ children }: { children?: ReactNode }) => (
      <main>
        <InsuranceProvider adapter={adapter}>{children}</InsuranceProvider>
      </main>
    ),
  });
}

describe.each(of('getQuoteDisplay'))('QuoteCards with $file', (fixture) => {
  it('shows every display quote by carrier, and the selected one chosen', async () => {
    const loanId = fixture.params.loanId as string;
    const { adapter } = stack(ratedLoan(loanId), fixture);
    const display = (await adapter.getQuoteDisplay(loanId)) as QuoteDisplay;
    const { container } = renderWith(adapter, <QuoteCards loanId={loanId} />);
    const group = await screen.findByRole('group', { name: 'Choose your home insurance quote' });
    const radios = await within(group).findAllByRole('radio');
    expect(radios).toHaveLength(display.quotes.length);
    for (const quote of display.quotes) {
      if (quote.carrierName) expect(group).toHaveTextContent(quote.carrierName);
    }
    const checked = radios.filter((r) => (r as HTMLInputElement).checked);
    expect(checked.map((r) => (r as HTMLInputElement).value)).toEqual(
      display.selectedQuoteId ? [display.selectedQuoteId] : [],
    );
    await expectNoAxeViolations(container);
  }, 20_000);
});

const COVERAGE_NAMES: Record<string, string> = {
  a: 'Dwelling (Coverage A)',
  b: 'Other structures (Coverage B)',
  c: 'Personal property (Coverage C)',
  d: 'Loss of use (Coverage D)',
  e: 'Personal liability (Coverage E)',
  f: 'Medical payments (Coverage F)',
  waterBackup: 'Water backup',
  computers: 'Computers',
  hvac: 'Heating and cooling (HVAC)',
  mineSubsidence: 'Mine subsidence',
};

describe.each(of('getPolicy'))('PolicyDocuments with $file', (fixture) => {
  it('shows its coverages by name, its status and standing, and its documents', async () => {
    const policyId = fixture.params.policyId as string;
    const { adapter } = stack(fixture);
    const policy = (await adapter.getPolicy(policyId)) as Policy;
    // Every document with a link: none is lost to the BFF's document-host rule.
    const linked = ((fixture.response.body as Policy).documents ?? []).filter(
      (d) => typeof d.url === 'string' && d.url !== '',
    );
    expect(policy.documents).toHaveLength(linked.length);
    const { container } = renderWith(adapter, <PolicyDocuments policyId={policyId} />);
    for (const document of policy.documents) {
      await screen.findByRole('button', { name: `Open ${document.name}` });
    }
    if (policy.status) expect(container).toHaveTextContent(policy.status);
    for (const map of policy.coverages ?? []) {
      for (const [key, coverage] of Object.entries(map)) {
        const name = COVERAGE_NAMES[key];
        if (!name) continue;
        const row = screen.getAllByRole('row', {
          name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`),
        });
        expect(row.length).toBeGreaterThan(0);
        if ((coverage as { included?: boolean }).included === false) {
          expect(row[0]).toHaveTextContent('Not included');
        }
      }
    }
    if (
      policy.cancellationDate &&
      policy.cancellationDate <= new Date().toISOString().slice(0, 10)
    ) {
      expect(container.querySelector('[data-slot="standing"]')).toHaveAttribute(
        'data-standing',
        'cancelled',
      );
      expect(container).toHaveTextContent(/Cancelled on/);
    }
    await expectNoAxeViolations(container);
  }, 20_000);
});

describe.each(of('shopLoan'))('ShopProgress with $file', (fixture) => {
  it('shows quoting after one shop, whatever status the answer echoes', async () => {
    const user = userEvent.setup();
    const loanId = fixture.params.loanId as string;
    const loan = fixtureOf('getLoan');
    const fresh = { ...(loan.response.body as object), id: loanId, status: 'NOT_YET_RATED' };
    const { standIn, adapter } = stack(
      { ...loan, params: { loanId }, response: { status: 200, body: fresh } },
      fixture,
    );
    const { container } = renderWith(adapter, <ShopProgress loanId={loanId} />);
    // The button is there, disabled, until the loan is read.
    const start = await screen.findByRole('button', { name: 'Get quotes' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await screen.findByRole('progressbar');
    await waitFor(() =>
      expect(container.querySelector('.lir-ShopProgress')).toHaveAttribute('data-state', 'quoting'),
    );
    expect(screen.queryByRole('button', { name: 'Get quotes' })).toBeNull();
    expect(standIn.of('shopLoan')).toHaveLength(1);
    await expectNoAxeViolations(container);
  }, 20_000);
});
