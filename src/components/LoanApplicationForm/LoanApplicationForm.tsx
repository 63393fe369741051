import type { FormEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { useCreateLoanApplication, useInsuranceContext } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { languageOf } from '../shared/languageOf.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import { useFormat } from '../shared/useFormat.js';
import { useHydrated } from '../shared/useHydrated.js';
import { useLatest } from '../shared/useLatest.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { ApplicationField } from './ApplicationField.js';
import type { FieldGroup, FieldSpec, MessageKey } from './applicationFields.js';
import { APPLICATION_FIELDS } from './applicationFields.js';
import type { LoanApplicationFormProps } from './LoanApplicationFormProps.js';
import type {
  LoanApplicationField,
  LoanApplicationFormValues,
} from './LoanApplicationFormValues.js';
import { loanApplicationFormMessages } from './loanApplicationFormMessages.js';
import { loanApplicationFormTranslations } from './loanApplicationFormTranslations.js';
import { parseAmount } from './parseAmount.js';
import type { FieldProblem } from './problemOf.js';
import { problemOf } from './problemOf.js';
import { toLoanApplicationInput } from './toLoanApplicationInput.js';

type Field = LoanApplicationField;
type Problems = Readonly<Partial<Record<Field, FieldProblem>>>;

const GROUPS: readonly FieldGroup[] = ['borrower', 'currentAddress', 'property', 'loan'];
const NO_FIELDS: readonly Field[] = [];
const NONE: ReadonlySet<Field> = new Set();

/** Each field's text from what the host gave; state codes upper-cased (`tx` is `TX`). */
function initialValues(given: Partial<LoanApplicationFormValues> = {}): LoanApplicationFormValues {
  const values = {} as Record<Field, string>;
  for (const { name, kind } of APPLICATION_FIELDS) {
    // Plain JavaScript callers may pass a number (an amount) or nothing at all.
    const raw: unknown = given[name];
    const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
    values[name] = kind === 'state' ? text.trim().toUpperCase() : text;
  }
  return values;
}

function validate(values: LoanApplicationFormValues): Problems {
  const found: Partial<Record<Field, FieldProblem>> = {};
  for (const field of APPLICATION_FIELDS) {
    const problem = problemOf(field, values[field.name]);
    if (problem) found[field.name] = problem;
  }
  return found;
}

function lockedSet(names: readonly Field[]): ReadonlySet<Field> {
  for (const name of names)
    if (!APPLICATION_FIELDS.some((field) => field.name === name))
      throw new InsuranceError(
        'configuration_error',
        `LoanApplicationForm: lockedFields names "${String(name)}", which is not one of its fields (${APPLICATION_FIELDS.map((f) => f.name).join(', ')})`,
      );
  return names.length ? new Set(names) : NONE;
}

const messageOfFailure = (code: InsuranceError['code']): MessageKey =>
  code === 'network_error' || code === 'timeout'
    ? 'offline'
    : code === 'outcome_unknown'
      ? 'outcomeUnknown'
      : code === 'validation_error'
        ? 'notAccepted'
        : 'failed';

/** {@link LoanApplicationForm}'s content, inside its own Suspense boundary. */
function LoanApplicationFormContent({
  onCreated,
  onError,
  onInvalid,
  defaultValues,
  lockedFields = NO_FIELDS,
  submitLabel,
  className,
}: LoanApplicationFormProps) {
  const { locale } = useInsuranceContext('LoanApplicationForm');
  const t = useMessages(
    'loanApplicationForm',
    loanApplicationFormMessages,
    loanApplicationFormTranslations,
  );
  const format = useFormat();
  const root = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useStylesheetCheck(root);
  const hydrated = useHydrated();
  const locked = useMemo(() => lockedSet(lockedFields), [lockedFields]);
  const { create, isPending, isSuccess, error, fieldErrors, retryAt, reset } =
    useCreateLoanApplication();
  const waiting = useWaitUntil(retryAt);
  const collator = useMemo(() => new Intl.Collator(locale), [locale]);

  const [typed, setTyped] = useState(() => initialValues(defaultValues));
  // A locked field always shows what the lender says now, even when that arrives late.
  const lockedValues = initialValues(defaultValues);
  const values = { ...typed };
  for (const name of locked) values[name] = lockedValues[name];

  // Problems found in the page at the last submit (kept up to date as those fields change), and
  // the fields changed since: a refusal by the service no longer applies to a changed field.
  const [problems, setProblems] = useState<Problems>({});
  const [changed, setChanged] = useState<ReadonlySet<Field>>(NONE);
  const focusFirstInvalid = useRef(false);

  const english = languageOf(locale) === 'en';
  const unnamed = Object.keys(fieldErrors).some(
    (path) => !APPLICATION_FIELDS.some((field) => field.path === path),
  );
  const errorOf = (field: FieldSpec): string | undefined => {
    const { name } = field;
    const problem = problems[name];
    const refusal = changed.has(name) ? undefined : fieldErrors[field.path];
    if (!problem && !refusal) return undefined;
    if (locked.has(name)) return t('lockedInvalid');
    if (problem) return t(problem.key, problem.values);
    // The service's words when the page speaks its language; a rule of ours names it otherwise.
    const own = problemOf(field, values[name]);
    return own ? t(own.key, own.values) : english && refusal ? refusal : t('refused');
  };
  const errors = new Map(APPLICATION_FIELDS.map((field) => [field.name, errorOf(field)]));
  const anyFieldError = [...errors.values()].some(Boolean);
  const failure = error && !(error.code === 'validation_error' && !unnamed) ? error : null;
  const state = isSuccess
    ? 'created'
    : isPending
      ? 'submitting'
      : anyFieldError || failure
        ? 'errored'
        : 'editing';

  const reported = useLatest(onError);
  useEffect(() => {
    if (error) reported.current?.(error);
  }, [error, reported]);

  // After a submit that failed: focus the first invalid field, once its error is on the page.
  useEffect(() => {
    if (!focusFirstInvalid.current || isPending) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    if (first || error) focusFirstInvalid.current = false;
  });

  const created = state === 'created';
  useEffect(() => {
    if (created) status.current?.focus();
  }, [created]);

  function change(field: FieldSpec, value: string) {
    const { name } = field;
    if (locked.has(name) || isPending) return;
    setTyped((v) => ({ ...v, [name]: value }));
    setChanged((c) => (c.has(name) ? c : new Set(c).add(name)));
    // A field shown as invalid is checked again as it changes, so its error goes once fixed.
    setProblems((p) => {
      if (!p[name]) return p;
      const { [name]: _, ...rest } = p;
      const problem = problemOf(field, value);
      return problem ? { ...rest, [name]: problem } : rest;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isPending || waiting) return;
    const found = validate(values);
    const invalid = APPLICATION_FIELDS.filter((f) => found[f.name]).map((f) => f.name);
    setProblems(found);
    setChanged(NONE);
    focusFirstInvalid.current = invalid.length > 0;
    if (invalid.length) {
      // An earlier refusal no longer describes what is on the page.
      reset();
      onInvalid?.(invalid);
      return;
    }
    const loan = await create(toLoanApplicationInput(values));
    if (loan) onCreated(loan);
    else focusFirstInvalid.current = true;
  }

  const shown = (field: FieldSpec, value: string): string => {
    if (field.options) {
      const option = field.options.find((o) => o.value === value);
      return option ? t(option.label) : value;
    }
    if (field.kind === 'amount') {
      const amount = parseAmount(value);
      return amount === undefined ? value : format.money(amount);
    }
    return field.kind === 'date' && value ? format.date(value) : value;
  };
  const optionsOf = (field: FieldSpec) =>
    field.kind === 'state' && field.options
      ? [...field.options].sort((a, b) => collator.compare(t(a.label), t(b.label)))
      : field.options;

  const alert = anyFieldError
    ? t('fixFields')
    : failure?.code === 'rate_limited' && retryAt
      ? t('rateLimited', {
          time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
            retryAt,
          ),
        })
      : failure
        ? t(messageOfFailure(failure.code))
        : '';
  const blocked = isPending || waiting;
  return (
    <div
      ref={root}
      className={cx('lir-root lir-LoanApplicationForm', className)}
      data-state={state}
    >
      {!created && (
        <form
          ref={form}
          aria-label={t('title')}
          data-slot="form"
          onSubmit={submit}
          noValidate
          aria-busy={isPending || undefined}
        >
          {locked.size > 0 && <p data-slot="locked-intro">{t('lockedIntro')}</p>}
          {GROUPS.map((group) => (
            <fieldset key={group} data-slot="group" data-group={group}>
              <legend>{t(group)}</legend>
              <div data-slot="fields">
                {APPLICATION_FIELDS.filter((field) => field.group === group).map((field) => (
                  <ApplicationField
                    key={field.name}
                    spec={field}
                    value={values[field.name]}
                    shown={shown(field, values[field.name])}
                    options={optionsOf(field)}
                    error={errors.get(field.name)}
                    locked={locked.has(field.name)}
                    busy={isPending}
                    t={t}
                    onChange={(value) => change(field, value)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          {alert && (
            <p data-slot="error" role="alert">
              {alert}
            </p>
          )}
          <div data-slot="actions">
            <button
              type="submit"
              data-slot="submit"
              // Not `disabled` once hydrated: the button keeps focus while the application is on its
              // way. Before hydration nothing would handle a submit but the browser (see useHydrated).
              disabled={!hydrated}
              aria-disabled={blocked || undefined}
              aria-busy={isPending || undefined}
            >
              {isPending ? t('submitting') : (submitLabel ?? t('submit'))}
            </button>
          </div>
        </form>
      )}
      <p ref={status} data-slot="status" role="status" tabIndex={-1}>
        {created && t('created')}
      </p>
    </div>
  );
}

/**
 * The loan application, ready to drop into a lender's portal: the borrower, their current
 * address, the home to insure and the loan. Fields are checked in the page before anything is
 * sent: each error is shown under its field (and read with it), and focus moves to the first
 * invalid one. A refusal by the service is shown on the fields it names (in English, in the
 * service's own words), or above the button; what the borrower typed is always kept. A host
 * prefills fields (`defaultValues`) and locks the ones it already knows (`lockedFields`).
 * `data-state`: `editing` | `submitting` | `errored` | `created`.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 * Headless equivalent: `useCreateLoanApplication` with `toLoanApplicationInput`.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the state it will show first. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <LoanApplicationForm
 *   defaultValues={{ firstName: 'Avery', lastName: 'Jordan', loanNumber: 'LN-100200' }}
 *   lockedFields={['loanNumber']}
 *   onCreated={(loan) => navigate(`/insurance/${loan.id}`)}
 * />
 */
export function LoanApplicationForm(props: LoanApplicationFormProps) {
  return (
    <SuspenseRoot
      className={cx('lir-root lir-LoanApplicationForm', props.className)}
      state="editing"
      minHeight="76rem"
    >
      <LoanApplicationFormContent {...props} />
    </SuspenseRoot>
  );
}
