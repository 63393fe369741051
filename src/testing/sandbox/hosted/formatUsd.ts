const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats an amount as US dollars (`$1,234.50`); a non-finite amount gives `—`. Not escaped. */
export function formatUsd(amount: number): string {
  return Number.isFinite(amount) ? USD.format(amount) : '—';
}
