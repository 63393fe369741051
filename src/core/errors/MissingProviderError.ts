import { InsuranceError } from './InsuranceError.js';

const WRAP =
  "Wrap your app, or this part of it: <InsuranceProvider adapter={createHttpAdapter({ baseUrl: '/api/insurance' })}>…</InsuranceProvider>. If one is above, two copies of lender-insurance-react may be installed: run npm ls lender-insurance-react.";
const OTHER_COPY =
  'There is one above, but from another copy of lender-insurance-react: install a single copy (npm ls lender-insurance-react).';

/**
 * A hook or component of the library was used outside an `InsuranceProvider`, so it has no
 * adapter to read from. Thrown during render (an error boundary sees it); `caller` names the
 * hook or component, and the message says how to add the provider. When a provider of another
 * copy of lender-insurance-react is above (two copies installed), it says that instead.
 *
 * @example
 * function Fallback({ error }: { error: unknown }) {
 *   if (error instanceof MissingProviderError) reportSetupBug(error.caller, error.message);
 *   return <p>Something went wrong.</p>;
 * }
 */
export class MissingProviderError extends InsuranceError {
  /** The hook or component that was used outside the provider, when it named itself. */
  readonly caller: string | undefined;

  /**
   * @param caller - The hook or component, e.g. `useLoan` or `QuoteCards`.
   * @param otherCopyAbove - A provider of another copy of the library is above the caller.
   */
  constructor(caller?: string, otherCopyAbove = false) {
    super(
      'missing_provider',
      `${caller ?? "lender-insurance-react's hooks and components"} must be used inside <InsuranceProvider> (${caller ? 'it reads' : 'they read'} the adapter from it). ${otherCopyAbove ? OTHER_COPY : WRAP}`,
    );
    this.caller = caller;
  }
}
