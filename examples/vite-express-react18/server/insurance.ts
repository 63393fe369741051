// The server side of the library, made from the environment when the server starts: a missing
// or invalid setting stops it at once with a message naming the variable.
import type { InsuranceBff, WebhookHandler } from 'lender-insurance-react/server';
import {
  createInsuranceBff,
  createMemoryStore,
  createServiceClient,
  createWebhookHandler,
  readServiceEnv,
} from 'lender-insurance-react/server';
import type { Session } from './session.js';
import { getSession } from './session.js';

/** The BFF (for /api/insurance) and the webhook receiver (for /webhooks/insurance). */
export interface Insurance {
  bff: InsuranceBff;
  webhooks: WebhookHandler;
}

/** Makes the service client, the BFF and the webhook receiver from `env`. */
export function createInsurance(env: NodeJS.ProcessEnv): Insurance {
  // SERVICE_BASE_URL, SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET and the optional SERVICE_PARTNER_ID,
  // SERVICE_ROUTES, WEBHOOK_SECRET, WEBHOOK_HEADER_PREFIX and WEBHOOK_BASIC_AUTH_USERNAME/_PASSWORD,
  // checked together: a ConfigurationError names every variable at fault and how to fix it.
  const settings = readServiceEnv(env);
  // One process keeps tokens, rate budget and events in memory; several instances share a
  // networked store instead (createRedisStore from lender-insurance-react/server/redis).
  const store = createMemoryStore();
  const client = createServiceClient({ ...settings.client, store });
  // Which session created which loan. In memory for the example; a real app keeps this with
  // its loans (and decides by user, not by browser).
  const loanOwners = new Map<string, string>();
  const bff = createInsuranceBff<Session>({
    client,
    store,
    getSession,
    authorize: ({ session, operation, loanId }) => {
      if (operation === 'submitLoanApplication') return true;
      // loanId null: a policy the BFF holds no link for; this app keeps no policy records.
      return typeof loanId === 'string' && loanOwners.get(loanId) === session.id;
    },
    onLoanCreated: ({ session, loan }) => {
      loanOwners.set(loan.id, session.id);
    },
    fairnessKey: ({ session }) => session.id,
  });
  const webhooks = createWebhookHandler({
    ...settings.webhooks, // the service signs with the client secret unless WEBHOOK_SECRET says otherwise
    store,
    relay: bff.relay, // verified events reach the browsers' event streams
  });
  return { bff, webhooks };
}
