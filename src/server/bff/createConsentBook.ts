import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import type { Store } from '../store/Store.js';

/** How long a recorded TCPA consent is remembered (a little over a year, as consents are kept). */
export const TCPA_CONSENT_TTL_MS = 400 * 24 * 3600 * 1000;

/** The BFF's record of the TCPA consents it forwarded (the service offers no way to read them). */
export interface ConsentBook {
  record(loanId: string, consent: ConsentRecord): Promise<void>;
  /** The recorded consent, or null when none was recorded through this BFF. */
  read(loanId: string): Promise<ConsentRecord | null>;
}

/** Creates a {@link ConsentBook} in the store under `lir:tcpa:<loanId>`. */
export function createConsentBook(store: Store): ConsentBook {
  const key = (loanId: string) => `lir:tcpa:${loanId}`;
  return {
    record: (loanId, consent) =>
      store.set(key(loanId), JSON.stringify(consent), TCPA_CONSENT_TTL_MS),
    async read(loanId) {
      const raw = await store.get(key(loanId));
      if (raw === null) return null;
      const consent = JSON.parse(raw) as ConsentRecord;
      return consent.consent === false ? null : consent;
    },
  };
}
