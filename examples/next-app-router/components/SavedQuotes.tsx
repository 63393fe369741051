'use client';

import { QuoteCards, useQuoteDisplay } from 'lender-insurance-react';
import Link from 'next/link';

/** The quotes of an application, and the one chosen, for a borrower coming back to them. */
export function SavedQuotes({ loanId }: { loanId: string }) {
  const { selectedQuote } = useQuoteDisplay(loanId);
  return (
    <>
      <QuoteCards loanId={loanId} />
      {selectedQuote && <p role="status">Your choice: {selectedQuote.carrierName ?? 'a quote'}</p>}
      <p>
        <Link href={`/?loan=${encodeURIComponent(loanId)}`}>Back to your application</Link>
      </p>
    </>
  );
}
