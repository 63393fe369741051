import { afterEach, describe, expect, it, vi } from 'vitest';
import { InsuranceError } from '../../../src/core/errors/InsuranceError.js';
import type { ConfigurationProblem } from '../../../src/server/index.js';
import {
  ConfigurationError,
  createMemoryStore,
  createServiceClient,
  createWebhookHandler,
  readServiceEnv,
} from '../../../src/server/index.js';
import { createSandboxService, SANDBOX_DEFAULTS } from '../../../src/testing/index.js';

const SECRET = 'client-secret-0123456789';
const PASSWORD = 'hook-password-0123456789';

/** A complete environment for a real service. */
const complete = {
  SERVICE_BASE_URL: 'https://service.example/lenders/',
  SERVICE_CLIENT_ID: 'lender_client',
  SERVICE_CLIENT_SECRET: SECRET,
  SERVICE_PARTNER_ID: 'lender_partner',
  SERVICE_ROUTES: 'getQuoteDisplay=/v1/loans/{loanId}/quotes',
  WEBHOOK_HEADER_PREFIX: 'X-Acme',
  WEBHOOK_BASIC_AUTH_USERNAME: 'hooks',
  WEBHOOK_BASIC_AUTH_PASSWORD: PASSWORD,
  REDIS_URL: 'redis://127.0.0.1:6379',
};

function problemsOf(env: Record<string, string | undefined>): ConfigurationProblem[] {
  try {
    readServiceEnv(env);
  } catch (error) {
    if (error instanceof ConfigurationError) return [...error.problems];
    throw error;
  }
  throw new Error('readServiceEnv accepted the environment');
}

