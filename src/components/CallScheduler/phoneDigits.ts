/**
 * The 10 digits of a US phone number however it is written (`(555) 123-4567`, `555.123.4567`,
 * `+1 555 123 4567`), or `undefined` when it is not one: letters, or another count of digits.
 *
 * @example
 * phoneDigits('+1 (555) 123-4567'); // '5551234567'
 * phoneDigits('555-1234'); // undefined
 */
export function phoneDigits(value: string): string | undefined {
  if (!/^\s*(\+\s*)?[\d\s().-]*$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : undefined;
}
