import { coverageMessages } from '../shared/coverageMessages.js';

/**
 * The default texts of `QuoteCards` and `QuoteCard`. Override any of them through the
 * provider's `messages` as `quoteCards.<key>`; `{name}` placeholders are filled in. The
 * coverage names (`coverageA` … `coverageMineSubsidence`) are the same as `PolicyDocuments`'.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'quoteCards.legend': 'Pick a policy' }}>
 *   <QuoteCards loanId={loanId} />
 * </InsuranceProvider>
 */
export const quoteCardsMessages = {
  legend: 'Choose your home insurance quote',
  loading: 'Loading quotes',
  waiting: 'Quotes appear here when they are ready',
  empty: 'No quotes yet',
  unavailable: 'No quotes are available for this application',
  errored: 'We could not load your quotes.',
  retry: 'Try again',
  rateLimited: 'Too many requests. Try again at {time}',
  selectFailed: 'We could not save your choice. Please choose again.',
  selected: 'Selected',
  logo: '{carrier} logo',
  perYear: '{amount} per year',
  perMonth: '{amount} per month',
  policyType: 'Policy form',
  policyHO3: 'HO-3 special form',
  policyHO5: 'HO-5 comprehensive form',
  policyHO6: 'HO-6 condominium form',
  effectiveDate: 'Effective date',
  coverages: 'Coverages',
  ...coverageMessages,
  deductibles: 'Deductibles',
  dwellingDeductible: 'Dwelling',
  windDeductible: 'Wind and hail',
  endorsements: 'Endorsements',
  endorsementFloodZone: 'Flood zone',
  endorsementSwimmingPool: 'Swimming pool',
  included: 'Included',
  notIncluded: 'Not included',
  notListed: 'Not listed',
  continue: 'Continue with this quote',
  continueCarrier: 'from {carrier}',
  seeAll: 'See all quotes',
  newTab: '(opens in a new tab)',
} as const;

/** A key of {@link quoteCardsMessages}. */
export type QuoteCardsMessageKey = keyof typeof quoteCardsMessages;