describe('readServiceEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('turns a complete environment into the options of the service client and the webhook receiver', () => {
    expect(readServiceEnv(complete)).toEqual({
      client: {
        baseUrl: 'https://service.example/lenders',
        clientId: 'lender_client',
        clientSecret: SECRET,
        partnerId: 'lender_partner',
        routes: { getQuoteDisplay: '/v1/loans/{loanId}/quotes' },
      },
      webhooks: {
        secret: SECRET,
        headerPrefix: 'X-Acme',
        basicAuth: { username: 'hooks', password: PASSWORD },
      },
      webhookSecretFrom: 'SERVICE_CLIENT_SECRET',
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('gives options the factories take as they are, and the client reaches the service with them', async () => {
    const sandbox = createSandboxService({ clock: 'manual' });
    try {
      const env = readServiceEnv({
        SERVICE_BASE_URL: `https://sandbox.test${SANDBOX_DEFAULTS.basePath}`,
        SERVICE_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
        SERVICE_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret,
      });
      const store = createMemoryStore();
      const client = createServiceClient({ ...env.client, store, fetch: sandbox.fetch });
      expect(() => createWebhookHandler({ ...env.webhooks, store })).not.toThrow();
      await expect(
        client.call('getPolicy', { params: { policyId: 'no_such_policy' } }),
      ).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      sandbox.dispose();
    }
  });

  it('verifies webhooks with WEBHOOK_SECRET when it is set, and says so by name', () => {
    const env = readServiceEnv({ ...complete, WEBHOOK_SECRET: 'webhook-secret-0123' });
    expect(env.webhooks.secret).toBe('webhook-secret-0123');
    expect(env.webhookSecretFrom).toBe('WEBHOOK_SECRET');
  });

  it('reads process.env when given nothing', () => {
    for (const [name, value] of Object.entries(complete)) vi.stubEnv(name, value);
    expect(readServiceEnv().client.clientId).toBe('lender_client');
  });

  it('takes an empty variable for an unset one', () => {
    const env = readServiceEnv({
      ...complete,
      SERVICE_PARTNER_ID: '',
      SERVICE_ROUTES: '',
      WEBHOOK_HEADER_PREFIX: '',
      WEBHOOK_BASIC_AUTH_USERNAME: '',
      WEBHOOK_BASIC_AUTH_PASSWORD: '',
      REDIS_URL: '',
    });
    expect(env.client.partnerId).toBeUndefined();
    expect(env.client.routes).toEqual({});
    expect(env.webhooks).toEqual({ secret: SECRET, headerPrefix: 'auto' });
    expect(env.redisUrl).toBeUndefined();
  });

  it.each([
    ['unset', undefined, 'auto'],
    ['auto', 'auto', 'auto'],
    ['AUTO', 'AUTO', 'auto'],
    ['a prefix', 'X-Acme', 'X-Acme'],
  ])('W46: WEBHOOK_HEADER_PREFIX %s gives headerPrefix %s', (_name, value, headerPrefix) => {
    const env = readServiceEnv({ ...complete, WEBHOOK_HEADER_PREFIX: value });
    expect(env.webhooks.headerPrefix).toBe(headerPrefix);
  });

  it('W46: a WEBHOOK_HEADER_PREFIX that is no header name: the fix offers auto (unset) or a prefix', () => {
    const [problem] = problemsOf({ ...complete, WEBHOOK_HEADER_PREFIX: 'X Acme' });
    expect(problem).toEqual({
      variable: 'WEBHOOK_HEADER_PREFIX',
      message:
        'WEBHOOK_HEADER_PREFIX must be a header name of at most 64 characters, such as X-Acme (got "X Acme")',
      fix: 'Unset WEBHOOK_HEADER_PREFIX (the default, auto, takes the one X-*-Signature-1 header whose HMAC verifies, under any vendor prefix), or set it to the prefix the service signs with to pin it, e.g. X-Acme for X-Acme-Signature-1.',
    });
  });

  it('accepts http: for a sandbox on this machine only', () => {
    const local = { ...complete, SERVICE_BASE_URL: 'http://127.0.0.1:4010/lenders' };
    expect(readServiceEnv(local).client.baseUrl).toBe('http://127.0.0.1:4010/lenders');
    expect(problemsOf({ ...complete, SERVICE_BASE_URL: 'http://service.example/lenders' })).toEqual(
      [
        {
          variable: 'SERVICE_BASE_URL',
          message: 'SERVICE_BASE_URL must use https: (http: is allowed only for loopback hosts)',
          fix: "Use the service's https address, e.g. https://service.example/lenders.",
        },
      ],
    );
  });

  it('without any setting, throws one typed error naming each required variable and how to set it', () => {
    let caught: unknown;
    try {
      readServiceEnv({});
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect(caught).toBeInstanceOf(InsuranceError);
    const error = caught as ConfigurationError;
    expect(error.code).toBe('configuration_error');
    expect(error.problems.map((p) => p.message)).toEqual([
      'SERVICE_BASE_URL is not set',
      'SERVICE_CLIENT_ID is not set',
      'SERVICE_CLIENT_SECRET is not set',
    ]);
    expect(error.problems[0]?.fix).toBe(
      "Set SERVICE_BASE_URL to the service's base URL with its path prefix, e.g. https://<service host>/lenders.",
    );
    expect(error.message).toBe(
      'The configuration has 3 problems: SERVICE_BASE_URL is not set; SERVICE_CLIENT_ID is not set; SERVICE_CLIENT_SECRET is not set',
    );
  });

  it('lists every problem at once, in the order of the variables, each with its fix', () => {
    const problems = problemsOf({
      SERVICE_BASE_URL: 'service.example/lenders',
      SERVICE_CLIENT_ID: 'lender_client',
      SERVICE_CLIENT_SECRET: SECRET,
      SERVICE_PARTNER_ID: 'lender/partner',
      SERVICE_ROUTES: 'getQuote=/v1/quotes',
      WEBHOOK_HEADER_PREFIX: 'X-Acme-',
      WEBHOOK_BASIC_AUTH_USERNAME: 'hooks',
      REDIS_URL: 'localhost:6379',
    });
    expect(problems.map((p) => p.variable)).toEqual([
      'SERVICE_BASE_URL',
      'SERVICE_PARTNER_ID',
      'SERVICE_ROUTES',
      'WEBHOOK_HEADER_PREFIX',
      'WEBHOOK_BASIC_AUTH_PASSWORD',
      'REDIS_URL',
    ]);
    for (const problem of problems) {
      expect(problem.message.startsWith(problem.variable)).toBe(true);
      expect(problem.fix).toMatch(/\.$/);
    }
    expect(problems.find((p) => p.variable === 'WEBHOOK_HEADER_PREFIX')?.fix).toBe(
      'Set WEBHOOK_HEADER_PREFIX=X-Acme.',
    );
    expect(problems.find((p) => p.variable === 'SERVICE_ROUTES')?.message).toMatch(
      /^SERVICE_ROUTES: "getQuote" is not a service operation/,
    );
    expect(problems.find((p) => p.variable === 'WEBHOOK_BASIC_AUTH_PASSWORD')?.message).toBe(
      'WEBHOOK_BASIC_AUTH_PASSWORD is not set, but WEBHOOK_BASIC_AUTH_USERNAME is',
    );
  });

  it('refuses a base URL that already holds /v1, with the URL to use instead', () => {
    expect(
      problemsOf({ ...complete, SERVICE_BASE_URL: 'https://service.example/lenders/v1' }),
    ).toEqual([
      {
        variable: 'SERVICE_BASE_URL',
        message:
          'SERVICE_BASE_URL holds /v1, which every route already starts with (/v1/auth/token)',
        fix: 'Leave /v1 and what follows it out: https://service.example/lenders.',
      },
    ]);
  });

  it('suggests the https address without /v1 for an http base URL that holds it', () => {
    expect(
      problemsOf({ ...complete, SERVICE_BASE_URL: 'http://service.example/lenders/v1/' }),
    ).toEqual([
      {
        variable: 'SERVICE_BASE_URL',
        message: 'SERVICE_BASE_URL must use https: (http: is allowed only for loopback hosts)',
        fix: "Use the service's https address, e.g. https://service.example/lenders.",
      },
    ]);
  });

  it('refuses credentials wrapped in spaces or a line break, as a copy often leaves them', () => {
    const problems = problemsOf({
      ...complete,
      SERVICE_CLIENT_SECRET: `${SECRET}\n`,
      WEBHOOK_SECRET: ` ${SECRET}`,
    });
    expect(problems.map((p) => p.message)).toEqual([
      'SERVICE_CLIENT_SECRET starts or ends with a space or a line break',
      'WEBHOOK_SECRET starts or ends with a space or a line break',
    ]);
  });

  it('never repeats a secret, a password or a URL that may hold one', () => {
    let caught: unknown;
    try {
      readServiceEnv({
        SERVICE_BASE_URL: `https://lender:${PASSWORD}@service.example/lenders`,
        SERVICE_CLIENT_ID: ' lender_client',
        SERVICE_CLIENT_SECRET: `${SECRET} `,
        WEBHOOK_BASIC_AUTH_USERNAME: `hooks:${PASSWORD}`,
        WEBHOOK_BASIC_AUTH_PASSWORD: PASSWORD,
        REDIS_URL: `redis//:${PASSWORD}@cache`,
      });
    } catch (error) {
      caught = error;
    }
    const error = caught as ConfigurationError;
    expect(error.problems.map((p) => p.variable)).toEqual([
      'SERVICE_BASE_URL',
      'SERVICE_CLIENT_ID',
      'SERVICE_CLIENT_SECRET',
      'WEBHOOK_BASIC_AUTH_USERNAME',
      'REDIS_URL',
    ]);
    const text = JSON.stringify({ message: error.message, problems: error.problems });
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(SECRET);
  });
});
