import type { CSSProperties, MouseEvent } from 'react';
import { useId, useMemo } from 'react';
import { humanizeKey } from '../../core/humanizeKey.js';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { isSafeLinkUrl } from '../../core/isSafeLinkUrl.js';
import type { DisplayQuote } from '../../core/schemas/quoteDisplay.js';
import { useInsuranceContext } from '../../hooks/index.js';
import { coverageRows } from '../shared/coverageRows.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import type { TermRow } from '../shared/termRows.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import type { QuoteCardRow, QuoteCardRows } from './quoteCardRows.js';
import { deductibleRows, endorsementRows, quoteCardRows } from './quoteCardRows.js';
import type { QuoteCardsMessageKey } from './quoteCardsMessages.js';
import { quoteCardsMessages } from './quoteCardsMessages.js';
import { quoteCardsTranslations } from './quoteCardsTranslations.js';

/** Props of {@link QuoteCard}. */
export interface QuoteCardProps {
  quote: DisplayQuote;
  /** The radio group's name, shared by every card of the group. */
  name: string;
  checked: boolean;
  disabled?: boolean;
  /** Called with the quote's id when the borrower chooses it (click, Space or arrow keys). */
  onSelect: (quoteId: string) => void;
  /**
   * The rows to show, the same for every card of a group so they line up (see
   * `quoteCardRows`). Default: this quote's own.
   */
  rows?: QuoteCardRows;
  /** Show "Continue with this quote" through the quote's `agentBridgeLink` when safe. Default `true`. */
  showAgentBridgeLink?: boolean;
  /** Called with the quote's id when the borrower follows "Continue with this quote". */
  onContinue?: (quoteId: string) => void;
  className?: string;
}

const SECTIONS = [
  ['coverages', coverageRows],
  ['deductibles', deductibleRows],
  ['endorsements', endorsementRows],
] as const;

// Each part of a card is one row of the list's grid (a subgrid), so cards side by side line up
// row by row whatever wraps; a part spanning several rows says how many.
const span = (rows: number) => ({ '--lir-quote-span': rows }) as CSSProperties;

