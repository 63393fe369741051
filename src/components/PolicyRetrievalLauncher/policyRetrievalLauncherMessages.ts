/**
 * The default texts of {@link PolicyRetrievalLauncher}, overridable through the provider's
 * `messages` as `policyRetrievalLauncher.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} messages={{ 'policyRetrievalLauncher.trigger': 'Use my policy' }}>
 */
export const policyRetrievalLauncherMessages = {
  trigger: 'Share my current policy',
  title: 'Share your current insurance policy',
  description:
    'Sign in to your insurance company below. This window closes by itself once we have your policy.',
  frameTitle: 'Sign in to your insurance company',
  starting: 'Preparing the sign-in page…',
  loading: 'Loading the sign-in page…',
  openInNewTab: 'Open in a new tab',
  close: 'Close',
  error: 'We could not open the sign-in page. Please try again.',
  rateLimited: 'Too many attempts right now. You can try again in {seconds} seconds.',
  retry: 'Try again',
  received: 'Policy received',
} as const;
