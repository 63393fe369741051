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
  effectiveDate: 'Effective date',
  expirationDate: 'Expiration date',
  premium: 'Annual premium',
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
