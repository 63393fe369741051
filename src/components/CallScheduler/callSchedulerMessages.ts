/**
 * Default texts of `CallScheduler`, overridable through the provider's `messages` as
 * `callScheduler.<key>`. `{zoneName}`, `{timeZone}`, `{dateTime}` and `{time}` are filled in.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'callScheduler.callNow': 'Call me' }}>
 *   <CallScheduler loanId={loanId} lenderName="Acme Bank" termsOfServiceId="tcpa_v2" />
 * </InsuranceProvider>
 */
export const callSchedulerMessages = {
  title: 'Talk to an insurance advisor',
  date: 'Day',
  time: 'Time',
  timeZone: 'Times in {zoneName} ({timeZone})',
  noSlots: 'No call times are available in the coming days.',
  schedule: 'Schedule call',
  scheduling: 'Scheduling…',
  callNow: 'Call me now',
  calling: 'Calling…',
  consentRequired: 'To schedule a call or be called now, first agree to be contacted.',
  scheduled: 'Your call is scheduled for {dateTime}',
  called: 'An advisor will call you shortly',
  rateLimited: 'Too many requests. You can try again after {time}.',
  error: 'We could not arrange your call. Please try again.',
} as const;
