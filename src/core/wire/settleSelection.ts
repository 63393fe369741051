const selectedIdOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value !== '') return value;
  if (value !== null && typeof value === 'object') {
    const { id, quoteId } = value as { id?: unknown; quoteId?: unknown };
    const given = id ?? quoteId;
    if (typeof given === 'string' && given !== '') return given;
  }
  return null;
};

const flagged = (quote: Record<string, unknown>) =>
  quote.selected === true || quote.isSelected === true;

type Display = Record<string, unknown> & {
  quotes: Array<Record<string, unknown> & { id: string }>;
};

/**
 * The quote display with its selected quote named one way. The field that names it is not
 * documented, so each known way is read: `selectedQuoteId`, a `selectedQuote` (an id or a
 * quote), or a per-quote `selected` / `isSelected` flag. The result says it as `selectedQuoteId`
 * (`null` when none is) and `selected` on every quote. A selected quote given whole but missing
 * from `quotes` is added to them, so the borrower's choice never disappears.
 */
export function settleSelection(display: Record<string, unknown>): Record<string, unknown> {
  const { selectedQuote, ...rest } = display as Display & { selectedQuote?: unknown };
  const quotes = rest.quotes;
  const selectedQuoteId =
    selectedIdOf(rest.selectedQuoteId) ??
    selectedIdOf(selectedQuote) ??
    quotes.find(flagged)?.id ??
    null;
  const list =
    selectedQuoteId !== null &&
    !quotes.some((q) => q.id === selectedQuoteId) &&
    typeof selectedQuote === 'object' &&
    selectedQuote !== null &&
    (selectedQuote as { id?: unknown }).id === selectedQuoteId
      ? [...quotes, selectedQuote as Record<string, unknown> & { id: string }]
      : quotes;
  const settled = (q: Record<string, unknown>) => q.selected === (q.id === selectedQuoteId);
  // Said one way already (the BFF's own answers, or a service that says it so): kept as it is.
  if (
    !('selectedQuote' in display) &&
    display.selectedQuoteId === selectedQuoteId &&
    list === quotes &&
    quotes.every(settled)
  ) {
    return display;
  }
  return {
    ...rest,
    selectedQuoteId,
    quotes: list.map((q) => (settled(q) ? q : { ...q, selected: q.id === selectedQuoteId })),
  };
}
