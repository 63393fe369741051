import { describe, expect, it } from 'vitest';
import type { BffOperationName } from '../../../src/core/operations.js';
import { operations } from '../../../src/core/operations.js';
import { buildPath } from '../../../src/core/paths.js';
import { parseSuccessBody } from '../../../src/server/client/parseSuccessBody.js';
import { loanApplication, publishEvent, setup } from './helpers.js';

// The HTTP adapter takes the BFF's answers as they come: the BFF reads what the service answers
// with the core's parsers (as its client does, `parseSuccessBody`) and sends the one spelling.
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** A BFF whose service answers `name` with the raw JSON `answer`, read by the real parser. */
function answering(name: BffOperationName, answer: unknown) {
  return setup({
    documentHosts: ['docs.example'],
    responder: (called) =>
      parseSuccessBody(
        {
          name: called,
          op: operations[called],
          read: operations[called].upstream?.method === 'GET',
          fill: {},
          onDrop() {},
        },
        200,
        encode(called === name ? answer : {}),
      ),
  });
}

async function ask(name: BffOperationName, answer: unknown, params: Record<string, string>) {
  const bff = answering(name, answer);
  if (name === 'getPolicy') {
    await publishEvent(bff.relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
  }
  const route = operations[name].bff as { method: string; path: string };
  const body = name === 'submitLoanApplication' ? { body: loanApplication() } : {};
  return bff.send(route.method, buildPath(route.path, params), body);
}

const loan = {
  id: 'loan_a1',
  loanNumber: 'LN-loan_a1',
  status: 'NOT_YET_RATED',
  borrowers: [{ firstName: 'Avery', lastName: 'Stone', isPrimary: true }],
  hostedDisplayUrl: '',
};
const quotes = [{ id: 'q_1', premium: 1200 }];

describe('what the BFF sends a browser is in the one shape the HTTP adapter reads', () => {
  it('a created loan has its lists filled in', async () => {
    const res = await ask('submitLoanApplication', loan, {});
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ ...loan, currentInsurancePolicies: [] });
  });

  it('a loan read has its lists filled in', async () => {
    const res = await ask('getLoan', loan, { loanId: 'loan_a1' });
    expect(res.json).toEqual({ ...loan, currentInsurancePolicies: [] });
  });

  it('a shopped loan has its display URL, empty until there is one', async () => {
    const res = await ask(
      'getShoppedLoan',
      { id: 'loan_a1', status: 'RC1_RATED', quotes },
      { loanId: 'loan_a1' },
    );
    expect(res.json).toEqual({ id: 'loan_a1', status: 'RC1_RATED', hostedDisplayUrl: '', quotes });
  });

  it('the quote display names the selected quote one way, whichever way the service did', async () => {
    const expected = {
      id: 'loan_a1',
      status: 'RC1_RATED',
      hostedDisplayUrl: '',
      quotes: quotes.map((q) => ({ ...q, selected: true })),
      selectedQuoteId: 'q_1',
    };
    for (const named of [
      { selectedQuote: { id: 'q_1' } },
      { selectedQuote: 'q_1' },
      { selectedQuoteId: 'q_1' },
    ]) {
      const answer = { id: 'loan_a1', status: 'RC1_RATED', quotes, ...named };
      const res = await ask('getQuoteDisplay', answer, { loanId: 'loan_a1' });
      expect(res.json).toEqual(expected);
    }
    const flagged = [{ id: 'q_1', premium: 1200, isSelected: true }];
    const res = await ask(
      'getQuoteDisplay',
      { id: 'loan_a1', quotes: flagged },
      { loanId: 'loan_a1' },
    );
    expect(res.json).toMatchObject({ selectedQuoteId: 'q_1', quotes: [{ selected: true }] });
  });

  it("a policy's documents are named and typed, and its coverages are a list", async () => {
    const res = await ask(
      'getPolicy',
      {
        id: 'pol_a',
        coverages: { a: { included: true, amount: 300_000 } },
        documents: [{ id: 'd1', url: 'https://docs.example/d1.pdf' }],
      },
      { policyId: 'pol_a' },
    );
    expect(res.json).toEqual({
      id: 'pol_a',
      coverages: [{ a: { included: true, amount: 300_000 } }],
      documents: [
        { id: 'd1', name: 'Document', type: 'document', url: 'https://docs.example/d1.pdf' },
      ],
    });
  });

  it("a retrieval's URL is given as retrievalUrl, whatever the service called it", async () => {
    const res = await ask(
      'initiatePolicyRetrieval',
      { id: 'loan_a1', hostedRetrievalUrl: 'https://retrieve.example/x' },
      { loanId: 'loan_a1' },
    );
    expect(res.json).toEqual({ id: 'loan_a1', retrievalUrl: 'https://retrieve.example/x' });
  });

  it('a service answer missing what the client relies on is a 502 service_error, never passed on', async () => {
    const res = await ask(
      'getLoan',
      { loanNumber: 'LN-1', status: 'RC1_RATED' },
      { loanId: 'loan_a1' },
    );
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe('service_error');
    expect(res.text).not.toContain('LN-1');
  });
});
