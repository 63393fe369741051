import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import type { SandboxService } from '../../../src/testing/index.js';
import {
  BIND_POLICY_FIRST_NAME,
  createLoanApplicationFixture,
  createSandboxService,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import { captureLogger } from './fakeService.js';

// The service client against the sandbox in production-like mode, every operation, with no
// network: each loose answer is read as the documented one (numbers as numbers, flags as flags,
// the unreadable items left out and logged once), and every write is done.

const BASE_URL = `https://sandbox.test${SANDBOX_DEFAULTS.basePath}`;
const QUOTE_DELAY_MS = 40_000;

let sandbox: SandboxService | undefined;
afterEach(() => {
  sandbox?.dispose();
  sandbox = undefined;
});

function clientOf(service: SandboxService) {
  const logger = captureLogger();
  const client = createServiceClient({
    baseUrl: BASE_URL,
    clientId: SANDBOX_DEFAULTS.clientId,
    clientSecret: SANDBOX_DEFAULTS.clientSecret,
    fetch: (input, init) => service.fetch(input, init),
    logger,
  });
  return { client, logger };
}

describe('the service client against a production-like sandbox', () => {
  it('L9: reads every operation’s loose answer as the documented one, and each write is done', async () => {
    sandbox = createSandboxService({
      clock: 'manual',
      quoteDelayMs: QUOTE_DELAY_MS,
      productionLike: true,
    });
    const { client, logger } = clientOf(sandbox);

    const loan = await client.call('submitLoanApplication', {
      body: createLoanApplicationFixture({
        primaryBorrower: { firstName: BIND_POLICY_FIRST_NAME },
      }),
    });
    const loanId = loan.id;
    // `null` is absent: the loan officer not given is no field at all.
    expect(loan).not.toHaveProperty('loanOfficer');
    expect(loan.loanAmount).toBe(420_000);

    const consent = await client.call('recordConsent', {
      body: { id: loanId, termsOfServiceId: 'tos-1' },
    });
    expect(consent).not.toHaveProperty('consent');
    const tcpa = await client.call('recordTcpaConsent', {
      body: { id: loanId, termsOfServiceId: 'tos-1' },
    });
    expect(tcpa.consent).toBe(true);
    const general = await client.call('recordGeneralConsent', {
      body: { id: loanId, termsOfServiceId: 'tos-1' },
    });
    expect(general.consent).toBe(true);

    // The shop answer's status is null: quoting has started all the same.
    const shop = await client.call('shopLoan', { params: { loanId } });
    expect(shop.id).toBe(loanId);
    expect(shop).not.toHaveProperty('status');
    await sandbox.advance(QUOTE_DELAY_MS);

    const shopped = await client.call('getShoppedLoan', { params: { loanId } });
    const display = await client.call('getQuoteDisplay', { params: { loanId } });
    for (const { quotes } of [shopped, display]) {
      expect(quotes.length).toBeGreaterThanOrEqual(3);
      for (const quote of quotes) {
        expect(quote.id).toMatch(/^q1_/);
        expect(typeof quote.premium).toBe('number');
        expect(typeof quote.monthlyPremium).toBe('number');
        for (const coverage of Object.values(quote.coverages ?? {})) {
          expect(typeof coverage?.amount).toBe('number');
        }
      }
      expect(quotes.at(-1)).not.toHaveProperty('carrierLogoUrl');
    }
    const quoteId = display.quotes[1]?.id as string;
    await expect(
      client.call('selectQuote', { params: { loanId, quoteId } }),
    ).resolves.toMatchObject({ quoteId, success: true });
    expect(sandbox.inspectLoan(loanId)?.selectedQuoteId).toBe(quoteId);

    const policyId = sandbox.inspectLoan(loanId)?.policyIds[0] as string;
    const policy = await client.call('getPolicy', { params: { policyId } });
    expect(policy).toMatchObject({ id: policyId, termLength: 12, loanId });
    expect(typeof policy.premium).toBe('number');
    expect(policy.policyNumber).toMatch(/^\d{10}$/);
    expect(policy).not.toHaveProperty('cancellationDate');
    // The document not ready yet is left out; the evidence of insurance is there.
    expect(policy.documents.map((d) => [d.type, typeof d.id, typeof d.url])).toEqual([
      ['eoi_document', 'string', 'string'],
      ['declarations_page', 'string', 'string'],
    ]);

    const retrieval = await client.call('initiatePolicyRetrieval', { params: { loanId } });
    expect(retrieval.retrievalUrl).toMatch(/\/sandbox\/retrieve\//);
    const insurance = await client.call('updateCurrentInsurance', {
      params: { loanId },
      body: {
        currentInsurancePolicies: [
          {
            carrier: 'Old Carrier',
            policyNumber: 'OLD-1',
            policyType: 'HO3',
            premium: 1200,
            deductible: 1000,
            expirationDate: '2026-12-31',
            coverages: {},
          },
        ],
      },
    });
    expect(insurance.currentInsurancePolicies?.[0]).toMatchObject({
      premium: 1200,
      deductible: 1000,
    });
    await client.call('updateLoanContacts', {
      params: { loanId },
      body: [
        { role: 'Loan Officer', firstName: 'Lee', lastName: 'Officer', email: 'lee@example.com' },
      ],
    });
    const scheduledAt = new Date(sandbox.clock.now() + 86_400_000).toISOString();
    await expect(
      client.call('scheduleCall', { body: { id: loanId, scheduledAt } }),
    ).resolves.toMatchObject({ success: true });
    await expect(client.call('callMeNow', { body: { id: loanId } })).resolves.toMatchObject({
      success: true,
    });
    await expect(client.call('closeLoan', { params: { loanId } })).resolves.toMatchObject({
      success: true,
    });
    expect(sandbox.inspectLoan(loanId)?.status).toBe('CLOSED_LOST');
    await expect(client.call('getLoan', { params: { loanId } })).resolves.toMatchObject({
      id: loanId,
      status: 'CLOSED_LOST',
      loanOfficer: { firstName: 'Lee', lastName: 'Officer' },
    });

    // Read again: what was left out is said once per operation, field and reason.
    await client.call('getShoppedLoan', { params: { loanId } });
    await client.call('getPolicy', { params: { policyId } });
    const dropped = logger.lines.filter((l) => l.message.includes('could not read'));
    expect(dropped.map((l) => [l.meta?.operation, l.meta?.field, l.meta?.reason])).toEqual([
      ['getShoppedLoan', 'quotes', 'item'],
      ['getQuoteDisplay', 'quotes', 'item'],
      ['getPolicy', 'documents', 'item'],
    ]);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
