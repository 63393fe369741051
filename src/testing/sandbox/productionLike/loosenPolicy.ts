import { hashString } from '../prng.js';
import type { JsonObject } from './isJsonObject.js';
import { isJsonObject } from './isJsonObject.js';
import { moneyText } from './moneyText.js';
import { utcMidnight } from './utcMidnight.js';
import { withNulls } from './withNulls.js';

/** What a policy answer is loosened with. */
export interface PolicyLoosening {
  /** The sandbox clock's time. */
  now: number;
  /** When the policy was bound or retrieved (sandbox clock), if the sandbox holds it. */
  boundAt: number | undefined;
  /** How long after that a document of the policy is not ready yet. */
  documentNotReadyMs: number;
}

const DIGITS = /^\d{1,15}$/;

/** A numeric id as a JSON number (production's document ids and policy numbers are). */
const asNumber = (value: unknown) =>
  typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;

/**
 * The policy's full document, still being generated: listed, without a link yet. Its id is
 * derived from the policy's, so every read lists the same one.
 */
const notReadyDocument = (policyId: string, createdAt: string | null): JsonObject => ({
  id: 900_000_000_000 + hashString(`${policyId}|policy_document`),
  name: 'Policy document',
  type: 'policy_document',
  url: null,
  createdAt,
});

/**
 * A policy as production sends it: `premium` and `termLength` as text, `policyNumber` and
 * document ids as numbers, `null` for the optional fields not known (`cancellationDate`,
 * `loanId`, `externalId`), its effective and expiration days as UTC midnight, an unknown
 * `createdAt` on each document, and within `documentNotReadyMs` of its binding one more
 * document whose `url` is `null` (the ready ones, evidence of insurance among them, are listed
 * as they are). Its `coverages` maps are left as they are.
 */
export function loosenPolicy(policy: JsonObject, loosening: PolicyLoosening): JsonObject {
  const { boundAt } = loosening;
  const createdAt = boundAt === undefined ? null : new Date(boundAt).toISOString();
  const out = withNulls(policy, ['cancellationDate', 'loanId', 'externalId']);
  out.policyNumber = asNumber(policy.policyNumber);
  out.premium = moneyText(policy.premium);
  // The same days as UTC timestamps: where a policy stands and what is shown stay the same.
  out.effectiveDate = utcMidnight(policy.effectiveDate);
  out.expirationDate = utcMidnight(policy.expirationDate);
  if (typeof policy.termLength === 'number') out.termLength = String(policy.termLength);
  if (Array.isArray(policy.documents)) {
    const documents = policy.documents.map((doc) =>
      isJsonObject(doc) ? { ...doc, id: asNumber(doc.id), createdAt } : doc,
    );
    const fresh = boundAt !== undefined && loosening.now - boundAt < loosening.documentNotReadyMs;
    if (fresh && typeof policy.id === 'string') {
      documents.push(notReadyDocument(policy.id, createdAt));
    }
    out.documents = documents;
  }
  return out;
}
