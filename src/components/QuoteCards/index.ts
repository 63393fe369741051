export type { QuoteCardProps } from './QuoteCard.js';
export { QuoteCard } from './QuoteCard.js';
export type { QuoteCardsProps } from './QuoteCards.js';
export { QuoteCards } from './QuoteCards.js';
export type { QuoteCardRow, QuoteCardRows } from './quoteCardRows.js';
export { quoteCardRows } from './quoteCardRows.js';
export type { QuoteCardsMessageKey } from './quoteCardsMessages.js';
export { quoteCardsMessages } from './quoteCardsMessages.js';
export { quoteCardsMessagesEs } from './quoteCardsMessagesEs.js';
