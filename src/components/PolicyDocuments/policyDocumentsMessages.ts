import { coverageMessages } from '../shared/coverageMessages.js';

/**
 * The default texts of {@link PolicyDocuments}, overridable through the provider's `messages` as
 * `policyDocuments.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'policyDocuments.open': 'View {name}' }}>
 */
export const policyDocumentsMessages = {
  summary: 'Policy summary',
  carrier: 'Carrier',
  policyNumber: 'Policy number',
  policyType: 'Policy type',
  status: 'Status',
  term: 'Policy term',
  termDates: '{start} – {end}',
  termLength: 'Term length',
  months: '{count} months',
  month: '{count} month',
  effectiveDate: 'Effective date',
  expirationDate: 'Expiration date',
  cancellationDate: 'Cancellation date',
  premium: 'Annual premium',
  policyHO3: 'HO-3 special form',
  policyHO5: 'HO-5 comprehensive form',
  policyHO6: 'HO-6 condominium form',
  cancelled: 'Cancelled on {date}',
  cancelling: 'Cancels on {date}',
  expiredOn: 'Expired on {date}',
  upcoming: 'Starts on {date}',
  inForce: 'In force until {date}',
  inForceOpen: 'In force',
  coverages: 'Coverages',
  coveragesPart: 'Coverages ({index} of {count})',
  coverage: 'Coverage',
  limit: 'Amount',
  included: 'Included',
  notIncluded: 'Not included',
  ...coverageMessages,
  documents: 'Policy documents',
  open: 'Open {name}',
  typeEoi: 'Evidence of insurance (PDF)',
  typeDeclarations: 'Declarations page (PDF)',
  typeOther: 'Policy document',
  loading: 'Loading your policy…',
  error: 'We could not load your policy.',
  retry: 'Try again',
  empty: 'This policy has no documents yet.',
  expired: 'This link expired. Try again.',
  openFailed: 'We could not open this document. Try again later.',
} as const;

/** A key of {@link policyDocumentsMessages}. */
export type PolicyDocumentsMessageKey = keyof typeof policyDocumentsMessages;
