import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/core/index.js';
import { OPERATION_NAMES, operations } from '../../src/core/index.js';

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;
const placeholders = (path: string) => [...path.matchAll(PLACEHOLDER)].map((m) => m[1]);
const rows = OPERATION_NAMES.map((name) => [name, operations[name]] as const);
const namesWhere = (pred: (op: (typeof operations)[OperationName]) => boolean) =>
  OPERATION_NAMES.filter((name) => pred(operations[name])).sort();

describe('the operation table', () => {
  it('OPERATION_NAMES lists every row once', () => {
    expect(OPERATION_NAMES).toEqual(Object.keys(operations));
    expect(new Set(OPERATION_NAMES).size).toBe(OPERATION_NAMES.length);
  });

  it('R1: the rate-limited operations are exactly submit, get loan and shop (the spec list)', () => {
    expect(namesWhere((op) => op.rateLimited)).toEqual([
      'getLoan',
      'shopLoan',
      'submitLoanApplication',
    ]);
    expect(operations.submitLoanApplication.upstream).toEqual({
      method: 'POST',
      path: '/v1/loans',
    });
    expect(operations.getLoan.upstream).toEqual({ method: 'GET', path: '/v1/loans/{loanId}' });
    expect(operations.shopLoan.upstream).toEqual({
      method: 'PATCH',
      path: '/v1/loans/{loanId}/shop',
    });
  });

  it('only scheduleCall and callMeNow require TCPA consent', () => {
    expect(namesWhere((op) => op.requiresTcpaConsent)).toEqual(['callMeNow', 'scheduleCall']);
  });

  it('every upstream path starts with /v1/', () => {
    for (const [name, op] of rows) {
      if (op.upstream) expect(op.upstream.path, name).toMatch(/^\/v1\//);
    }
  });

  it('every bff path starts with / and never with /v1 (the bff has its own base path)', () => {
    for (const [name, op] of rows) {
      if (op.bff) {
        expect(op.bff.path, name).toMatch(/^\/[a-z]/);
        expect(op.bff.path, name).not.toMatch(/^\/v1\b/);
      }
    }
  });

  it('only loanId, quoteId and policyId are used as placeholders', () => {
    for (const [name, op] of rows) {
      for (const route of [op.upstream, op.bff]) {
        if (!route) continue;
        for (const p of placeholders(route.path)) {
          expect(['loanId', 'quoteId', 'policyId'], `${name} ${route.path}`).toContain(p);
        }
      }
    }
  });

  it('the bff path placeholders are exactly pathIds (same set, each once)', () => {
    for (const [name, op] of rows) {
      if (!op.bff) continue;
      const ids = placeholders(op.bff.path);
      expect(new Set(ids).size, name).toBe(ids.length);
      expect([...ids].sort(), name).toEqual([...op.pathIds].sort());
    }
  });

  it('the upstream path placeholders are a subset of pathIds', () => {
    for (const [name, op] of rows) {
      if (!op.upstream) continue;
      for (const id of placeholders(op.upstream.path)) {
        expect(op.pathIds as readonly string[], name).toContain(id);
      }
    }
  });

  it('without loanIdInBody, the upstream path has every pathId', () => {
    for (const [name, op] of rows) {
      if (!op.upstream || op.loanIdInBody) continue;
      expect([...placeholders(op.upstream.path)].sort(), name).toEqual([...op.pathIds].sort());
    }
  });

  it('loanIdInBody operations have no {loanId} upstream and an input schema with an id field', async () => {
    const inBody = namesWhere((op) => op.loanIdInBody);
    expect(inBody).toEqual([
      'callMeNow',
      'recordConsent',
      'recordGeneralConsent',
      'recordTcpaConsent',
      'scheduleCall',
    ]);
    for (const name of inBody) {
      const op = operations[name];
      expect(op.upstream?.path, name).not.toContain('{loanId}');
      expect(op.pathIds, name).toContain('loanId');
      const input = op.input ? await op.input() : null;
      expect(input, name).not.toBeNull();
      expect(
        input && 'entries' in input ? Object.keys(input.entries as object) : [],
        name,
      ).toContain('id');
      // and the id field refuses a malformed id
      const bad = v.safeParse(input as v.GenericSchema, { id: '../x' });
      expect(bad.success, name).toBe(false);
      expect(
        bad.issues?.some((i) => v.getDotPath(i) === 'id'),
        name,
      ).toBe(true);
    }
  });

  it.each(['upstream', 'bff'] as const)(
    'no two operations share a method and path on the %s side',
    (side) => {
      const seen = new Map<string, string>();
      for (const [name, op] of rows) {
        const route = op[side];
        if (!route) continue;
        // normalise placeholder names: /loans/{loanId} and /loans/{policyId} are the same route
        const key = `${route.method} ${route.path.replace(PLACEHOLDER, '{}')}`;
        expect(seen.get(key), `${name} duplicates ${seen.get(key)} on ${key}`).toBeUndefined();
        seen.set(key, name);
      }
    },
  );

  it('only createToken has no bff route and only the BFF-only routes have no upstream route', () => {
    expect(namesWhere((op) => op.bff === null)).toEqual(['createToken']);
    expect(namesWhere((op) => op.upstream === null)).toEqual(['getTcpaConsent', 'loanEvents']);
  });

  it('every GET operation is idempotent', () => {
    for (const [name, op] of rows) {
      if (op.upstream?.method === 'GET' || op.bff?.method === 'GET') {
        expect(op.idempotent, name).toBe(true);
      }
    }
  });

  it('R13: create application, select quote, schedule call and call me now are not idempotent', () => {
    for (const name of [
      'submitLoanApplication',
      'selectQuote',
      'scheduleCall',
      'callMeNow',
    ] as const) {
      expect(operations[name].idempotent, name).toBe(false);
    }
  });

  it('the bff and upstream methods agree for operations that have both', () => {
    for (const [name, op] of rows) {
      if (op.upstream && op.bff) expect(op.bff.method, name).toBe(op.upstream.method);
    }
  });

  it('GET operations take no input body', () => {
    for (const [name, op] of rows) {
      if (op.upstream?.method === 'GET' || op.bff?.method === 'GET')
        expect(op.input, name).toBeNull();
    }
  });

  // From service-facts.md "Paths: which variant to use"; {id} is the loan id except under
  // /policies/{id} for get policy (ours: {policyId}) and retrieve (ours: {loanId}, by design).
  const FACTS: Record<Exclude<OperationName, 'getTcpaConsent' | 'loanEvents'>, string> = {
    createToken: 'POST /v1/auth/token',
    submitLoanApplication: 'POST /v1/loans',
    getLoan: 'GET /v1/loans/{id}',
    shopLoan: 'PATCH /v1/loans/{id}/shop',
    getShoppedLoan: 'GET /v1/loans/{id}/shop',
    getQuoteDisplay: 'GET /v1/loans/{id}/display',
    selectQuote: 'POST /v1/loans/{id}/quotes/{quoteId}/select',
    recordConsent: 'POST /v1/loans/consent',
    recordTcpaConsent: 'POST /v1/loans/consent/tcpa',
    recordGeneralConsent: 'POST /v1/loans/consent/general',
    scheduleCall: 'POST /v1/loans/schedule_call',
    callMeNow: 'POST /v1/loans/call_me_now',
    getPolicy: 'GET /v1/policies/{id}',
    initiatePolicyRetrieval: 'PATCH /v1/policies/{id}/retrieve',
    closeLoan: 'PATCH /v1/loans/{id}/close',
    updateLoanContacts: 'PUT /v1/loans/{id}/loan-contacts',
    updateCurrentInsurance: 'PUT /v1/loans/{id}/current-insurance',
  };

  it.each(Object.entries(FACTS))(
    'the upstream route of %s matches the facts file: %s',
    (name, want) => {
      const route = operations[name as OperationName].upstream;
      expect(route).not.toBeNull();
      const have = `${route?.method} ${route?.path.replace(/\{(loanId|policyId)\}/g, '{id}')}`;
      expect(have).toBe(want);
    },
  );

  it('spot-checks the facts table verbatim', () => {
    expect(operations.shopLoan.upstream).toEqual({
      method: 'PATCH',
      path: '/v1/loans/{loanId}/shop',
    });
    expect(operations.updateLoanContacts.upstream).toEqual({
      method: 'PUT',
      path: '/v1/loans/{loanId}/loan-contacts',
    });
    expect(operations.submitLoanApplication.upstream).toEqual({
      method: 'POST',
      path: '/v1/loans',
    });
  });

  it('shop and select quote send no body; loan contacts answer no body; current insurance answers the stored policies', () => {
    expect(operations.shopLoan.input).toBeNull();
    expect(operations.selectQuote.input).toBeNull();
    expect(operations.updateLoanContacts.output).toBeNull();
    expect(operations.updateCurrentInsurance.output).not.toBeNull();
    // Its `id` is not documented as the loan's: never checked against the path.
    expect(operations.updateCurrentInsurance.echoes).toEqual({});
  });
});
