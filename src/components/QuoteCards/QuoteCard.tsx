import { useId } from 'react';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import type { DisplayQuote } from '../../core/schemas/quoteDisplay.js';
import { useInsuranceContext } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import { quoteCardsMessages } from './quoteCardsMessages.js';

/** Props of {@link QuoteCard}. */
export interface QuoteCardProps {
  quote: DisplayQuote;
  /** The radio group's name, shared by every card of the group. */
  name: string;
  checked: boolean;
  disabled?: boolean;
  /** Called with the quote's id when the borrower chooses it (click, Space or arrow keys). */
  onSelect: (quoteId: string) => void;
  className?: string;
}

type Key = keyof typeof quoteCardsMessages;

/**
 * One quote as a choice in a radio group: a `<label>` around a native radio, so the browser
 * gives the group one tab stop and arrow-key selection. Its state is `checked` or `unchecked`.
 * Place it inside a `.lir-root` element (as `QuoteCards` does) for the theme's variables.
 *
 * @example
 * <fieldset>
 *   <legend>Choose a quote</legend>
 *   {quotes.map((q) => (
 *     <QuoteCard key={q.id} quote={q} name="quote" checked={q.id === selectedId} onSelect={select} />
 *   ))}
 * </fieldset>
 */
export function QuoteCard({ quote, name, checked, disabled, onSelect, className }: QuoteCardProps) {
  useInsuranceContext('QuoteCard');
  const t = useMessages('quoteCards', quoteCardsMessages);
  const { money, date } = useFormat();
  const id = useId();
  const carrier = quote.carrierName ?? '';
  const policyKey = `policy${quote.policyType}`;
  const amounts: Array<[Key, number | undefined]> = [
    ['dwelling', included(quote.coverages?.a)],
    ['personalProperty', included(quote.coverages?.c)],
    ['liability', included(quote.coverages?.e)],
    ['dwellingDeductible', included(quote.deductibles?.dwelling)],
    ['windDeductible', included(quote.deductibles?.wind)],
  ];
  return (
    <label
      className={cx('lir-QuoteCard', className)}
      data-slot="card"
      data-state={checked ? 'checked' : 'unchecked'}
      data-disabled={disabled ? '' : undefined}
    >
      <input
        type="radio"
        data-slot="radio"
        name={name}
        value={quote.id}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(quote.id)}
        // The whole card is the label; name the choice by carrier and price, describe the rest.
        aria-labelledby={`${id}c ${id}p`}
        aria-describedby={`${id}d`}
      />
      <span data-slot="header">
        {isSafeDocumentUrl(quote.carrierLogoUrl) ? (
          <img data-slot="logo" src={quote.carrierLogoUrl as string} alt={t('logo', { carrier })} />
        ) : (
          <span data-slot="monogram" aria-hidden="true">
            {monogram(carrier)}
          </span>
        )}
        <span data-slot="carrier" id={`${id}c`}>
          {carrier}
        </span>
        {checked && <span data-slot="badge">{t('selected')}</span>}
      </span>
      <span data-slot="price" id={`${id}p`}>
        {quote.premium !== undefined && (
          <span data-slot="annual">{t('perYear', { amount: money(quote.premium) })}</span>
        )}{' '}
        {quote.monthlyPremium !== undefined && (
          <span data-slot="monthly">{t('perMonth', { amount: money(quote.monthlyPremium) })}</span>
        )}
      </span>
      <span data-slot="details" id={`${id}d`}>
        {quote.policyType && (
          <span data-slot="policyType">
            {policyKey in quoteCardsMessages ? t(policyKey as Key) : quote.policyType}
          </span>
        )}
        {amounts.map(
          ([key, amount]) =>
            amount !== undefined && (
              <span data-slot="amount" key={key}>
                <span data-slot="term">{t(key)}</span> {money(amount)}
              </span>
            ),
        )}
        {quote.effectiveDate && (
          <span data-slot="effectiveDate">
            {t('effective', { date: date(quote.effectiveDate) })}
          </span>
        )}
      </span>
    </label>
  );
}

const included = (c: { included?: boolean; amount?: number } | undefined) =>
  c?.included ? c.amount : undefined;

const monogram = (carrier: string) =>
  carrier
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
