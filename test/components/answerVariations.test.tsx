import { cleanup, render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import { PolicyDocuments } from '../../src/components/PolicyDocuments/index.js';
import { QuoteCards } from '../../src/components/QuoteCards/index.js';
import { ShopProgress } from '../../src/components/ShopProgress/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import type { InsuranceBff } from '../../src/server/index.js';
import type { Variation } from '../contract/answerVariations.js';
import { answerVariations, applyVariation, pathName } from '../contract/answerVariations.js';
import { createStandInBff } from '../contract/createStandInBff.js';
import { ratedLoan } from '../contract/ratedLoan.js';
import type { ServiceFixture } from '../contract/serviceFixtures.js';
import { fixtureOf, loadServiceFixtures } from '../contract/serviceFixtures.js';
import { mswServer } from '../support/mswServer.js';

// L7: the components show production's loose answers without a broken word. The documented
// answers of test/fixtures/service are varied as production varies them (see
// answerVariations), a few variations at once, and each is shown through the real service
// client and BFF: whatever is left out, no page ever says NaN, undefined, null, Invalid Date,
// [object Object], nor a price of $0 the documented answer did not have.

const BASE = '/api/insurance';
const canonical = loadServiceFixtures().filter((f) => !f.file.includes('/'));
const BROKEN = /NaN|undefined|\bnull\b|Invalid Date|\[object Object\]/;
const ZERO_DOLLARS = /\$0(?![\d.,])/g;

let bff: InsuranceBff | undefined;
afterEach(async () => {
  cleanup();
  await bff?.close();
  bff = undefined;
});

function show(answers: ServiceFixture[], ui: ReactNode) {
  const made = createStandInBff([...canonical, ...answers]);
  bff = made.bff;
  const handler = made.bff.handler;
  mswServer.use(http.all(`*${BASE}/*`, ({ request }) => handler(request)));
  const adapter = createHttpAdapter({ baseUrl: BASE });
  return render(ui, {
    wrapper: ({ children }: { children?: ReactNode }) => (
      <main>
        <InsuranceProvider adapter={adapter}>{children}</InsuranceProvider>
      </main>
    ),
  });
}

/** The fixture answering `body` instead of its documented answer. */
const answering = (f: ServiceFixture, body: unknown): ServiceFixture => ({
  ...f,
  response: { ...f.response, body },
});

interface Case {
  name: string;
  /** The answer varied. */
  varied: ServiceFixture;
  /** What else the page needs answered, and the component showing it. */
  answers: (varied: ServiceFixture) => ServiceFixture[];
  ui: ReactNode;
  /** The root's `data-state` values once it shows its answer (or says why it cannot). */
  settled: readonly string[];
  root: string;
}

const display = fixtureOf('getQuoteDisplay');
const policy = fixtureOf('getPolicy');
const loan = fixtureOf('getLoan');
const loanId = display.params.loanId as string;

const CASES: Case[] = [
  {
    name: 'QuoteCards with a varied quote display',
    varied: display,
    answers: (varied) => [ratedLoan(loanId), varied],
    ui: <QuoteCards loanId={loanId} />,
    settled: ['ready', 'selected', 'empty', 'errored', 'unavailable', 'waiting'],
    root: '.lir-QuoteCards',
  },
  {
    name: 'PolicyDocuments with a varied policy',
    varied: policy,
    answers: (varied) => [varied],
    ui: <PolicyDocuments policyId={policy.params.policyId as string} />,
    settled: ['ready', 'empty', 'errored'],
    root: '.lir-PolicyDocuments',
  },
  {
    name: 'ShopProgress with a varied loan',
    varied: loan,
    answers: (varied) => [varied],
    ui: <ShopProgress loanId={loan.params.loanId as string} />,
    settled: ['idle', 'quoting', 'rated', 'errored', 'closed'],
    root: '.lir-ShopProgress',
  },
];

/** Shows the case's component over `body` and returns its text once it settled. */
async function shown(c: Case, body: unknown): Promise<string> {
  const { container, unmount } = show(c.answers(answering(c.varied, body)), c.ui);
  try {
    await waitFor(
      () => {
        const state = container.querySelector(c.root)?.getAttribute('data-state') ?? '';
        expect(c.settled).toContain(state);
        expect(container.querySelector('[aria-busy="true"]')).toBeNull();
      },
      { timeout: 5_000 },
    );
    return container.textContent ?? '';
  } finally {
    unmount();
    await bff?.close();
    bff = undefined;
  }
}

/** How many amounts of zero (`0`, `"0.00"`) an answer holds. */
function zeroAmounts(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + zeroAmounts(item), 0);
  if (value !== null && typeof value === 'object') return zeroAmounts(Object.values(value));
  return value === 0 || (typeof value === 'string' && value.trim() !== '' && Number(value) === 0)
    ? 1
    : 0;
}

describe.each(CASES)('$name', (c) => {
  const variations = answerVariations(c.varied.response.body);

  it('L7: shows each field of its answer null, left out or type-drifted (once per field) without NaN, undefined, null, Invalid Date or a made-up $0', async () => {
    const documented = await shown(c, c.varied.response.body);
    expect(documented).not.toMatch(BROKEN);
    const zeros = documented.match(ZERO_DOLLARS)?.length ?? 0;
    // The items of a list repeat the same fields: each field of the first item stands for all.
    const once = new Map<string, Variation>();
    for (const v of variations) {
      const field = `${v.kind} ${v.path.map((step) => (typeof step === 'number' ? '*' : step)).join('.')}`;
      if (!once.has(field)) once.set(field, v);
    }
    for (const v of once.values()) {
      const what = `${v.kind} at ${pathName(v.path)}`;
      const text = await shown(c, v.body);
      expect(text, what).not.toMatch(BROKEN);
      expect(text.match(ZERO_DOLLARS)?.length ?? 0, what).toBeLessThanOrEqual(
        Math.max(zeros, zeroAmounts(v.body)),
      );
    }
  }, 180_000);

  it('L7: shows several variations of its answer at once without a broken word', async () => {
    const documented = await shown(c, c.varied.response.body);
    const zeros = documented.match(ZERO_DOLLARS)?.length ?? 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: variations.length - 1 }), {
          minLength: 1,
          maxLength: 3,
        }),
        async (picks) => {
          const applied = picks.map((i) => variations[i] as Variation);
          const body = applied.reduce<unknown>(applyVariation, c.varied.response.body);
          const text = await shown(c, body);
          const what = applied.map((v) => `${v.kind} at ${pathName(v.path)}`).join(', ');
          expect(text, what).not.toMatch(BROKEN);
          // Every $0 shown is an amount of 0 the service sent (one it said is excluded shows
          // as such, not as $0): none stands for a price that could not be read.
          expect(text.match(ZERO_DOLLARS)?.length ?? 0, what).toBeLessThanOrEqual(
            Math.max(zeros, zeroAmounts(body)),
          );
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);
});
