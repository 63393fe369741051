/**
 * The path prefix the service documents as part of its base URL (`https://<host>/lenders`, so
 * a full path is `{baseUrl}/v1/loans`). The sandbox serves under it by default, and the server's
 * configuration messages give it as the example of what a base URL must include.
 */
export const SERVICE_PATH_PREFIX = '/lenders';
