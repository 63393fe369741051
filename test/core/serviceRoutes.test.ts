import { describe, expect, it } from 'vitest';
import { operations } from '../../src/core/index.js';
import { parseServiceRoutes } from '../../src/core/parseServiceRoutes.js';
import { resolveServiceRoutes } from '../../src/core/resolveServiceRoutes.js';

describe('resolveServiceRoutes', () => {
  it('answers the operation table when nothing is overridden', () => {
    const routes = resolveServiceRoutes();
    expect(routes.getQuoteDisplay).toEqual(operations.getQuoteDisplay.upstream);
    expect(routes.submitLoanApplication).toEqual({ method: 'POST', path: '/v1/loans' });
  });

  it('takes a route as text or as an object, and keeps the method when only a path is given', () => {
    const routes = resolveServiceRoutes({
      submitLoanApplication: 'POST /v1/loans/application',
      getQuoteDisplay: '/v1/loans/{loanId}/quotes/display',
      shopLoan: { method: 'POST', path: '/v1/loans/{loanId}/shop' },
    });
    expect(routes.submitLoanApplication).toEqual({ method: 'POST', path: '/v1/loans/application' });
    expect(routes.getQuoteDisplay).toEqual({
      method: 'GET',
      path: '/v1/loans/{loanId}/quotes/display',
    });
    expect(routes.shopLoan).toEqual({ method: 'POST', path: '/v1/loans/{loanId}/shop' });
    expect(routes.getLoan).toEqual(operations.getLoan.upstream);
  });

  it.each([
    [{ getLoan: '/v1/loans' }, 'routes.getLoan: "/v1/loans" must keep the path\'s ids: {loanId}'],
    [
      { selectQuote: '/v1/loans/{loanId}/select' },
      'routes.selectQuote: "/v1/loans/{loanId}/select" must keep the path\'s ids: {loanId} and {quoteId}',
    ],
    [{ getPolicy: '/v1/policies/{loanId}' }, "must keep the path's ids: {policyId}"],
    [{ getLoan: '/v1/../admin/{loanId}' }, 'may hold only plain segments'],
    [{ getLoan: '/v1/loans/{loanId}?debug=1' }, 'may hold only plain segments'],
    [{ getLoan: 'v1/loans/{loanId}' }, 'must start with "/"'],
    [{ getLoan: 'https://evil.example/{loanId}' }, 'must start with "/"'],
    [{ getLoan: 'DELETE /v1/loans/{loanId}' }, 'the method must be one of GET, POST, PUT, PATCH'],
    [{ submitLoanApplication: 'GET /v1/loans' }, 'cannot be a GET'],
    [{ createToken: 'PUT /v1/token' }, 'a token is requested with POST'],
    [{ loanEvents: '/v1/events/{loanId}' }, '"loanEvents" is not a service operation'],
    [
      { getShoppedLoan: '/v1/loans/{loanId}' },
      'getLoan and getShoppedLoan would both be GET /v1/loans/{}',
    ],
  ])('refuses %j, naming the operation and what to fix', (routes, message) => {
    expect(() => resolveServiceRoutes(routes as never)).toThrow(TypeError);
    expect(() => resolveServiceRoutes(routes as never)).toThrow(message);
  });
});

describe('parseServiceRoutes', () => {
  it('reads entries separated by semicolons, commas or lines', () => {
    expect(
      parseServiceRoutes(
        'submitLoanApplication=POST /v1/loans/application; getQuoteDisplay=/v1/loans/{loanId}/quotes\nshopLoan = PATCH /v1/loans/{loanId}/shop,',
      ),
    ).toEqual({
      submitLoanApplication: 'POST /v1/loans/application',
      getQuoteDisplay: '/v1/loans/{loanId}/quotes',
      shopLoan: 'PATCH /v1/loans/{loanId}/shop',
    });
    expect(parseServiceRoutes('')).toEqual({});
    expect(parseServiceRoutes(undefined)).toEqual({});
  });

  it.each([
    ['getLoan', 'must look like operation=METHOD /path'],
    ['=GET /v1/x', 'must look like operation=METHOD /path'],
    ['getLoan=/a/{loanId};getLoan=/b/{loanId}', 'getLoan is given twice'],
    ['getLoan=/v1/loans', "must keep the path's ids"],
  ])('refuses %j with a TypeError saying what to fix', (text, message) => {
    expect(() => parseServiceRoutes(text)).toThrow(message);
  });
});
