import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as v from 'valibot';
import type { PrimaryBorrowerSchema } from '../../../src/core/schemas/borrower.js';
import type { LoanApplicationRequest } from '../../../src/core/schemas/loanApplicationInput.js';
import type { WebhookEnvelope } from '../../../src/core/schemas/webhookEvent.js';
import type {
  SandboxClientConfig,
  SandboxService,
  SandboxServiceOptions,
  WebhookTarget,
} from '../../../src/testing/index.js';
import {
  createSandboxClock,
  createSandboxService,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import type { ApiResponse } from '../../support/readResponse.js';
import { readResponse } from '../../support/readResponse.js';

export type { ApiResponse };
export { readResponse };

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Where the sandbox answers: any origin works, the path prefix is the service's base path. */
export const ORIGIN = 'http://sandbox.test';
export const BASE_URL = `${ORIGIN}${SANDBOX_DEFAULTS.basePath}`;
/** Start of the sandbox clock: a whole second, so second-granular expiries are exact. */
export const START = Date.UTC(2026, 2, 2, 15, 0, 0);
/** Quoting time used by every harness (the service's typical range is 30-45 s). */
export const QUOTE_DELAY_MS = 40_000;
/** The receiver every harness registers for the default client, with basic-auth credentials. */
export const WEBHOOK_TARGET = {
  url: 'https://lender.example/webhooks/insurance',
  username: 'hook_user',
  password: 'hook_pass',
} as const satisfies WebhookTarget;

/** Credentials of a token request, as sent on the wire. */
export interface TokenCredentials {
  client_id: string;
  client_secret: string;
  partner_id?: string;
}

/** The sandbox's default client, to list next to others in `clients`. */
export const DEFAULT_CLIENT: SandboxClientConfig = {
  clientId: SANDBOX_DEFAULTS.clientId,
  clientSecret: SANDBOX_DEFAULTS.clientSecret,
  partnerId: SANDBOX_DEFAULTS.partnerId,
};

export const DEFAULT_CREDENTIALS: TokenCredentials = {
  client_id: SANDBOX_DEFAULTS.clientId,
  client_secret: SANDBOX_DEFAULTS.clientSecret,
};

/** One request the fake webhook receiver got. */
export interface ReceivedWebhook {
  url: string;
  method: string;
  headers: Headers;
  /** The raw body, exactly as sent (what the signature covers). */
  body: string;
  event: WebhookEnvelope;
}

/** How the fake receiver answers a delivery. */
export type ReceiverAnswer = (received: ReceivedWebhook) => number;

/** Extra controls of one request. */
export interface CallOptions {
  /** Bearer token; `null` sends no Authorization header. Default: the harness's token. */
  token?: string | null;
  /** Sent as is instead of `JSON.stringify(body)`. */
  rawBody?: string;
  /** Content-Type; `null` sends none. Default `application/json` when there is a body. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

type PrimaryBorrowerInput = v.InferInput<typeof PrimaryBorrowerSchema>;

/** Overrides of {@link loanApplication}: top-level fields, and `primary` merged into the primary borrower. */
export type LoanApplicationOverrides = Partial<LoanApplicationRequest> & {
  primary?: Partial<PrimaryBorrowerInput>;
};

const address = {
  street: '12 Harbor View Rd',
  city: 'Portland',
  state: 'ME',
  zip: '04101',
} as const;

/** A valid loan application (one primary borrower with email and phone), with overrides. */
export function loanApplication(overrides: LoanApplicationOverrides = {}): LoanApplicationRequest {
  const { primary, ...rest } = overrides;
  return {
    loanNumber: 'LN-2026-0001',
    borrowers: [
      {
        firstName: 'Avery',
        lastName: 'Stone',
        isPrimary: true,
        email: 'avery.stone@example.com',
        phone: '207-555-0142',
        currentAddress: { ...address },
        ...primary,
      },
    ],
    property: { address: { ...address } },
    loanAmount: 320_000,
    loanPurpose: 'PURCHASE',
    loanType: 'MORTGAGE',
    ...rest,
  };
}

/** Whether `signature` is the hex HMAC-SHA256 of `body` keyed with `secret` (checked here, not by src). */
export function verifySignature(body: string, secret: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Options of {@link createHarness}. */
export interface HarnessOptions {
  /** Passed to `createSandboxService` over the harness defaults. */
  sandbox?: SandboxServiceOptions;
  /** Credentials of the harness token. Default: the sandbox's default client. */
  credentials?: TokenCredentials;
  /** Register {@link WEBHOOK_TARGET} for the default client (default true). */
  webhook?: boolean;
}

/** A manual-clock sandbox with a recording webhook receiver and a token, ready for requests. */
export interface Harness {
  sandbox: SandboxService;
  /** The bearer token of the harness's requests (replaceable). */
  token: string;
  /** Every webhook delivery the fake receiver got, in order. */
  received: ReceivedWebhook[];
  /** Changes how the receiver answers (default 200). */
  answerWebhooks(answer: ReceiverAnswer | number): void;
  /** A request to the service (`/v1/...`, relative to the base URL) or to an absolute URL. */
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse>;
  /** `POST /v1/auth/token` with these credentials. */
  requestToken(credentials: TokenCredentials | Record<string, unknown>): Promise<ApiResponse>;
  /** A token for these credentials (throws unless 200). */
  login(credentials: TokenCredentials): Promise<string>;
  /** Submits a valid application with overrides; returns the created loan (throws unless 201). */
  submitLoan(overrides?: LoanApplicationOverrides, options?: CallOptions): Promise<ApiResponse>;
  /** Records consent of `kind` for the loan (throws unless 200). */
  consent(
    loanId: string,
    kind?: 'consent' | 'general' | 'tcpa',
    options?: CallOptions,
  ): Promise<ApiResponse>;
  /** `PATCH /v1/loans/{id}/shop`. */
  shop(loanId: string, options?: CallOptions): Promise<ApiResponse>;
  /** Submit, consent, shop and wait out quoting: returns the loan id. */
  ratedLoan(overrides?: LoanApplicationOverrides, options?: CallOptions): Promise<string>;
  /** Moves the sandbox clock and waits for the deliveries it caused. */
  advance(ms: number): Promise<void>;
  /** How many requests of an operation the sandbox has counted. */
  requests(name: string): number;
}

function expectStatus(response: ApiResponse, status: number, what: string): ApiResponse {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text}`);
  }
  return response;
}

/** Creates a {@link Harness}. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const received: ReceivedWebhook[] = [];
  let answer: ReceiverAnswer = () => 200;
  // The fake receiver: records what it got and answers from `answer`. No network.
  const receiver = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : await new Response(init?.body).text();
    const record: ReceivedWebhook = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body,
      event: JSON.parse(body) as WebhookEnvelope,
    };
    received.push(record);
    return new Response(null, { status: answer(record) });
  }) as typeof fetch;

  const sandbox = createSandboxService({
    clock: createSandboxClock({ auto: false, start: START }),
    quoteDelayMs: QUOTE_DELAY_MS,
    fetch: receiver,
    ...options.sandbox,
  });
  if (options.webhook !== false) {
    sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, { ...WEBHOOK_TARGET });
  }

  const h: Harness = {
    sandbox,
    token: '',
    received,
    answerWebhooks(next) {
      answer = typeof next === 'number' ? () => next : next;
    },
    async call(method, path, body, callOptions = {}) {
      const url = /^https?:/.test(path) ? path : `${BASE_URL}${path}`;
      const headers: Record<string, string> = { ...callOptions.headers };
      const token = callOptions.token === undefined ? h.token : callOptions.token;
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      const payload =
        callOptions.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      const contentType =
        callOptions.contentType === undefined
          ? payload === undefined
            ? null
            : 'application/json'
          : callOptions.contentType;
      if (contentType !== null) headers['Content-Type'] = contentType;
      const response = await sandbox.fetch(url, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
      });
      return readResponse(response);
    },
    requestToken(credentials) {
      return h.call('POST', '/v1/auth/token', credentials, { token: null });
    },
    async login(credentials) {
      const response = expectStatus(await h.requestToken(credentials), 200, 'token');
      return response.json.access_token as string;
    },
    async submitLoan(overrides, callOptions) {
      const response = await h.call('POST', '/v1/loans', loanApplication(overrides), callOptions);
      return expectStatus(response, 201, 'submit loan application');
    },
    async consent(loanId, kind = 'consent', callOptions) {
      const path = kind === 'consent' ? '/v1/loans/consent' : `/v1/loans/consent/${kind}`;
      const response = await h.call(
        'POST',
        path,
        { id: loanId, termsOfServiceId: 'tos-2026-01' },
        callOptions,
      );
      return expectStatus(response, 200, `record ${kind} consent`);
    },
    shop(loanId, callOptions) {
      return h.call('PATCH', `/v1/loans/${loanId}/shop`, undefined, callOptions);
    },
    async ratedLoan(overrides, callOptions) {
      const loan = await h.submitLoan(overrides, callOptions);
      const id = loan.json.id as string;
      await h.consent(id, 'consent', callOptions);
      expectStatus(await h.shop(id, callOptions), 200, 'shop');
      await h.advance(QUOTE_DELAY_MS);
      return id;
    },
    advance: (ms) => sandbox.advance(ms),
    requests: (name) => (sandbox.stats().requests as Record<string, number | undefined>)[name] ?? 0,
  };
  h.token = await h.login(options.credentials ?? DEFAULT_CREDENTIALS);
  return h;
}
