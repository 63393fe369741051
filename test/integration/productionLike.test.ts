import { describe, expect, it, vi } from 'vitest';
import {
  shoppedAndBound,
  stackPerTest,
  submitBindingLoan,
  twoDeliveries,
} from '../support/stackFlow.js';

// The sandbox in production-like mode over real HTTP on 127.0.0.1, in front of a BFF and a
// webhook receiver at their defaults (no documentHosts, no headerPrefix): a borrower's whole
// shop flow works on production's loose answers as on the documented ones.

const startStack = stackPerTest();

interface BrowserQuote {
  id: string;
  premium: number;
  monthlyPremium: number;
  carrierLogoUrl?: string;
}

describe('a production-like sandbox behind a BFF and a receiver at their defaults', () => {
  it('L9: submit, consent, shop, quotes, select, webhooks and the bound policy all work: numbers read as numbers, the pending quote and the document not ready left out and logged once, every write done', async () => {
    const clientLogger = { warn: vi.fn(), error: vi.fn() };
    const receiverLogger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const s = await startStack({
      sandbox: { productionLike: true },
      client: { logger: clientLogger },
      webhooks: { logger: receiverLogger },
    });
    const { sandboxServer } = s;
    expect(s.sandbox.webhookHeaderPrefix).toBe('X-Insurer');
    const borrower = s.browser('session-production-like');

    // Every write is done: 2xx, never `outcome_unknown`.
    const created = await submitBindingLoan(borrower, 'PROD-LIKE-1');
    expect(created.status).toBe(201);
    const loanId: string = created.json.id;
    const consent = await borrower.call('POST', `/loans/${loanId}/consent`, {
      termsOfServiceId: 'tos-1',
    });
    const tcpa = await borrower.call('POST', `/loans/${loanId}/consent/tcpa`, {
      termsOfServiceId: 'tos-1',
    });
    const shop = await borrower.call('PATCH', `/loans/${loanId}/shop`);
    expect([consent.status, tcpa.status, shop.status]).toEqual([200, 200, 200]);
    expect(tcpa.json.consent).toBe(true);
    expect(shop.json.id).toBe(loanId);

    // loan.shopped and policy.bound, signed under x-insurer-signature-1, taken by 'auto'.
    const events = await shoppedAndBound(borrower, loanId);
    const deliveries = await twoDeliveries(s);
    expect(deliveries.map((d) => [d.ok, d.status])).toEqual([
      [true, 200],
      [true, 200],
    ]);
    expect(s.processed.map((e) => e.type).sort()).toEqual(['loan.shopped', 'policy.bound']);
    expect(receiverLogger.warn).not.toHaveBeenCalled();

    // The browser's quotes: numbers, and only quotes it can select.
    const display = await borrower.call('GET', `/loans/${loanId}/display`);
    expect(display.status).toBe(200);
    expect(display.json.status).toBe('RC1_RATED');
    const quotes: BrowserQuote[] = display.json.quotes;
    expect(quotes).toHaveLength(3);
    for (const quote of quotes) {
      expect(quote.id).toMatch(/^q1_/);
      expect(Number.isFinite(quote.premium)).toBe(true);
      expect(Number.isFinite(quote.monthlyPremium)).toBe(true);
      expect(quote).not.toHaveProperty('rank');
    }
    // One carrier's logo is null: absent; the others come from the asset origin.
    expect(quotes.map((q) => q.carrierLogoUrl === undefined)).toEqual([false, false, true]);
    expect(new URL(quotes[0]?.carrierLogoUrl ?? '').origin).toBe(sandboxServer.assetOrigin);
    const shopped = await borrower.call('GET', `/loans/${loanId}/shop`);
    expect((shopped.json.quotes as BrowserQuote[]).every((q) => typeof q.id === 'string')).toBe(
      true,
    );

    const quoteId = quotes[1]?.id as string;
    const select = await borrower.call('POST', `/loans/${loanId}/quotes/${quoteId}/select`);
    expect(select.status).toBe(200);
    expect(select.json).toMatchObject({ success: true, quoteId });
    expect(s.sandbox.inspectLoan(loanId)?.selectedQuoteId).toBe(quoteId);
    const chosen = await borrower.call('GET', `/loans/${loanId}/display`);
    expect(chosen.json.selectedQuoteId).toBe(quoteId);

    // The bound policy, read within a minute of binding: its evidence of insurance, from the
    // asset origin, and not the document that is not ready yet.
    const policyId = events.find((e) => e.event.type === 'policy.bound')?.event.policyId;
    const policy = await borrower.call('GET', `/policies/${policyId}`);
    expect(policy.status).toBe(200);
    expect(policy.json).toMatchObject({ id: policyId, termLength: 12, loanId });
    expect(typeof policy.json.premium).toBe('number');
    expect(policy.json.policyNumber).toMatch(/^\d{10}$/);
    const documents: Array<{ id: string; type: string; url: string }> = policy.json.documents;
    expect(documents.map((d) => d.type)).toEqual(['eoi_document', 'declarations_page']);
    const eoi = documents[0];
    expect(eoi?.id).toMatch(/^\d{12}$/);
    expect(new URL(eoi?.url ?? '').origin).toBe(sandboxServer.assetOrigin);
    const pdf = await fetch(eoi?.url ?? '');
    expect(pdf.status).toBe(200);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);

    // What was left out, once per operation and field, never with the value.
    const dropped = clientLogger.warn.mock.calls.filter(([message]) =>
      String(message).includes('could not read'),
    );
    expect(dropped.map(([, meta]) => [meta.operation, meta.field, meta.reason]).sort()).toEqual([
      ['getPolicy', 'documents', 'item'],
      ['getQuoteDisplay', 'quotes', 'item'],
      ['getShoppedLoan', 'quotes', 'item'],
    ]);
    expect(clientLogger.error).not.toHaveBeenCalled();
  });
});
