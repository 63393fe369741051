import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OperationName, PathParams } from '../../src/core/index.js';
import {
  buildPath,
  ID_PATTERN,
  isValidId,
  matchOperation,
  matchPath,
  OPERATION_NAMES,
  operations,
} from '../../src/core/index.js';

const SAMPLE: Required<PathParams> = { loanId: 'loan_1', quoteId: 'q-1', policyId: 'POL1' };

/** B5 vectors: every one must be refused before a URL is built. */
const B5_IDS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '..%2F..%2Fauth%2Ftoken',
  'a/b',
  '',
  'x'.repeat(65),
  '%00',
  '\u0000',
  'é',
  'e\u0301',
  '%E0%A4%A',
  'l1?partner_id=x',
  'l1#frag',
  'l1;x',
  ' l1',
  'l1\n',
  '//evil.example',
];

/** The B5 vectors that stay a single path segment (no '/') and are not empty. */
const SINGLE_SEGMENT_B5 = B5_IDS.filter((id) => id !== '' && !id.includes('/'));

describe('buildPath', () => {
  it('fills every placeholder with a well-formed id', () => {
    expect(buildPath('/v1/loans/{loanId}/shop', { loanId: 'loan_1' })).toBe(
      '/v1/loans/loan_1/shop',
    );
    expect(buildPath('/v1/loans/{loanId}/quotes/{quoteId}/select', SAMPLE)).toBe(
      '/v1/loans/loan_1/quotes/q-1/select',
    );
    expect(buildPath('/v1/policies/{policyId}', { policyId: 'A-z_0-9' })).toBe(
      '/v1/policies/A-z_0-9',
    );
    expect(buildPath('/v1/loans/{loanId}', { loanId: 'a'.repeat(64) })).toBe(
      `/v1/loans/${'a'.repeat(64)}`,
    );
  });

  it('leaves a template without placeholders unchanged and ignores extra params', () => {
    expect(buildPath('/v1/loans', SAMPLE)).toBe('/v1/loans');
    expect(buildPath('/v1/loans', {})).toBe('/v1/loans');
  });

  it('throws TypeError naming the id when an id is missing', () => {
    expect(() => buildPath('/v1/loans/{loanId}/shop', {})).toThrow(TypeError);
    expect(() => buildPath('/v1/loans/{loanId}/shop', {})).toThrow('Invalid loanId');
    expect(() => buildPath('/v1/loans/{loanId}/quotes/{quoteId}/select', { loanId: 'l1' })).toThrow(
      'Invalid quoteId',
    );
  });

  it.each(B5_IDS)('B5: throws TypeError for the malformed id %j', (id) => {
    expect(() => buildPath('/v1/loans/{loanId}/shop', { loanId: id })).toThrow(TypeError);
    expect(() => buildPath('/v1/policies/{policyId}', { policyId: id })).toThrow(TypeError);
  });

  it('does not put the bad id into the error message', () => {
    const id = '../../auth/token?secret=s3cr3t';
    expect(() => buildPath('/v1/loans/{loanId}', { loanId: id })).toThrow(/^Invalid loanId$/);
  });

  it('B6: for any string id, buildPath throws or yields /v1/loans/<ID_PATTERN>/shop', () => {
    const id = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.constantFrom('.', '/', '%', '2', 'e', 'F', 'a', '?', '#', '\\', ' ', '\n'),
      }),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      fc.string({ unit: fc.constantFrom('a', '_', '-', '0'), minLength: 60, maxLength: 70 }),
      fc.constantFrom(...B5_IDS),
    );
    fc.assert(
      fc.property(id, (loanId) => {
        let path: string;
        try {
          path = buildPath('/v1/loans/{loanId}/shop', { loanId });
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect(ID_PATTERN.test(loanId)).toBe(false);
          return;
        }
        expect(path).toMatch(/^\/v1\/loans\/[A-Za-z0-9_-]{1,64}\/shop$/);
        expect(path).toBe(`/v1/loans/${loanId}/shop`);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('matchPath', () => {
  it('returns the ids and valid: true for a well-formed path', () => {
    expect(
      matchPath('/loans/{loanId}/quotes/{quoteId}/select', '/loans/l1/quotes/q1/select'),
    ).toEqual({
      params: { loanId: 'l1', quoteId: 'q1' },
      valid: true,
    });
    expect(matchPath('/v1/loans', '/v1/loans')).toEqual({ params: {}, valid: true });
  });

  it('returns valid: false (not null) for a malformed id, without decoding it', () => {
    expect(matchPath('/loans/{loanId}', '/loans/%2e%2e')).toEqual({
      params: { loanId: '%2e%2e' },
      valid: false,
    });
    expect(
      matchPath('/loans/{loanId}/quotes/{quoteId}/select', '/loans/l1/quotes/../select'),
    ).toEqual({
      params: { loanId: 'l1', quoteId: '..' },
      valid: false,
    });
  });

  it('returns null on a literal mismatch', () => {
    expect(matchPath('/loans/{loanId}/shop', '/loans/l1/shopx')).toBeNull();
    expect(matchPath('/loans/{loanId}/shop', '/Loans/l1/shop')).toBeNull();
    expect(matchPath('/v1/loans', '/v2/loans')).toBeNull();
  });

  it('returns null on a length mismatch (extra, missing or trailing segment)', () => {
    expect(matchPath('/loans/{loanId}', '/loans/a/b')).toBeNull();
    expect(matchPath('/loans/{loanId}', '/loans')).toBeNull();
    expect(matchPath('/loans/{loanId}', '/loans/l1/')).toBeNull();
    expect(matchPath('/v1/loans', 'v1/loans')).toBeNull();
  });

  it('returns null for an empty id segment', () => {
    expect(matchPath('/loans/{loanId}/shop', '/loans//shop')).toBeNull();
    expect(matchPath('/loans/{loanId}', '/loans/')).toBeNull();
  });
});

/** Every operation's route on one side, with the sample ids filled in. */
function sampleRoutes(side: 'upstream' | 'bff') {
  return OPERATION_NAMES.flatMap((name) => {
    const route = operations[name][side];
    return route ? [{ name, method: route.method, path: buildPath(route.path, SAMPLE) }] : [];
  });
}

describe('matchOperation: every route matches itself', () => {
  for (const side of ['upstream', 'bff'] as const) {
    it.each(sampleRoutes(side))(`${side}: $method $path → $name`, ({ name, method, path }) => {
      const expected: PathParams = {};
      for (const id of operations[name].pathIds) {
        if (side === 'bff' || !operations[name].loanIdInBody) expected[id] = SAMPLE[id];
      }
      expect(matchOperation(side, method, path)).toEqual({
        kind: 'matched',
        name,
        params: expected,
      });
    });
  }
});

describe('matchOperation: B1 non-allowlisted operations', () => {
  it.each([
    '/admin',
    '/v1/auth/token',
    '/auth/token',
    '/../v1/auth/token',
    '/loans/l1/../../v1/auth/token',
    '/',
    '',
    '/loans/l1/shop/',
    '//loans/l1',
    '/loans/l1/events/extra',
  ])('B1: bff %j → not_found for every method', (path) => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(matchOperation('bff', method, path)).toEqual({ kind: 'not_found' });
    }
  });

  it('the token route exists upstream only (createToken has no bff route)', () => {
    expect(matchOperation('upstream', 'POST', '/v1/auth/token')).toEqual({
      kind: 'matched',
      name: 'createToken',
      params: {},
    });
  });

  it('the events stream exists on the bff only', () => {
    expect(matchOperation('upstream', 'GET', '/v1/loans/l1/events')).toEqual({ kind: 'not_found' });
    expect(matchOperation('bff', 'GET', '/loans/l1/events')).toMatchObject({ name: 'loanEvents' });
  });

  it('upstream paths are not bff paths and vice versa', () => {
    expect(matchOperation('bff', 'GET', '/v1/loans/l1')).toEqual({ kind: 'not_found' });
    expect(matchOperation('upstream', 'GET', '/loans/l1')).toEqual({ kind: 'not_found' });
  });
});

describe('matchOperation: B2 wrong method', () => {
  const allowOf = (side: 'upstream' | 'bff', method: string, path: string) => {
    const m = matchOperation(side, method, path);
    expect(m.kind).toBe('method_not_allowed');
    return m.kind === 'method_not_allowed' ? [...m.allow].sort() : [];
  };

  it('B2: GET on the select route → 405 with Allow: POST (both sides)', () => {
    expect(allowOf('upstream', 'GET', '/v1/loans/l1/quotes/q1/select')).toEqual(['POST']);
    expect(allowOf('bff', 'GET', '/loans/l1/quotes/q1/select')).toEqual(['POST']);
  });

  it('B2: DELETE on a shop path lists both GET and PATCH', () => {
    expect(allowOf('bff', 'DELETE', '/loans/l1/shop')).toEqual(['GET', 'PATCH']);
    expect(allowOf('upstream', 'DELETE', '/v1/loans/l1/shop')).toEqual(['GET', 'PATCH']);
  });

  it.each([
    ['bff', 'POST', '/loans/l1', ['GET']],
    ['bff', 'GET', '/loans', ['POST']],
    ['bff', 'PATCH', '/loans/l1/consent/tcpa', ['GET', 'POST']],
    ['bff', 'POST', '/loans/l1/loan-contacts', ['PUT']],
    ['bff', 'POST', '/loans/l1/events', ['GET']],
    ['upstream', 'GET', '/v1/auth/token', ['POST']],
    ['upstream', 'PUT', '/v1/loans/l1/current-insurance/', null],
    ['upstream', 'GET', '/v1/policies/p1/retrieve', ['PATCH']],
    ['upstream', 'POST', '/v1/loans/consent/general/x', null],
  ] as const)('B2: %s %s %s → Allow %j', (side, method, path, allow) => {
    if (allow === null) {
      expect(matchOperation(side, method, path)).toEqual({ kind: 'not_found' });
    } else {
      expect(allowOf(side, method, path)).toEqual([...allow].sort());
    }
  });

  it('methods are compared exactly (lowercase "get" is not GET)', () => {
    expect(allowOf('bff', 'get', '/loans/l1')).toEqual(['GET']);
  });
});

describe('matchOperation: literal segments beat ids', () => {
  it.each([
    ['POST', '/v1/loans/consent', 'recordConsent'],
    ['POST', '/v1/loans/consent/tcpa', 'recordTcpaConsent'],
    ['POST', '/v1/loans/consent/general', 'recordGeneralConsent'],
    ['POST', '/v1/loans/schedule_call', 'scheduleCall'],
    ['POST', '/v1/loans/call_me_now', 'callMeNow'],
    ['POST', '/v1/loans', 'submitLoanApplication'],
  ] as const)('upstream %s %s is %s with no params', (method, path, name) => {
    expect(matchOperation('upstream', method, path)).toEqual({ kind: 'matched', name, params: {} });
  });

  // matchOperation's own doc: "Literal segments win over ids, so `/v1/loans/consent` is never
  // read as a loan called `consent`." With GET, the literal route (POST only) is skipped and the
  // path falls through to getLoan with loanId "consent"; per the doc it should be a 405.
  it('upstream GET /v1/loans/consent (and /schedule_call, /call_me_now) is a 405, not getLoan', () => {
    const results = ['/v1/loans/consent', '/v1/loans/schedule_call', '/v1/loans/call_me_now'].map(
      (path) => matchOperation('upstream', 'GET', path),
    );
    for (const result of results) {
      expect(result).toEqual({ kind: 'method_not_allowed', allow: ['POST'] });
    }
  });

  it('bff GET /loans/consent is getLoan("consent"): the bff has no literal /loans/consent route', () => {
    expect(matchOperation('bff', 'GET', '/loans/consent')).toEqual({
      kind: 'matched',
      name: 'getLoan',
      params: { loanId: 'consent' },
    });
  });
});

describe('matchOperation: B5 malformed ids are never matched', () => {
  const idRoutes = (side: 'upstream' | 'bff') =>
    OPERATION_NAMES.flatMap((name) => {
      const route = operations[name][side];
      if (!route || !/\{(loanId|quoteId|policyId)\}/.test(route.path)) return [];
      return [{ name, method: route.method, template: route.path }];
    });

  for (const side of ['upstream', 'bff'] as const) {
    it(`B5: ${side}: every vector in every id position is refused`, () => {
      for (const { name, method, template } of idRoutes(side)) {
        const ids = template.match(/\{(loanId|quoteId|policyId)\}/g) ?? [];
        for (const placeholder of ids) {
          for (const bad of B5_IDS) {
            const path = template
              .replace(placeholder, bad)
              .replace(
                /\{(loanId|quoteId|policyId)\}/g,
                (_, id: keyof typeof SAMPLE) => SAMPLE[id],
              );
            const m = matchOperation(side, method, path);
            expect(m.kind, `${method} ${path}`).not.toBe('matched');
            if (SINGLE_SEGMENT_B5.includes(bad)) {
              expect(m, `${method} ${path}`).toEqual({ kind: 'invalid_id', name });
            }
          }
        }
      }
    });
  }

  it('B5: "a/b" and "" give not_found (a length mismatch or an empty segment)', () => {
    expect(matchOperation('bff', 'PATCH', '/loans/a/b/shop')).toEqual({ kind: 'not_found' });
    expect(matchOperation('bff', 'PATCH', '/loans//shop')).toEqual({ kind: 'not_found' });
  });
});

describe('matchOperation: properties', () => {
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'get', '', 'OPTIONS');
  const segment = fc.oneof(
    fc.constantFrom(
      'v1',
      'loans',
      'consent',
      'tcpa',
      'shop',
      'quotes',
      'select',
      'policies',
      '..',
      '',
    ),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    fc.string(),
  );
  const path = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.webPath(),
    fc.array(segment, { maxLength: 8 }).map((s) => `/${s.join('/')}`),
  );

  it('B6: never throws for any method and path, and a match always carries well-formed ids', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('upstream' as const, 'bff' as const),
        method,
        path,
        (side, m, p) => {
          const result = matchOperation(side, m, p);
          if (result.kind === 'matched') {
            for (const value of Object.values(result.params)) expect(isValidId(value)).toBe(true);
            const route = operations[result.name as OperationName][side];
            expect(route && buildPath(route.path, result.params)).toBe(p);
            expect(route?.method).toBe(m);
          }
          if (result.kind === 'method_not_allowed') expect(result.allow.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
