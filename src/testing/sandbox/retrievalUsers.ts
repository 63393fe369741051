/**
 * The sandbox credentials of the hosted retrieval page (each with the sandbox password) and
 * what each retrieves: `user_good` a home policy, `user_good_flood` a home and a flood policy,
 * `user_good_expensive` a home policy with a high premium (these three are the service's), and
 * `user_good_cancelled` a home policy cancelled as of the sandbox clock's current day.
 */
export const RETRIEVAL_USERS = [
  'user_good',
  'user_good_flood',
  'user_good_expensive',
  'user_good_cancelled',
] as const;

/** A sandbox retrieval user. */
export type RetrievalUser = (typeof RETRIEVAL_USERS)[number];
