import type { within } from 'storybook/test';

/** The queries a play function gets as `canvas` (Testing Library's, bound to the story root). */
export type Canvas = ReturnType<typeof within>;
