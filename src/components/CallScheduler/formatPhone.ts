/**
 * A US number's 10 digits as borrowers read them: `(555) 123-4567`.
 *
 * @example
 * formatPhone('5551234567'); // '(555) 123-4567'
 */
export function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
