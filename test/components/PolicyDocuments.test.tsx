import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolicyDocuments } from '../../src/components/PolicyDocuments/index.js';
import type { InsuranceMessages } from '../../src/hooks/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { failing, pending } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { renderInProvider, setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const POLICY_READ = /^GET \/policies\/[^/]+$/;
const expiresOf = (url: string) => Number(new URL(url).searchParams.get('Expires'));

/** Coverages as the service documents them: an array of coverage maps (here, one). */
const DOCUMENTED_COVERAGES = [
  {
    a: { amount: 350_000, included: true },
    b: { amount: 35_000, included: true },
    c: { amount: 175_000, included: true },
    d: { amount: 70_000, included: true },
    e: { amount: 300_000, included: true },
    f: { amount: 5_000, included: true },
    waterBackup: { amount: 0, included: false },
    computers: { amount: 2_500, included: true },
    hvac: { amount: 10_000, included: true },
    mineSubsidence: { amount: 0, included: false },
  },
];

/** A policy as the BFF answers it, documents included. */
function policyAnswer(overrides: Record<string, unknown> = {}) {
  return http.get('*/api/insurance/policies/:policyId', ({ params }) =>
    HttpResponse.json({
      id: params.policyId,
      carrier: 'Acme Mutual',
      policyNumber: 'HO3-0001',
      policyType: 'HO3',
      effectiveDate: '2025-03-01',
      expirationDate: '2026-03-01',
      termLength: 12,
      status: 'ACTIVE',
      premium: 1234,
      coverages: DOCUMENTED_COVERAGES,
      documents: [
        {
          id: 'doc_1',
          name: 'Evidence of insurance',
          type: 'eoi_document',
          url: 'https://docs.example/1.pdf',
        },
        {
          id: 'doc_2',
          name: 'Declarations page',
          type: 'declarations_page',
          url: 'https://docs.example/2.pdf',
        },
      ],
      ...overrides,
    }),
  );
}

/** A policy bound in the sandbox (`Bind_policy`), the page's clock set to the sandbox's. */
async function boundPolicy(env: ReturnType<typeof setupSandbox>) {
  const loan = await env.ratedLoan({ primaryBorrower: { firstName: 'Bind_policy' } });
  vi.setSystemTime(env.sandbox.clock.now());
  return env.sandbox.inspectLoan(loan.id)?.policyIds[0] ?? '';
}

function renderWith(
  env: ReturnType<typeof setupSandbox>,
  props: { policyId: string; className?: string },
  provider: { locale?: string; messages?: InsuranceMessages } = {},
) {
  return render(
    <InsuranceProvider adapter={env.adapter} {...provider}>
      <main>
        <PolicyDocuments {...props} />
      </main>
    </InsuranceProvider>,
  );
}

const rootOf = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('.lir-PolicyDocuments');

