// Matched anywhere in the key, once lower-cased and stripped of separators.
const CREDENTIAL_PARTS = [
  'token',
  'secret',
  'password',
  'passwd',
  'apikey',
  'accesskey',
  'privatekey',
  'credential',
  'signature',
  'cookie',
  'socialsecurity',
  'taxid',
  'passport',
  'driverlicense',
  'driverslicense',
  'accountnumber',
  'routingnumber',
];

// Short ones only as a whole word of the key (`ssn`, `borrowerSsn`, `tax_ein`), since as a
// part they hide in ordinary words ("heating" holds "tin", "possession" holds "session").
const CREDENTIAL_WORDS = new Set([
  'ssn',
  'itin',
  'ein',
  'tin',
  'sin',
  'pin',
  'pwd',
  'jwt',
  'auth',
  'authorization',
  'session',
  'bearer',
]);

/**
 * Whether a key of an open map (dwelling details, coverages…) looks like it holds a credential
 * or an identity number. Such a key is dropped even where any key is accepted: a service that
 * leaks one there must not leak it to a browser.
 */
export function isCredentialKey(key: string): boolean {
  const flat = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (CREDENTIAL_PARTS.some((part) => flat.includes(part))) return true;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => CREDENTIAL_WORDS.has(word));
}
