/** How close to its expiry a signed URL is refreshed rather than opened (U7). */
export const URL_EXPIRY_MARGIN_MS = 30_000;

/**
 * Whether a signed document URL is expired or expires within the margin: from `Expires=<unix
 * seconds>` (the service's form), or `X-Amz-Date` + `X-Amz-Expires` (S3's). A URL that says
 * nothing about its expiry is taken as fresh.
 */
export function urlExpiresSoon(raw: string, now = Date.now()): boolean {
  let params: URLSearchParams;
  try {
    params = new URL(raw).searchParams;
  } catch {
    return false;
  }
  const expires = params.get('Expires') ?? '';
  const expiresAt = /^\d{1,12}$/.test(expires)
    ? Number(expires) * 1000
    : Date.parse(
        (params.get('X-Amz-Date') ?? '').replace(
          /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
          '$1-$2-$3T$4:$5:$6Z',
        ),
      ) +
      Number(params.get('X-Amz-Expires') ?? Number.NaN) * 1000;
  // NaN (nothing said) compares false: fresh.
  return expiresAt - now < URL_EXPIRY_MARGIN_MS;
}