const summaryOf = (root: HTMLElement | null) =>
  Object.fromEntries(
    within(root as HTMLElement)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('PolicyDocuments', () => {
  it('shows the summary formatted (en-US) and the documents as buttons, never their URLs', async () => {
    const env = setupSandbox();
    mswServer.use(policyAnswer());
    const { container } = renderWith(env, { policyId: 'pol_1', className: 'host' });
    // Its root (or, while its code loads, the root standing in) carries the host's class at once.
    expect(rootOf(container)).toHaveClass('lir-root', 'lir-PolicyDocuments', 'host');
    await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    const root = rootOf(container);
    expect(root).toHaveClass('lir-root', 'lir-PolicyDocuments', 'host');
    expect(root).toHaveAttribute('data-state', 'ready');
    expect(summaryOf(root)).toEqual({
      Carrier: 'Acme Mutual',
      'Policy number': 'HO3-0001',
      'Policy type': 'HO-3 special form',
      Status: 'ACTIVE',
      'Policy term': 'Mar 1, 2025 – Mar 1, 2026',
      'Term length': '12 months',
      'Annual premium': '$1,234',
    });
    const list = screen.getByRole('list', { name: 'Policy documents' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open Evidence of insurance', 'Open Declarations page']);
    expect(
      screen.getByRole('button', { name: 'Open Evidence of insurance' }),
    ).toHaveAccessibleDescription('Evidence of insurance (PDF)');
    expect(
      screen.getByRole('button', { name: 'Open Declarations page' }),
    ).toHaveAccessibleDescription('Declarations page (PDF)');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.innerHTML).not.toContain('docs.example');
    await expectNoAxeViolations(); // ready
  });

  it('formats for the provider locale (en-GB) and takes texts from the provider messages', async () => {
    const env = setupSandbox();
    mswServer.use(policyAnswer({ premium: 1234.5 }));
    const { container } = renderWith(
      env,
      { policyId: 'pol_1' },
      {
        locale: 'en-GB',
        messages: {
          'policyDocuments.open': 'View {name}',
          'policyDocuments.premium': 'Premium per year',
        },
      },
    );
    await screen.findByRole('button', { name: 'View Evidence of insurance' });
    expect(summaryOf(rootOf(container))).toMatchObject({
      'Policy term': '1 Mar 2025 – 1 Mar 2026',
      'Premium per year': 'US$1,234.50',
    });
  });

  it('U7: opening calls window.open with a fresh URL, re-reading the policy once it is expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const env = setupSandbox(); // signed URLs live 120 s
    const policyId = await boundPolicy(env);
    renderInProvider(
      <main>
        <PolicyDocuments policyId={policyId} />
      </main>,
      env.adapter,
    );
    const button = await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    expect(env.sent(POLICY_READ)).toHaveLength(1);

    await user.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const [first, target, features] = open.mock.calls[0] ?? [];
    expect(target).toBe('_blank');
    expect(features).toBe('noopener,noreferrer');
    expect(String(first)).toMatch(/\/sandbox\/documents\/.+\?Expires=\d+/);
    expect(env.sent(POLICY_READ)).toHaveLength(1); // still fresh: no read

    // Both clocks 121 s later: the URL in hand is expired; the click reads the policy first.
    vi.setSystemTime(Date.now() + 121_000);
    await env.sandbox.advance(121_000);
    expect((await fetch(String(first))).status).toBe(403);
    await user.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect(env.sent(POLICY_READ)).toHaveLength(2);
    const fresh = String(open.mock.calls[1]?.[0]);
    expect(expiresOf(fresh)).toBeGreaterThan(expiresOf(String(first)));
    expect((await fetch(fresh)).status).toBe(200);
    expect(document.body.innerHTML).not.toContain('/sandbox/documents/');
    expect(screen.getByText('Open Evidence of insurance').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'idle',
    );
  });

  it('U6: when the fresh answer is stale too, it says the link expired, after one re-read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const env = setupSandbox({ documentUrlTtlMs: 10_000 }); // always within 30 s of expiry
    const policyId = await boundPolicy(env);
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId={policyId} />
      </main>,
      env.adapter,
    );
    await user.click(await screen.findByRole('button', { name: 'Open Declarations page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link expired. Try again.');
    expect(rootOf(container)).toHaveAttribute('data-state', 'expired');
    expect(open).not.toHaveBeenCalled();
    expect(env.sent(POLICY_READ)).toHaveLength(2); // the first read and one re-read: no loop
    await expectNoAxeViolations(); // expired
  });

  it('opening: the button is pending while the fresh URL is read', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const env = setupSandbox();
    const past = Math.floor(Date.now() / 1000) - 60;
    mswServer.use(
      policyAnswer({
        documents: [
          {
            id: 'doc_1',
            name: 'Evidence of insurance',
            type: 'eoi_document',
            url: `https://docs.example/1.pdf?Expires=${past}`,
          },
        ],
      }),
    );
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId="pol_1" />
      </main>,
      env.adapter,
    );
    const button = await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    mswServer.use(pending('getPolicy'));
    await user.click(button);
    const root = rootOf(container);
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'opening'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.closest('li')).toHaveAttribute('data-state', 'opening');
    await expectNoAxeViolations(); // opening
    await user.click(button); // ignored while pending
    expect(env.sent(POLICY_READ)).toHaveLength(2);
    expect(open).not.toHaveBeenCalled();
  });

  it('U13: documents with unsafe URLs never appear, and an unsafe fresh URL is not opened', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const env = setupSandbox();
    const soon = Math.floor(Date.now() / 1000) + 10;
    mswServer.use(
      policyAnswer({
        documents: [
          { id: 'd1', name: 'Script', type: 'eoi_document', url: 'javascript:alert(1)' },
          { id: 'd2', name: 'Data', type: 'eoi_document', url: 'data:text/html,<b>x</b>' },
          {
            id: 'd3',
            name: 'Good',
            type: 'eoi_document',
            url: `https://docs.example/a.pdf?Expires=${soon}`,
          },
        ],
      }),
    );
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId="pol_1" />
      </main>,
      env.adapter,
    );
    const good = await screen.findByRole('button', { name: 'Open Good' });
    expect(screen.getAllByRole('button')).toEqual([good]);
    expect(container.innerHTML).not.toMatch(/javascript:|data:text/);

    // The re-read (the URL expires within 30 s) answers an unsafe URL for it: never opened.
    mswServer.use(
      policyAnswer({
        documents: [{ id: 'd3', name: 'Good', type: 'eoi_document', url: 'javascript:alert(1)' }],
      }),
    );
    await user.click(good);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not open this document. Try again later.',
    );
    expect(rootOf(container)).toHaveAttribute('data-state', 'open-failed');
    expect(open).not.toHaveBeenCalled();
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('U2: service text is rendered as text', async () => {
    const env = setupSandbox();
    const injected = '<img src=x onerror=alert(1)>';
    mswServer.use(
      policyAnswer({
        carrier: injected,
        documents: [
          { id: 'd1', name: injected, type: 'eoi_document', url: 'https://docs.example/1.pdf' },
        ],
      }),
    );
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId="pol_1" />
      </main>,
      env.adapter,
    );
    await screen.findByRole('button', { name: `Open ${injected}` });
    expect(screen.getByText(injected, { selector: 'dd' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('loading: a busy skeleton', async () => {
    const env = setupSandbox();
    mswServer.use(pending('getPolicy'));
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId="pol_1" />
      </main>,
      env.adapter,
    );
    const root = rootOf(container);
    expect(root).toHaveAttribute('data-state', 'loading');
    expect(root).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading your policy…')).toBeInTheDocument();
    await expectNoAxeViolations(); // loading
  });

  it('errored: an alert with Try again, which reads again', async () => {
    const user = userEvent.setup();
    const env = setupSandbox();
    mswServer.use(failing('getPolicy', { status: 404, code: 'not_found' }));
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId="pol_1" />
      </main>,
      env.adapter,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your policy.');
    expect(rootOf(container)).toHaveAttribute('data-state', 'errored');
    await expectNoAxeViolations(); // errored
    const reads = env.sent(POLICY_READ).length;

    mswServer.resetHandlers(policyAnswer());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    expect(env.sent(POLICY_READ).length).toBeGreaterThan(reads);
    expect(rootOf(container)).toHaveAttribute('data-state', 'ready');
  });

  it('empty: a policy without documents says so', async () => {
    const env = setupSandbox();
    mswServer.use(policyAnswer({ documents: [] }));
    const { container } = renderInProvider(
      <main>
        <PolicyDocuments policyId="pol_1" />
      </main>,
      env.adapter,
    );
    expect(await screen.findByText('This policy has no documents yet.')).toBeInTheDocument();
    expect(rootOf(container)).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await expectNoAxeViolations(); // empty
  });
});

/** Pins the page's calendar day; only `Date` is faked, so timers, fetch and MSW run as usual. */
const onDay = (day: string) =>
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T12:00:00Z`) });

const standingOf = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[data-slot="standing"]');

/** The rows of a coverage table, as `[name, amount]`. */
const coverageRowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);

describe('PolicyDocuments: standing, status, term and coverages', () => {
  it('names every coverage of the documented coverage map with its amount, an excluded one "Not included"', async () => {
    onDay('2025-09-01');
    const env = setupSandbox();
    mswServer.use(policyAnswer());
    renderWith(env, { policyId: 'pol_1' });
    const table = await screen.findByRole('table', { name: 'Coverages' });
    expect(coverageRowsOf(table)).toEqual([
      ['Dwelling (Coverage A)', '$350,000'],
      ['Other structures (Coverage B)', '$35,000'],
      ['Personal property (Coverage C)', '$175,000'],
      ['Loss of use (Coverage D)', '$70,000'],
      ['Personal liability (Coverage E)', '$300,000'],
      ['Medical payments (Coverage F)', '$5,000'],
      ['Water backup', 'Not included'],
      ['Computers', '$2,500'],
      ['Heating and cooling (HVAC)', '$10,000'],
      ['Mine subsidence', 'Not included'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Coverage', 'Amount']);
    await expectNoAxeViolations(); // ready, with coverages
  });

  it('shows each coverage map as its own table, unknown coverages named from their key', async () => {
    const env = setupSandbox();
    mswServer.use(
      policyAnswer({
        coverages: [
          {
            identityTheft: { amount: 25_000, included: true },
            e: { amount: 500_000, included: true },
            flood_zone: { included: true },
          },
          { a: { amount: 410_000, included: true } },
        ],
      }),
    );
    renderWith(env, { policyId: 'pol_1' });
    const first = await screen.findByRole('table', { name: 'Coverages (1 of 2)' });
    expect(coverageRowsOf(first)).toEqual([
      ['Personal liability (Coverage E)', '$500,000'],
      ['Identity theft', '$25,000'],
      ['Flood zone', 'Included'],
    ]);
    expect(coverageRowsOf(screen.getByRole('table', { name: 'Coverages (2 of 2)' }))).toEqual([
      ['Dwelling (Coverage A)', '$410,000'],
    ]);
  });

  it.each([
    ['no coverages', undefined],
    ['an empty list', []],
    [
      'rows in a shape the service does not send',
      [{ name: 'dwelling', amount: 1, included: true }],
    ],
  ])('shows no coverage table for %s', async (_, coverages) => {
    const env = setupSandbox();
    mswServer.use(policyAnswer({ coverages }));
    renderWith(env, { policyId: 'pol_1' });
    await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads a policy whose cancellation date has passed as cancelled, never as in force', async () => {
    onDay('2025-09-01');
    const env = setupSandbox();
    // The service's own status may still say it is active: the date decides.
    mswServer.use(policyAnswer({ cancellationDate: '2025-06-15', status: 'ACTIVE' }));
    const { container } = renderWith(env, { policyId: 'pol_1' });
    const standing = await screen.findByText('Cancelled on Jun 15, 2025');
    expect(standing).toBe(standingOf(container));
    expect(standing).toHaveAttribute('data-standing', 'cancelled');
    expect(standing).toBeVisible();
    expect(screen.queryByText(/in force/i)).not.toBeInTheDocument();
    // Shown on load as part of the page, not shouted as an alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(summaryOf(rootOf(container))).toMatchObject({
      Status: 'ACTIVE',
      'Cancellation date': 'Jun 15, 2025',
    });
    // The standing comes before the summary.
    const summary = container.querySelector('[data-slot="summary"]') as HTMLElement;
    expect(standing.compareDocumentPosition(summary)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(rootOf(container)).toHaveAttribute('data-state', 'ready');
    await expectNoAxeViolations(); // cancelled
  });

  it('says when a cancellation is still to come: "Cancels on"', async () => {
    onDay('2025-09-01');
    const env = setupSandbox();
    mswServer.use(policyAnswer({ cancellationDate: '2025-10-01' }));
    const { container } = renderWith(env, { policyId: 'pol_1' });
    expect(await screen.findByText('Cancels on Oct 1, 2025')).toHaveAttribute(
      'data-standing',
      'cancelling',
    );
    expect(summaryOf(rootOf(container))).toMatchObject({ 'Cancellation date': 'Oct 1, 2025' });
  });

  it('reads an in-force policy as in force until its expiration, with its status and term', async () => {
    onDay('2025-09-01');
    const env = setupSandbox();
    mswServer.use(policyAnswer({ status: 'Some_New_Status', termLength: 6 }));
    const { container } = renderWith(env, { policyId: 'pol_1' });
    const standing = await screen.findByText('In force until Mar 1, 2026');
    expect(standing).toHaveAttribute('data-standing', 'in-force');
    expect(summaryOf(rootOf(container))).toMatchObject({
      Status: 'Some_New_Status',
      'Policy term': 'Mar 1, 2025 – Mar 1, 2026',
      'Term length': '6 months',
    });
    expect(screen.queryByText(/cancel/i)).not.toBeInTheDocument();
    await expectNoAxeViolations(); // in force
  });

  it.each([
    ['2026-06-01', 'Expired on Mar 1, 2026', 'expired'],
    ['2025-01-15', 'Starts on Mar 1, 2025', 'upcoming'],
  ])('on %s, reads "%s"', async (day, text, standing) => {
    onDay(day);
    const env = setupSandbox();
    mswServer.use(policyAnswer());
    renderWith(env, { policyId: 'pol_1' });
    expect(await screen.findByText(text)).toHaveAttribute('data-standing', standing);
    await expectNoAxeViolations();
  });

  it('shows no standing for a policy without dates, and only the dates it has', async () => {
    const env = setupSandbox();
    mswServer.use(policyAnswer({ effectiveDate: undefined, expirationDate: undefined }));
    const { container } = renderWith(env, { policyId: 'pol_1' });
    await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    expect(standingOf(container)).toBeNull();
    expect(Object.keys(summaryOf(rootOf(container)))).not.toContain('Policy term');

    cleanup();
    mswServer.use(policyAnswer({ expirationDate: undefined, termLength: 1 }));
    const again = renderWith(env, { policyId: 'pol_2' });
    await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    expect(summaryOf(rootOf(again.container))).toMatchObject({
      'Effective date': 'Mar 1, 2025',
      'Term length': '1 month',
    });
  });

  it.each([
    ['HO5', 'HO-5 comprehensive form'],
    ['HO6', 'HO-6 condominium form'],
    ['DWELLING_FIRE', 'DWELLING_FIRE'],
  ])('names the policy type %s as "%s"', async (policyType, name) => {
    const env = setupSandbox();
    mswServer.use(policyAnswer({ policyType }));
    const { container } = renderWith(env, { policyId: 'pol_1' });
    await screen.findByRole('button', { name: 'Open Evidence of insurance' });
    expect(summaryOf(rootOf(container))).toMatchObject({ 'Policy type': name });
  });

  it('takes the new texts from the provider messages too', async () => {
    onDay('2025-09-01');
    const env = setupSandbox();
    mswServer.use(policyAnswer({ cancellationDate: '2025-06-15' }));
    renderWith(
      env,
      { policyId: 'pol_1' },
      {
        messages: {
          'policyDocuments.cancelled': 'Cancelled as of {date}',
          'policyDocuments.coverageA': 'Your home',
          'policyDocuments.notIncluded': 'Excluded',
          'policyDocuments.coverages': 'What is covered',
        },
      },
    );
    expect(await screen.findByText('Cancelled as of Jun 15, 2025')).toBeInTheDocument();
    const rows = coverageRowsOf(screen.getByRole('table', { name: 'What is covered' }));
    expect(rows[0]).toEqual(['Your home', '$350,000']);
    expect(rows).toContainEqual(['Water backup', 'Excluded']);
  });

  it('speaks Spanish under an es-US provider, with its dates and amounts in Spanish', async () => {
    onDay('2025-09-01');
    const env = setupSandbox();
    mswServer.use(policyAnswer({ premium: 1234.5 }));
    const { container } = renderWith(env, { policyId: 'pol_1' }, { locale: 'es-US' });
    // The documents' names are the service's: only the words around them are translated.
    const open = await screen.findByRole('button', { name: 'Abrir Evidence of insurance' });
    expect(open).toHaveAccessibleDescription('Comprobante de seguro (PDF)');
    expect(screen.getByRole('list', { name: 'Documentos de la póliza' })).toBeInTheDocument();
    expect(standingOf(container)).toHaveTextContent('Vigente hasta el 1 mar 2026');
    expect(summaryOf(rootOf(container))).toEqual({
      Aseguradora: 'Acme Mutual',
      'Número de póliza': 'HO3-0001',
      'Tipo de póliza': 'HO-3, formulario especial',
      Estado: 'ACTIVE',
      'Vigencia de la póliza': '1 mar 2025 – 1 mar 2026',
      Duración: '12 meses',
      'Prima anual': '$1,234.50',
    });
    const table = screen.getByRole('table', { name: 'Coberturas' });
    expect(coverageRowsOf(table).slice(0, 2)).toEqual([
      ['Vivienda (Cobertura A)', '$350,000'],
      ['Otras estructuras (Cobertura B)', '$35,000'],
    ]);
    expect(coverageRowsOf(table)).toContainEqual(['Reflujo de agua', 'No incluida']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Cobertura', 'Monto']);
    await expectNoAxeViolations(); // ready, in Spanish
  });

  it('in Spanish: loading, an error with "Intentar de nuevo", and no documents', async () => {
    const env = setupSandbox();
    mswServer.use(pending('getPolicy'));
    const loading = renderWith(env, { policyId: 'pol_1' }, { locale: 'es-US' });
    expect(screen.getByText('Cargando su póliza…')).toBeInTheDocument();
    loading.unmount();

    mswServer.use(failing('getPolicy', { status: 404, code: 'not_found' }));
    const errored = renderWith(env, { policyId: 'pol_2' }, { locale: 'es-US' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar su póliza.');
    expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
    await expectNoAxeViolations(); // errored, in Spanish
    errored.unmount();

    mswServer.use(policyAnswer({ documents: [] }));
    renderWith(env, { policyId: 'pol_3' }, { locale: 'es-US' });
    expect(await screen.findByText('Esta póliza todavía no tiene documentos.')).toBeVisible();
  });
});
