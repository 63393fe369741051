/**
 * Default texts of `CallScheduler`, overridable through the provider's `messages` as
 * `callScheduler.<key>`. `{zoneName}`, `{timeZone}`, `{dateTime}`, `{time}`, `{phone}`,
 * `{hours}`, `{from}` and `{to}` are filled in. Spanish: `callSchedulerMessagesEs`.
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
  advisorHours: 'Advisors are available {hours} (your time).',
  advisorHoursAlways: 'Advisors are available at any time.',
  dayRange: '{from}–{to}',
  timeRange: '{from} – {to}',
  nextCall: 'The next time an advisor can call: {dateTime}',
  phone: 'We will call {phone}',
  changePhone: 'Change number',
  phoneLabel: 'Phone number to call',
  phoneHint: 'A 10-digit US number, like (555) 123-4567.',
  phoneConsent: 'Your agreement to be contacted will cover this number.',
  phoneRequired: 'Enter the phone number an advisor should call.',
  phoneInvalid: 'Enter a 10-digit US phone number, like (555) 123-4567.',
  schedule: 'Schedule call',
  scheduling: 'Scheduling…',
  callNow: 'Call me now',
  calling: 'Calling…',
  consentRequired: 'To schedule a call or be called now, first agree to be contacted.',
  scheduled: 'Your call is scheduled for {dateTime}. We will call {phone}.',
  called: 'An advisor will call {phone} shortly.',
  rateLimited: 'Too many requests. You can try again after {time}.',
  error: 'We could not arrange your call. Please try again.',
} as const;
