/**
 * The default texts of `QuoteCards` and `QuoteCard`. Override any of them through the
 * provider's `messages` as `quoteCards.<key>`; `{name}` placeholders are filled in.
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
  policyHO3: 'HO-3 special form',
  policyHO5: 'HO-5 comprehensive form',
  policyHO6: 'HO-6 condominium form',
  dwelling: 'Dwelling',
  personalProperty: 'Personal property',
  liability: 'Liability',
  dwellingDeductible: 'Dwelling deductible',
  windDeductible: 'Wind deductible',
  effective: 'Effective {date}',
  seeAll: 'See all quotes',
  newTab: '(opens in a new tab)',
} as const;