/** {@link QuoteCard}'s content, inside its own Suspense boundary. */
function QuoteCardContent({
  quote,
  name,
  checked,
  disabled,
  onSelect,
  rows: shared,
  showAgentBridgeLink = true,
  onContinue,
  className,
}: QuoteCardProps) {
  useInsuranceContext('QuoteCard');
  const t = useMessages('quoteCards', quoteCardsMessages, quoteCardsTranslations);
  const { money, date } = useFormat();
  const id = useId();
  const own = useMemo(() => quoteCardRows([quote]), [quote]);
  const rows = shared ?? own;
  const carrier = quote.carrierName ?? '';
  const link = showAgentBridgeLink && isSafeLinkUrl(quote.agentBridgeLink);
  const policyType = typeof quote.policyType === 'string' ? quote.policyType : undefined;
  const policyKey = `policy${policyType}`;

  const value = (row: QuoteCardRow, term: TermRow<string> | undefined) =>
    !term
      ? t('notListed')
      : !term.included
        ? t('notIncluded')
        : term.amount !== undefined
          ? money(term.amount, row.cents)
          : t('included');
  const facts: Array<[QuoteCardsMessageKey, string, string]> = [];
  if (rows.policyType) {
    facts.push([
      'policyType',
      !policyType
        ? t('notListed')
        : Object.hasOwn(quoteCardsMessages, policyKey)
          ? t(policyKey as QuoteCardsMessageKey)
          : policyType,
      `${id}t`,
    ]);
  }
  if (rows.effectiveDate) {
    facts.push([
      'effectiveDate',
      quote.effectiveDate ? date(quote.effectiveDate) : t('notListed'),
      `${id}e`,
    ]);
  }
  const sections = SECTIONS.flatMap(([section, rowsOf]) => {
    const lines = rows[section];
    if (lines.length === 0) return [];
    const map = quote[section];
    const terms = new Map(
      (typeof map === 'object' && map !== null ? rowsOf(map) : []).map((r) => [r.key, r]),
    );
    return [{ section, lines, terms }];
  });
  const spanned = 3 + facts.length + sections.reduce((sum, { lines }) => sum + 1 + lines.length, 0);
  const followed = (event: MouseEvent) => {
    // A middle click opens the quote too.
    if (event.type === 'click' || event.button === 1) onContinue?.(quote.id);
  };

  return (
    <div
      className={cx('lir-QuoteCard', className)}
      data-slot="card"
      data-state={checked ? 'checked' : 'unchecked'}
      data-disabled={disabled ? '' : undefined}
      style={span(spanned)}
    >
      <label data-slot="header">
        <input
          type="radio"
          data-slot="radio"
          name={name}
          value={quote.id}
          checked={checked}
          disabled={disabled}
          onChange={() => onSelect(quote.id)}
          // Named by carrier and price, described by the policy form; the terms follow as a list.
          aria-labelledby={`${id}c ${id}p`}
          aria-describedby={rows.policyType ? `${id}t` : undefined}
        />
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
      </label>
      <div data-slot="price" id={`${id}p`}>
        {quote.premium !== undefined && (
          <span data-slot="annual">
            {t('perYear', { amount: money(quote.premium, rows.premiumCents) })}
          </span>
        )}{' '}
        {quote.monthlyPremium !== undefined && (
          <span data-slot="monthly">
            {t('perMonth', { amount: money(quote.monthlyPremium, rows.monthlyPremiumCents) })}
          </span>
        )}
      </div>
      {facts.length > 0 && (
        <dl data-slot="facts" style={span(facts.length)}>
          {facts.map(([label, text, factId]) => (
            <div data-slot="row" key={label}>
              <dt data-slot="term">{t(label)}</dt>
              <dd data-slot="value" id={factId}>
                {text}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {sections.map(({ section, lines, terms }) => (
        <div key={section} data-slot="section" style={span(lines.length + 1)}>
          <div data-slot="sectionTitle">{t(section)}</div>
          <dl data-slot="terms" style={span(lines.length)}>
            {lines.map((row) => {
              const term = terms.get(row.key);
              return (
                <div data-slot="row" key={row.key} data-included={term ? term.included : undefined}>
                  <dt data-slot="term">{row.label ? t(row.label) : humanizeKey(row.key)}</dt>
                  <dd data-slot="value">{value(row, term)}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
      <div data-slot="actions">
        {link && (
          <a
            data-slot="continue"
            href={quote.agentBridgeLink as string}
            target="_blank"
            rel="noopener noreferrer"
            onClick={followed}
            onAuxClick={followed}
          >
            {t('continue')}{' '}
            <span data-slot="visuallyHidden">
              {carrier && `${t('continueCarrier', { carrier })} `}
              {t('newTab')}
            </span>
          </a>
        )}
      </div>
    </div>
  );
}

const monogram = (carrier: string) =>
  carrier
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();

/**
 * One quote as a choice in a radio group: its carrier and price label a native radio (the
 * browser gives the group one tab stop and arrow-key selection), then its policy form,
 * effective date, coverages, deductibles and endorsements as term/value pairs, and
 * "Continue with this quote" when the quote has a safe `agentBridgeLink`. Its state is
 * `checked` or `unchecked`. Place it inside a `.lir-root` element (as `QuoteCards` does) for the
 * theme's variables, in a `[data-slot="list"]` grid for the side-by-side layout.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the state it will show first. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <fieldset>
 *   <legend>Choose a quote</legend>
 *   {quotes.map((q) => (
 *     <QuoteCard key={q.id} quote={q} name="quote" checked={q.id === selectedId} onSelect={select} />
 *   ))}
 * </fieldset>
 */
export function QuoteCard(props: QuoteCardProps) {
  return (
    <SuspenseRoot
      className={cx('lir-QuoteCard', props.className)}
      state={props.checked ? 'checked' : 'unchecked'}
    >
      <QuoteCardContent {...props} />
    </SuspenseRoot>
  );
}
