/**
 * Default texts of `ShopProgress`, overridable through the provider's `messages` as
 * `shopProgress.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'shopProgress.ready': 'Quotes are in!' }}>
 *   <ShopProgress loanId={loanId} />
 * </InsuranceProvider>
 */
export const shopProgressMessages = {
  start: 'Get quotes',
  label: 'Collecting your quotes',
  quoting: 'Quotes requested. This usually takes {min} to {max} seconds.',
  remaining: 'About {seconds} seconds left',
  almostDone: 'Almost done',
  ready: 'Your quotes are ready',
  closed: 'This application is closed',
  timeout: 'Collecting your quotes is taking longer than usual. You can check again.',
  failed: 'We could not get your quotes right now. Please try again.',
  rateLimited: 'Too many requests. You can try again after {time}.',
  retry: 'Try again',
} as const;
