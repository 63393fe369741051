/** One empty list for every "nothing yet", so results keep their identity between renders. */
export const EMPTY: readonly never[] = [];
