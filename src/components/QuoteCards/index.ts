export type { QuoteCardProps } from './QuoteCard.js';
export { QuoteCard } from './QuoteCard.js';
export type { QuoteCardsProps } from './QuoteCards.js';
export { QuoteCards } from './QuoteCards.js';
export { quoteCardsMessages } from './quoteCardsMessages.js';
