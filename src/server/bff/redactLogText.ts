// Bounded before matching: the patterns backtrack, and no log line needs more.
const MAX_SCANNED = 1000;
const MAX_LOGGED = 300;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*/g;
// Seven digits or more, allowing the separators phone numbers and SSNs are written with.
const LONG_NUMBER = /\(?\d(?:[\s().-]{0,2}\d){6,}/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Service text made fit for a log line: e-mail addresses and runs of seven or more digits
 * (phone numbers, SSNs) masked, control characters dropped, length capped. The service client
 * has already removed the access token and the client secret.
 */
export function redactLogText(text: string): string {
  return text
    .slice(0, MAX_SCANNED)
    .replace(CONTROL, ' ')
    .replace(EMAIL, '[email]')
    .replace(LONG_NUMBER, '[number]')
    .slice(0, MAX_LOGGED);
}
