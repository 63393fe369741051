import { operations } from '../../core/operations.js';
import type { Loan } from '../../core/schemas/loan.js';
import { validateInput } from '../../core/validateInput.js';
import type { LoanApplicationFixtureOverrides } from '../createLoanApplicationFixture.js';
import { createLoanApplicationFixture } from '../createLoanApplicationFixture.js';
import { resolvePartner } from './handleTokenRequest.js';
import { loanOperations } from './loanOperations.js';
import type { SandboxClientConfig } from './sandboxClientConfig.js';
import type { SandboxRuntime } from './sandboxRuntime.js';

/** Options of `sandbox.seedLoan`. */
export interface SeedLoanOptions {
  /** Record the borrower's consent to shop, so the loan can be shopped at once. Default `true`. */
  consent?: boolean;
  /** Also record TCPA consent, so advisor calls are allowed. Default `false`. */
  tcpaConsent?: boolean;
  /**
   * The client whose loan it is. Default: the sandbox's first client, the one the mock BFF and
   * the MSW handlers act for.
   */
  clientId?: string;
  /** For a platform client: the lender client (partner id) it acts for. */
  partnerId?: string;
  /**
   * Origin of the loan's hosted pages (display, contact). Default: the sandbox's `publicOrigin`,
   * else the page's origin where there is one (jsdom, a browser), else `http://localhost`.
   */
  origin?: string;
}

/** What the sandbox records the seeded consents against. */
const SEED_TERMS_OF_SERVICE_ID = 'tos_sandbox_seed';

/**
 * Creates a loan application in the sandbox directly, as if the client had submitted it, with
 * consent recorded unless asked otherwise. It is not an API call: it needs no token and is
 * neither counted in `stats()` nor held against the rate limit.
 */
export async function seedLoan(
  rt: SandboxRuntime,
  settings: { clients: readonly SandboxClientConfig[]; publicOrigin: string | undefined },
  overrides: LoanApplicationFixtureOverrides = {},
  options: SeedLoanOptions = {},
): Promise<Loan> {
  const client = options.clientId
    ? settings.clients.find((c) => c.clientId === options.clientId)
    : settings.clients[0];
  if (!client) throw new Error(`Unknown sandbox client ${options.clientId}`);
  const partner = resolvePartner(settings.clients, {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    ...(options.partnerId ? { partner_id: options.partnerId } : {}),
  });
  const origin =
    options.origin ??
    settings.publicOrigin ??
    (globalThis as { location?: { origin?: string } }).location?.origin ??
    'http://localhost';
  const body = validateInput(
    await operations.submitLoanApplication.input(),
    createLoanApplicationFixture(overrides),
  );
  const created = await loanOperations.submitLoanApplication(rt, {
    partner,
    params: {},
    body,
    origin,
  });
  const loan = (await created.json()) as Loan;
  const terms = { id: loan.id, termsOfServiceId: SEED_TERMS_OF_SERVICE_ID };
  const request = { partner, params: {}, body: terms, origin };
  if (options.consent ?? true) loanOperations.recordConsent(rt, request);
  if (options.tcpaConsent) loanOperations.recordTcpaConsent(rt, request);
  return loan;
}
