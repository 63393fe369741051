import { InsuranceError } from './InsuranceError.js';

const WRAP =
  "Wrap your app, or this part of it: <InsuranceProvider adapter={createHttpAdapter({ baseUrl: '/api/insurance' })}>…</InsuranceProvider>. If one is above, two copies of lender-insurance-react may be installed: run npm ls lender-insurance-react.";
const OTHER_COPY =
  'There is one above, but from another copy of lender-insurance-react: install a single copy (npm ls lender-insurance-react).';

// How to fix it, for the developer: in development builds only. The condition is written out
// (not `isDevelopment()`) so a bundler that replaces `process.env.NODE_ENV` drops the text from
// production builds; the error, its code, `caller` and the first sentence are the same in every
// build. Without a bundler there is no `process`: no advice.
function advice(otherCopyAbove: boolean): string {
  try {
    if (process.env.NODE_ENV !== 'production') return ` ${otherCopyAbove ? OTHER_COPY : WRAP}`;
  } catch {
    // no `process`
  }
  return '';
}

/**
 * A hook or component of the library was used outside an `InsuranceProvider`, so it has no
 * adapter to read from. Thrown during render (an error boundary sees it); `caller` names the
 * hook or component, and the message (in development builds) says how to add the provider. When a
 * provider of another copy of lender-insurance-react is above (two copies installed), it says that
 * instead.
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
      `${caller ?? "lender-insurance-react's hooks and components"} must be used inside <InsuranceProvider> (${caller ? 'it reads' : 'they read'} the adapter from it).${advice(otherCopyAbove)}`,
    );
    this.caller = caller;
  }
}
