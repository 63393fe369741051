/** Where the sandbox serves what the real service hosts. Not part of the service's API. */
export const HOSTED_PREFIX = '/sandbox/';

/** The sandbox's hosted pages and files, as the first segment after {@link HOSTED_PREFIX}. */
export type HostedPage =
  | 'display'
  | 's'
  | 'contact'
  | 'retrieve'
  | 'logos'
  | 'documents'
  | 'events';

/**
 * The URL of a hosted page: the one place these paths are written (the router in
 * `hostedRoutes.ts` reads the same segments back).
 */
export function hostedUrl(origin: string, page: HostedPage, id?: string): string {
  return `${origin}${HOSTED_PREFIX}${page}${id === undefined ? '' : `/${id}`}`;
}
