// A page that shows the quotes of one application again, without the retrieval launcher: it
// imports only part of the root entry, and must build and run on its own.
import { isValidId } from 'lender-insurance-react/core';
import { notFound } from 'next/navigation';
import { SavedQuotes } from '@/components/SavedQuotes';

export default async function QuotesPage({ params }: { params: Promise<{ loanId: string }> }) {
  const { loanId } = await params;
  if (!isValidId(loanId)) notFound();
  return (
    <main>
      <h1>Your home insurance quotes</h1>
      <SavedQuotes loanId={loanId} />
    </main>
  );
}
