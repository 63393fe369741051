import type { WireField, WireObject } from './WireShape.js';

// The wire format as the spec and the public reference describe it, field by field, with the kind
// each field is read as. The service client reads answers with it (keeping fields it does not
// know), and the BFF with it decides what reaches a browser (only these fields). Browser code
// never imports it.

const kinds = <K extends WireField>(kind: K, ...names: string[]): Record<string, K> =>
  Object.fromEntries(names.map((name) => [name, kind]));
const text = (...names: string[]) => kinds('text', ...names);

const address: WireObject = {
  fields: text('street', 'street2', 'city', 'state', 'zip', 'county'),
};

// Both variants (primary and co-borrower) have the same fields; only what is required differs.
const borrower: WireObject = {
  list: true,
  fields: {
    ...text('firstName', 'lastName', 'dob', 'email', 'phone', 'gender', 'maritalStatus'),
    isPrimary: 'boolean',
    currentAddress: address,
    formerAddress: address,
    mailingAddress: address,
  },
};

const loanOfficer: WireObject = { fields: text('firstName', 'lastName', 'email', 'phone') };

// A coverage, deductible or endorsement: `{ included, amount }` (either may be missing).
const coverage: WireObject = { fields: { included: 'boolean', amount: 'number' } };
const coverageMap: WireObject = { fields: {}, entries: coverage };

const currentInsurancePolicy: WireObject = {
  list: true,
  fields: {
    ...text('carrier', 'policyNumber', 'policyType', 'expirationDate'),
    ...kinds('number', 'premium', 'deductible'),
    coverages: coverageMap,
  },
};

const property: WireObject = {
  // `dwellingInfo` is cut off in the reference after its first keys: more may follow.
  fields: { address, dwellingInfo: { fields: {}, entries: 'value' } },
};

const hostedLinks = {
  hostedDisplayUrl: 'requiredLink',
  shortHostedDisplayUrl: 'link',
  contactPageUrl: 'link',
} as const;

const loan: WireObject = {
  fields: {
    id: 'id',
    ...text('loanNumber', 'externalId', 'status', 'closingDate', 'loanPurpose', 'loanType'),
    loanAmount: 'number',
    ...hostedLinks,
    borrowers: borrower,
    property,
    currentInsurancePolicies: currentInsurancePolicy,
    loanOfficer,
  },
  required: ['id'],
  defaults: { borrowers: [], currentInsurancePolicies: [], hostedDisplayUrl: '' },
};

// Shop answers the loan's id; its `loanId` is the lender's loan number.
const shopResult: WireObject = {
  fields: { id: 'id', ...text('loanId', 'status'), ...hostedLinks },
  required: ['id'],
  defaults: { hostedDisplayUrl: '' },
};

const quoteFields = {
  id: 'id',
  ...text('carrierId', 'carrierName', 'policyType', 'effectiveDate'),
  ...kinds('number', 'premium', 'monthlyPremium'),
  selected: 'boolean',
  carrierLogoUrl: 'link',
  agentBridgeLink: 'link',
  coverages: coverageMap,
  deductibles: coverageMap,
  endorsements: coverageMap,
} as const;

// A quote without a usable id could not be selected: it is dropped from its list.
const quote: WireObject = { list: true, fields: quoteFields, required: ['id'] };

// The display's field naming the selected quote was not captured: an id, an object or a flag.
const quotesAnswer: WireObject = {
  fields: {
    ...shopResult.fields,
    quotes: quote,
    selectedQuoteId: 'text',
    selectedQuote: { fields: quoteFields, orValue: true },
  },
  required: ['id'],
  defaults: { hostedDisplayUrl: '', quotes: [] },
};

const consentRecord: WireObject = {
  fields: {
    consent: 'boolean',
    ...text('consentDateTime', 'id', 'termsOfServiceId', 'email', 'phone'),
  },
  defaults: { termsOfServiceId: '' },
};

const successResult: WireObject = {
  fields: { success: 'boolean', ...text('quoteId', 'taskId', 'scheduledAt') },
};

// A document without a link (not generated yet) cannot be opened: it is left out of the list.
const policyDocument: WireObject = {
  list: true,
  fields: { ...text('id', 'name', 'type'), url: 'documentLink' },
  required: ['id', 'url'],
  defaults: { name: 'Document', type: 'document' },
};

const policy: WireObject = {
  fields: {
    id: 'id',
    ...text('carrier', 'policyNumber', 'policyType', 'effectiveDate', 'expirationDate'),
    ...text('cancellationDate', 'status', 'loanId', 'externalId'),
    ...kinds('number', 'premium', 'termLength'),
    // An array of coverage maps keyed like a quote's (`a`, …, `hvac`); a lone map is a list of one.
    coverages: { ...coverageMap, list: true },
    documents: policyDocument,
  },
  required: ['id'],
  defaults: { documents: [] },
};

// Useless without a link to send the borrower to.
const policyRetrieval: WireObject = {
  fields: { id: 'text', retrievalUrl: 'link' },
  required: ['retrievalUrl'],
};

// The answer's `id` is not documented as the loan's: it is read, never checked.
const currentInsurance: WireObject = {
  fields: { id: 'text', currentInsurancePolicies: currentInsurancePolicy },
};

/**
 * The shape of each service operation's success answer: the fields the library knows, and how
 * each is read (see `readWire`). Operations that answer nothing the library reads (204) have an
 * empty shape.
 */
export const answerShapes = {
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
  initiatePolicyRetrieval: policyRetrieval,
  closeLoan: successResult,
  // Documented as 204; a body, if one ever comes, carries nothing the library reads.
  updateLoanContacts: { fields: {} },
  updateCurrentInsurance: currentInsurance,
} as const satisfies Record<string, WireObject>;
