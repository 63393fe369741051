/**
 * An amount the way production sends some of them: text with two decimals (`1412` →
 * `"1412.00"`). Anything but a finite number is returned as it is.
 */
export function moneyText(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : value;
}
