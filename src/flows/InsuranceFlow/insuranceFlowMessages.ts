/**
 * The default texts of `InsuranceFlow`. Override any of them through the provider's `messages`
 * as `insuranceFlow.<key>`; `{name}` placeholders are filled in. The shopping terms
 * (`consentDisclosure`) are legal text: a lender's counsel should approve the wording, and a
 * host that changes it should also change the `termsOfServiceId` it records.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'insuranceFlow.coveredTitle': 'All set!' }}>
 *   <InsuranceFlow loanId={loanId} lenderName="Acme Bank" termsOfServiceId="terms_v1" tcpaTermsOfServiceId="tcpa_v1" />
 * </InsuranceProvider>
 */
export const insuranceFlowMessages = {
  label: 'Home insurance',
  applicationTitle: 'Tell us about your loan',
  applicationLead: 'We use your application to find home insurance for the property.',
  loading: 'Loading your home insurance…',
  unavailableTitle: 'We could not open your insurance application',
  unavailable: 'Check your connection and try again. If it keeps happening, contact {lenderName}.',
  retry: 'Try again',
  chooseTitle: 'How would you like to insure your home?',
  chooseLead: '{lenderName} needs proof of homeowners insurance before closing.',
  chooseShop: 'I need insurance',
  chooseShopHint: 'Compare quotes from several carriers and talk to an advisor',
  chooseExisting: 'I already have a policy',
  chooseExistingHint: 'Sign in to your insurance carrier to share it',
  consentTitle: 'Before we get your quotes',
  consentLabel: 'I agree to the insurance shopping terms.',
  consentDisclosure:
    '{lenderName} shares your application with its insurance partner so it can request homeowners insurance quotes for this property from several carriers. You are not obliged to buy a policy.',
  consentSubmit: 'Agree and get quotes',
  consentSaving: 'Saving…',
  consentError: 'We could not record your agreement. Please try again.',
  quotingTitle: 'Getting your quotes',
  quotesTitle: 'Your quotes',
  advisorTitle: 'Talk to a licensed advisor',
  advisorLead: 'An advisor can answer your questions and finish the policy with you by phone.',
  advisorPicked: 'You picked {carrier}. An advisor can finish the policy with you by phone.',
  advisorPickFirst: 'Pick a quote above, or talk to an advisor about your options.',
  quotingFailedTitle: 'We could not get quotes online for this home',
  quotingFailedLead:
    'This happens with some homes. You still have options: an advisor can quote it by phone, or you can share a policy you already have.',
  hostedPage: 'See your options on our insurance partner’s page',
  newTab: '(opens in a new tab)',
  elsewhereTitle: 'Already insured elsewhere?',
  elsewhereLead: 'If you bought homeowners insurance on your own, tell us and we stop shopping.',
  elsewhereButton: 'I bought insurance elsewhere',
  elsewhereConfirmTitle: 'Close your insurance application?',
  elsewhereConfirmText:
    'We stop shopping for quotes and no advisor will call you. {lenderName} still needs proof of your insurance before closing.',
  elsewhereConfirm: 'Yes, close my application',
  elsewhereCancel: 'Keep my application',
  elsewhereClosing: 'Closing…',
  elsewhereError: 'We could not close your application. Please try again.',
  existingLink: 'I already have a policy',
  retrievalTitle: 'Share your existing policy',
  retrievalLead:
    'Sign in on your carrier’s page and we receive your policy and its documents straight from them.',
  back: 'Back',
  coveredTitle: 'You’re covered',
  coveredLead: 'Your homeowners insurance is in place. {lenderName} has received your policy.',
  coveredNoDetails:
    'Your insurance application is complete. Your policy documents are with {lenderName}.',
  lapsedTitle: 'Your policy is no longer in force',
  lapsedLead:
    'The policy on this application was cancelled or has expired. {lenderName} needs a policy in force: talk to an advisor or share another policy.',
  closedTitle: 'Your insurance application is closed',
  closedLead:
    'We stopped shopping for quotes. {lenderName} will ask you for proof of your homeowners insurance.',
  policiesLabel: 'Your policies',
  later: 'Finish later',
} as const;
