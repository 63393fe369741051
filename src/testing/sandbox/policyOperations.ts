import { NotFoundError } from '../../core/errors/NotFoundError.js';
import { findLoan } from './findLoan.js';
import { hostedUrl } from './hostedUrl.js';
import { randomId } from './randomId.js';
import { json } from './sandboxResponses.js';
import type { SandboxOperation } from './sandboxRuntime.js';

const RETRIEVAL_TTL_MS = 60 * 60 * 1000;

/** Policy operations of the sandbox. */
export const policyOperations = {
  getPolicy: async (rt, req) => {
    const policy = req.params.policyId ? rt.policies.get(req.params.policyId) : undefined;
    if (!policy || policy.partner.partnerId !== req.partner.partnerId) {
      throw new NotFoundError('Policy not found');
    }
    const documents = await Promise.all(
      policy.documents.map(async (doc) => ({
        id: doc.id,
        name: doc.name,
        type: doc.type,
        url: await rt.documentUrl(doc),
      })),
    );
    // Signed URLs must not be cached anywhere on the way.
    return json({ ...policy.wire, documents }, 200, { 'Cache-Control': 'no-store' });
  },
  initiatePolicyRetrieval: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    const token = randomId('rt', 16);
    rt.retrievals.set(token, {
      token,
      loanId: loan.wire.id,
      expiresAt: rt.clock.now() + RETRIEVAL_TTL_MS,
      policyIds: null,
    });
    return json({ id: loan.wire.id, retrievalUrl: hostedUrl(req.origin, 'retrieve', token) });
  },
} satisfies Record<string, SandboxOperation>;
