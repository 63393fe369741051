/**
 * An amount of US dollars as a borrower types it (`420000`, `420,000`, `$420,000.00`), or
 * `undefined` when it is not one: digits with optional thousands commas and at most two decimals,
 * more than zero and at most a billion (the service's limits).
 *
 * @example
 * parseAmount('$420,000'); // 420000
 * parseAmount('12.345'); // undefined
 */
export function parseAmount(text: string): number | undefined {
  const plain = text.trim().replace(/^\$\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(plain)) return undefined;
  const amount = Number(plain.replaceAll(',', ''));
  return amount > 0 && amount <= 1_000_000_000 ? amount : undefined;
}
