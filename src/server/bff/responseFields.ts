import type { BffOperationName } from '../../core/operations.js';
import type { FieldShape, ResponseShape } from './ResponseShape.js';

// The wire format as the spec and the public reference describe it. Kept on the server side
// only: the browser bundle never carries these lists.

const values = (...names: string[]): Record<string, FieldShape> =>
  Object.fromEntries(names.map((name) => [name, 'value']));

const address: ResponseShape = {
  fields: values('street', 'street2', 'city', 'state', 'zip', 'county'),
};

// Both variants (primary and co-borrower) have the same fields; only what is required differs.
const borrower: ResponseShape = {
  fields: {
    ...values('firstName', 'lastName', 'isPrimary', 'dob', 'email', 'phone', 'gender'),
    ...values('maritalStatus'),
    currentAddress: address,
    formerAddress: address,
    mailingAddress: address,
  },
};

const loanOfficer: ResponseShape = { fields: values('firstName', 'lastName', 'email', 'phone') };

// A coverage, deductible or endorsement: `{ included, amount }` (either may be missing).
const coverage: ResponseShape = { fields: values('included', 'amount') };
const coverageMap: ResponseShape = { fields: {}, entries: coverage };

const currentInsurancePolicy: ResponseShape = {
  fields: {
    ...values('carrier', 'policyNumber', 'policyType', 'premium', 'deductible', 'expirationDate'),
    coverages: coverageMap,
  },
};

const property: ResponseShape = {
  // `dwellingInfo` is cut off in the reference after its first keys: more may follow.
  fields: { address, dwellingInfo: { fields: {}, entries: 'value' } },
};

const hostedLinks: Record<string, FieldShape> = {
  hostedDisplayUrl: 'requiredLink',
  shortHostedDisplayUrl: 'link',
  contactPageUrl: 'link',
};

const loan: ResponseShape = {
  fields: {
    ...values('id', 'loanNumber', 'externalId', 'status', 'closingDate', 'loanAmount'),
    ...values('loanPurpose', 'loanType'),
    ...hostedLinks,
    borrowers: borrower,
    property,
    currentInsurancePolicies: currentInsurancePolicy,
    loanOfficer,
  },
};

const shopResult: ResponseShape = {
  fields: { ...values('id', 'loanId', 'status'), ...hostedLinks },
};

const quote: ResponseShape = {
  fields: {
    ...values('id', 'carrierId', 'carrierName', 'policyType', 'premium', 'monthlyPremium'),
    ...values('effectiveDate', 'selected'),
    carrierLogoUrl: 'link',
    agentBridgeLink: 'link',
    coverages: coverageMap,
    deductibles: coverageMap,
    endorsements: coverageMap,
  },
};

// The display's field naming the selected quote was not captured: an id, an object or a flag.
const quotesAnswer: ResponseShape = {
  fields: {
    ...shopResult.fields,
    quotes: quote,
    selectedQuoteId: 'value',
    selectedQuote: { ...quote, orValue: true },
  },
};

const consentRecord: ResponseShape = {
  fields: values('consent', 'consentDateTime', 'id', 'termsOfServiceId', 'email', 'phone'),
};

const successResult: ResponseShape = {
  fields: values('success', 'quoteId', 'taskId', 'scheduledAt'),
};

// A policy's coverages: an array of coverage maps keyed like a quote's (`a`, …, `hvac`).

const policy: ResponseShape = {
  fields: {
    ...values('id', 'carrier', 'policyNumber', 'policyType', 'effectiveDate', 'expirationDate'),
    ...values('cancellationDate', 'premium', 'termLength', 'status', 'loanId', 'externalId'),
    coverages: coverageMap,
    documents: {
      fields: { ...values('id', 'name', 'type'), url: 'documentLink' },
      required: ['url'],
    },
  },
};

/**
 * The fields the library knows in each operation's answer: everything else a service answer
 * carries is dropped at every depth, unless the host lets it through with `exposeFields`.
 */
export const responseFields: Readonly<Record<BffOperationName, ResponseShape>> = {
  submitLoanApplication: loan,
  getLoan: loan,
  recordConsent: consentRecord,
  recordTcpaConsent: consentRecord,
  recordGeneralConsent: consentRecord,
  shopLoan: shopResult,
  getShoppedLoan: quotesAnswer,
  getQuoteDisplay: quotesAnswer,
  selectQuote: successResult,
  scheduleCall: successResult,
  callMeNow: successResult,
  getPolicy: policy,
  // Useless without a link to send the borrower to.
  initiatePolicyRetrieval: {
    fields: { id: 'value', retrievalUrl: 'link' },
    required: ['retrievalUrl'],
  },
  closeLoan: successResult,
  // Documented as 204; a body, if one ever comes, carries nothing the library reads.
  updateLoanContacts: { fields: {} },
  updateCurrentInsurance: {
    fields: { id: 'value', currentInsurancePolicies: currentInsurancePolicy },
  },
  getTcpaConsent: { fields: { recorded: 'value', consent: consentRecord } },
  loanEvents: {
    fields: {
      cursor: 'value',
      events: {
        fields: {
          cursor: 'value',
          event: { fields: values('id', 'type', 'occurredAt', 'loanId', 'policyId') },
        },
      },
    },
  },
};
