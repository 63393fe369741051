import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { operations, parseResponse, validateInput } from '../../src/core/index.js';
import { parseTokenResponse } from '../../src/server/client/parseTokenResponse.js';
import { loadServiceFixtures, SERVICE_OPERATIONS } from './serviceFixtures.js';

// Contract, part 1: every body of test/fixtures/service through the core's parsers.

const fixtures = loadServiceFixtures();
const tokens = fixtures.filter((f) => f.operation === 'createToken');
const answers = fixtures.filter(
  (f) =>
    f.operation !== 'createToken' &&
    operations[f.operation].output !== null &&
    f.response.status !== 204,
);
const requests = fixtures.filter(
  (f) => f.request !== undefined && f.operation !== 'createToken' && operations[f.operation].input,
);

// Fields the parser names one way whatever the service calls them (see QuoteDisplaySchema).
const RENAMED = new Set(['selectedQuote']);

describe('service fixtures', () => {
  it('cover every operation of the service', () => {
    const covered = new Set(fixtures.map((f) => f.operation));
    expect(SERVICE_OPERATIONS.filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(fixtures)('$file answers with a success status', ({ response }) => {
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
  });

  it.each(answers)('$file is read by the operation’s parser, keeping every field', (f) => {
    const body = f.response.body as Record<string, unknown>;
    const schema = operations[f.operation].output as v.GenericSchema;
    const parsed = parseResponse(schema, body) as Record<string, unknown>;
    for (const key of Object.keys(body)) {
      if (!RENAMED.has(key)) expect(parsed, key).toHaveProperty(key);
    }
  });

  it.each(tokens)('$file is read as a token', (f) => {
    expect(parseTokenResponse(JSON.stringify(f.response.body))).toEqual({
      ok: true,
      token: (f.response.body as { access_token: string }).access_token,
      lifetimeMs: expect.any(Number),
    });
  });

  it.each(requests)('$file has a request its input schema takes whole', async (f) => {
    const load = operations[f.operation].input as () => Promise<v.GenericSchema>;
    expect(validateInput(await load(), f.request)).toEqual(f.request);
  });
});
