import type { RefObject } from 'react';
import { cx } from '../shared/cx.js';
import type { MessageValues } from '../shared/useMessages.js';
import type { callSchedulerMessages } from './callSchedulerMessages.js';

/** Props of {@link PhoneChoice}. */
export interface PhoneChoiceProps {
  /** Prefix of the ids of its parts. */
  id: string;
  /** The number the advisor will call, formatted; `undefined` while the borrower types one. */
  number: string | undefined;
  /** What the borrower typed (shown while `number` is `undefined`). */
  entry: string;
  error: string | undefined;
  /** The consent will be recorded again for this number: say so. */
  coversConsent: boolean;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onEntry(value: string): void;
  onChange(): void;
  t: (key: keyof typeof callSchedulerMessages, values?: MessageValues) => string;
}

/**
 * The number an advisor will call, with "Change number"; or, while the borrower changes it (or
 * none is known), a labelled tel field with its hint and error.
 */
export function PhoneChoice({
  id,
  number,
  entry,
  error,
  coversConsent,
  disabled,
  inputRef,
  onEntry,
  onChange,
  t,
}: PhoneChoiceProps) {
  const consentNote = coversConsent && (
    <p id={`${id}-consent`} data-slot="phone-consent">
      {t('phoneConsent')}
    </p>
  );
  if (number !== undefined) {
    return (
      <div data-slot="phone">
        <p id={`${id}-number`} data-slot="phone-number">
          {t('phone', { phone: number })}
        </p>
        <button
          type="button"
          data-slot="change-phone"
          onClick={onChange}
          disabled={disabled}
          aria-describedby={`${id}-number`}
        >
          {t('changePhone')}
        </button>
        {consentNote}
      </div>
    );
  }
  return (
    <div data-slot="field">
      <label htmlFor={`${id}-input`}>{t('phoneLabel')}</label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        data-slot="phone-input"
        value={entry}
        onChange={(e) => onEntry(e.target.value)}
        disabled={disabled}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(
          `${id}-hint`,
          coversConsent && `${id}-consent`,
          error && `${id}-error`,
        )}
      />
      <p id={`${id}-hint`} data-slot="phone-hint">
        {t('phoneHint')}
      </p>
      {consentNote}
      {error && (
        <p id={`${id}-error`} data-slot="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
