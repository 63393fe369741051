import type { ChangeEvent } from 'react';
import { useId } from 'react';
import { cx } from '../shared/cx.js';
import type { MessageValues } from '../shared/useMessages.js';
import type { FieldOption, FieldSpec, MessageKey } from './applicationFields.js';

const INPUT_TYPES: Partial<Record<FieldSpec['kind'], string>> = {
  email: 'email',
  tel: 'tel',
  date: 'date',
};
const INPUT_MODES: Partial<Record<FieldSpec['kind'], 'numeric' | 'decimal'>> = {
  zip: 'numeric',
  amount: 'decimal',
};

/** Props of {@link ApplicationField}. */
export interface ApplicationFieldProps {
  spec: FieldSpec;
  value: string;
  /** What a locked field shows (its option's name, a formatted amount or date). */
  shown: string;
  /** Options of a select, in the order shown. */
  options: readonly FieldOption[] | undefined;
  /** Why the value cannot be sent, in the borrower's language. */
  error: string | undefined;
  locked: boolean;
  /** While submitting: what is being sent stays as it is. */
  busy: boolean;
  t: (key: MessageKey, values?: MessageValues) => string;
  onChange: (value: string) => void;
}

/**
 * One labelled field of the application: an input or a select, or, when locked, read-only text
 * marked as coming from the lender. Its error is under it, and is part of its description.
 */
export function ApplicationField({
  spec,
  value,
  shown,
  options,
  error,
  locked,
  busy,
  t,
  onChange,
}: ApplicationFieldProps) {
  const id = useId();
  const noteId = `${id}-locked`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: spec.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': cx(locked && noteId, error && errorId) || undefined,
  } as const;
  const change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange(event.target.value);
  return (
    <div
      data-slot="field"
      data-wide={spec.wide || undefined}
      data-locked={locked || undefined}
      data-invalid={error ? true : undefined}
    >
      <label htmlFor={id}>
        {t(spec.label)}
        {!spec.required && !locked && (
          <>
            {' '}
            <span data-slot="optional">{t('optional')}</span>
          </>
        )}
      </label>
      {locked ? (
        // A select cannot be read-only: every locked field is read-only text, still focusable.
        <input {...common} type="text" value={shown} readOnly />
      ) : options ? (
        <select
          {...common}
          value={value}
          aria-required={spec.required || undefined}
          autoComplete={spec.autoComplete}
          onChange={change}
        >
          <option value="">{t('choose')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[spec.kind] ?? 'text'}
          inputMode={INPUT_MODES[spec.kind]}
          autoComplete={spec.autoComplete}
          value={value}
          aria-required={spec.required || undefined}
          readOnly={busy}
          onChange={change}
        />
      )}
      {locked && (
        <p id={noteId} data-slot="locked">
          {t('fromLender')}
        </p>
      )}
      {error && (
        <p id={errorId} data-slot="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
