/**
 * Default texts of `TcpaConsentCheckbox`, overridable through the provider's `messages` as
 * `tcpaConsentCheckbox.<key>`. The disclosure is legal text: a host that changes it should also
 * change the `termsOfServiceId` it records. Spanish: `tcpaConsentCheckboxMessagesEs`, whose
 * disclosure a lender's counsel must approve before use.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'tcpaConsentCheckbox.label': 'Yes, call me' }}>
 *   <TcpaConsentCheckbox loanId={loanId} lenderName="Acme Bank" termsOfServiceId="tcpa_v2" />
 * </InsuranceProvider>
 */
export const tcpaConsentCheckboxMessages = {
  label: 'I agree to be contacted about home insurance',
  disclosure:
    "By checking this box, I agree that {lenderName} and its insurance partner's licensed advisors may call or text me at the number I provided, including with automated technology and prerecorded messages, about home insurance. Consent is not a condition of purchase. Message and data rates may apply. I may revoke consent at any time by replying STOP to a text or by telling an advisor on a call.",
  recording: 'Recording your consent…',
  recorded: 'Consent recorded on {date}',
  recordedUndated: 'Consent recorded',
  revoke: 'To revoke consent, reply STOP to any text or tell an advisor on a call.',
  error: 'We could not record your consent. Please try again.',
  rateLimited: 'Too many attempts. You can try again after {time}.',
  retry: 'Try again',
} as const;
