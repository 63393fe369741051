import type { FormEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { InsuranceActionState } from '../../hooks/index.js';
import {
  useCallMeNow,
  useInsuranceContext,
  useScheduleCall,
  useTcpaConsent,
} from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { useHydrated } from '../shared/useHydrated.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { TcpaConsentCheckbox } from '../TcpaConsentCheckbox/index.js';
import { advisorAvailability } from './advisorAvailability.js';
import { advisorHoursText } from './advisorHoursText.js';
import { advisorWeek } from './advisorWeek.js';
import type { CallSchedulerProps } from './CallSchedulerProps.js';
import { callSchedulerMessages } from './callSchedulerMessages.js';
import { callSchedulerTranslations } from './callSchedulerTranslations.js';
import { callSlots } from './callSlots.js';
import { DEFAULT_ADVISOR_HOURS } from './DEFAULT_ADVISOR_HOURS.js';
import { formatPhone } from './formatPhone.js';
import { PhoneChoice } from './PhoneChoice.js';
import { phoneDigits } from './phoneDigits.js';

const systemNow = () => new Date();
const digitsOf = (phone: string | undefined) => (phone ? phoneDigits(phone) : undefined);

/** {@link CallScheduler}'s content: its own chunk, loaded when it first shows. */
export function CallSchedulerBody({
  loanId,
  lenderName,
  termsOfServiceId,
  timeZone: zoneProp,
  advisorHours = DEFAULT_ADVISOR_HOURS,
  callNowCutoffMinutes = 15,
  phone,
  leadTimeMinutes = 120,
  businessHours,
  slotMinutes = 30,
  days: dayCount = 7,
  weekdaysOnly = false,
  now = systemNow,
  onScheduled,
  onCalled,
  className,
}: CallSchedulerProps) {
  const { locale } = useInsuranceContext('CallScheduler');
  const t = useMessages('callScheduler', callSchedulerMessages, callSchedulerTranslations);
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const hydrated = useHydrated();
  const consent = useTcpaConsent(loanId);
  const scheduler = useScheduleCall(loanId);
  const caller = useCallMeNow(loanId);
  const id = useId();
  const timeZone = zoneProp || Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The time the form opened: slots stay put while the borrower picks one.
  const [openedAt] = useState(() => now().getTime());
  // By value: hours written inline in the host's JSX are a new object on every render.
  const hoursKey = JSON.stringify(advisorHours);
  const start = businessHours?.start;
  const end = businessHours?.end;
  // biome-ignore lint/correctness/useExhaustiveDependencies: advisorHours is followed by value (hoursKey)
  const days = useMemo(
    () =>
      callSlots({
        now: openedAt,
        timeZone,
        leadTimeMinutes,
        advisorHours,
        ...(start !== undefined && end !== undefined ? { businessHours: { start, end } } : {}),
        slotMinutes,
        days: dayCount,
        weekdaysOnly,
      }),
    [
      openedAt,
      timeZone,
      leadTimeMinutes,
      hoursKey,
      start,
      end,
      slotMinutes,
      dayCount,
      weekdaysOnly,
    ],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: advisorHours is followed by value (hoursKey)
  const week = useMemo(
    () => advisorWeek(advisorHours, timeZone, openedAt),
    [hoursKey, timeZone, openedAt],
  );
  // Whether a call now can be offered follows the clock: re-rendered when that changes.
  const availability = advisorAvailability(advisorHours, now().getTime(), callNowCutoffMinutes);
  useWaitUntil(availability.changesAt);

  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const day = days.find((d) => d.date === date) ?? days[0];
  const slots = day?.slots.map((s) => new Date(s).toISOString()) ?? [];
  const chosen = slots.includes(slot) ? slot : slots[0];

  const [last, setLast] = useState<'schedule' | 'call'>('schedule');
  // The consent for a changed number failed to record: its error is the one to show.
  const [consentFailed, setConsentFailed] = useState(false);
  const callAction: InsuranceActionState<unknown> = last === 'call' ? caller : scheduler;
  const action: InsuranceActionState<unknown> = consentFailed ? consent.recording : callAction;
  // Once offered, the consent stays in view: it shows that it was recorded, and keeps focus.
  const [offered, setOffered] = useState(false);
  if (consent.recorded === false && !offered) setOffered(true);
  const hasConsent = consent.recorded === true;
  const reconsenting = consent.recording.isPending;
  const busy = scheduler.isPending || caller.isPending || reconsenting;
  // A rate limit's wait keeps the buttons disabled; they come back when it is over.
  const limited = useWaitUntil(action.retryAt);

  // The number to call: the host's, else the one the consent was given for, else typed in.
  const consentDigits = digitsOf(consent.data?.consent?.phone);
  const known = phone || consent.data?.consent?.phone;
  const knownDigits = digitsOf(known);
  const [typed, setTyped] = useState<string>();
  const [phoneProblem, setPhoneProblem] = useState<'phoneRequired' | 'phoneInvalid'>();
  const serverPhoneError = action.fieldErrors.phone;
  const editing = typed !== undefined || !knownDigits || !!serverPhoneError;
  const entry = typed ?? (knownDigits ? formatPhone(knownDigits) : (known ?? ''));
  const chosenDigits = editing ? phoneDigits(entry) : knownDigits;
  // TCPA consent covers "the number I provided": another number needs it recorded again.
  const coversConsent = hasConsent && !!chosenDigits && chosenDigits !== consentDigits;
  const phoneInput = useRef<HTMLInputElement>(null);
  const focusPhone = useRef(false);
  useEffect(() => {
    if (!focusPhone.current || !phoneInput.current) return;
    focusPhone.current = false;
    phoneInput.current.focus();
  });
  const [calledNumber, setCalledNumber] = useState('');

  const code = action.error?.code;
  const fieldError = scheduler.fieldErrors.scheduledAt;
  const state = !hasConsent
    ? 'consentRequired'
    : scheduler.isPending || (reconsenting && last === 'schedule')
      ? 'scheduling'
      : caller.isPending || (reconsenting && last === 'call')
        ? 'calling'
        : !consentFailed && callAction.isSuccess
          ? last === 'call'
            ? 'called'
            : 'scheduled'
          : code && code !== 'consent_required'
            ? 'error'
            : 'ready';
  const done = state === 'scheduled' || state === 'called';

  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  const format = (value: string | number, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(new Date(value));
  const zoneName =
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(openedAt)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  const hhmm = { hour: 'numeric', minute: '2-digit' } as const;
  const longDay = { weekday: 'long', month: 'long', day: 'numeric' } as const;
  const scheduledAt = scheduler.data?.scheduledAt ?? chosen ?? '';
  const hoursText = advisorHoursText(week, locale, timeZone, t);
  const firstSlot = days[0]?.slots[0];

  /** The number to call, once it is valid and the consent covers it; `undefined` otherwise. */
  async function numberToCall(intent: 'schedule' | 'call'): Promise<string | undefined> {
    setLast(intent);
    setConsentFailed(false);
    if (!chosenDigits) {
      setPhoneProblem(entry.trim() ? 'phoneInvalid' : 'phoneRequired');
      phoneInput.current?.focus();
      return undefined;
    }
    setPhoneProblem(undefined);
    if (chosenDigits !== consentDigits) {
      const record = await consent.record({ termsOfServiceId, phone: chosenDigits });
      if (!record) {
        setConsentFailed(true);
        return undefined;
      }
    }
    setCalledNumber(formatPhone(chosenDigits));
    return chosenDigits;
  }
  async function schedule(event: FormEvent) {
    event.preventDefault();
    if (!chosen || busy) return;
    const number = await numberToCall('schedule');
    if (!number) return;
    const result = await scheduler.schedule({ scheduledAt: chosen, timeZone, phone: number });
    if (result) onScheduled?.(result);
  }
  async function callNow() {
    if (busy) return;
    const number = await numberToCall('call');
    if (!number) return;
    const result = await caller.call({ phone: number });
    if (result) onCalled?.(result);
  }
  function changeNumber() {
    focusPhone.current = true;
    setTyped(entry);
  }

  const reasonId = `${id}-reason`;
  const zoneId = `${id}-zone`;
  const errorId = `${id}-error`;
  const blocked = !hasConsent || busy || limited || !hydrated;
  const phoneError = phoneProblem ? t(phoneProblem) : serverPhoneError;
  const showCallNow = availability.callNow || caller.isPending || (reconsenting && last === 'call');
  return (
    <div ref={root} className={cx('lir-root lir-CallScheduler', className)} data-state={state}>
      {!done && (
        <form aria-label={t('title')} data-slot="form" onSubmit={schedule} noValidate>
          {(offered || !hasConsent || coversConsent) && (
            <div data-slot="consent">
              <TcpaConsentCheckbox
                loanId={loanId}
                lenderName={lenderName}
                termsOfServiceId={termsOfServiceId}
                {...(chosenDigits ? { phone: chosenDigits } : {})}
              />
            </div>
          )}
          {/* Until the consent is read, its number is unknown: no field flashes up meanwhile. */}
          {(phone || !consent.isLoading) && (
            <PhoneChoice
              id={`${id}-phone`}
              number={editing || !knownDigits ? undefined : formatPhone(knownDigits)}
              entry={entry}
              error={phoneError}
              coversConsent={coversConsent}
              disabled={busy}
              inputRef={phoneInput}
              onEntry={(value) => {
                setTyped(value);
                setPhoneProblem(undefined);
              }}
              onChange={changeNumber}
              t={t}
            />
          )}
          <div data-slot="field">
            <label htmlFor={`${id}-date`}>{t('date')}</label>
            <select
              id={`${id}-date`}
              data-slot="date"
              value={day?.date ?? ''}
              onChange={(e) => setDate(e.target.value)}
              disabled={busy}
            >
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {format(d.slots[0] as number, longDay)}
                </option>
              ))}
            </select>
          </div>
          <div data-slot="field">
            <label htmlFor={`${id}-time`}>{t('time')}</label>
            <select
              id={`${id}-time`}
              data-slot="time"
              value={chosen ?? ''}
              onChange={(e) => setSlot(e.target.value)}
              disabled={busy}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={cx(zoneId, fieldError && errorId)}
            >
              {slots.map((s) => (
                <option key={s} value={s}>
                  {format(s, hhmm)}
                </option>
              ))}
            </select>
            {fieldError && (
              <p id={errorId} data-slot="field-error" role="alert">
                {fieldError}
              </p>
            )}
          </div>
          <p id={zoneId} data-slot="time-zone">
            {t('timeZone', { zoneName, timeZone })}
          </p>
          {hoursText && <p data-slot="advisor-hours">{hoursText}</p>}
          {!showCallNow && firstSlot !== undefined && (
            <p data-slot="next-call">
              {t('nextCall', { dateTime: format(firstSlot, { ...longDay, ...hhmm }) })}
            </p>
          )}
          {!days.length && <p data-slot="no-slots">{t('noSlots')}</p>}
          {!hasConsent && (
            <p id={reasonId} data-slot="reason">
              {t('consentRequired')}
            </p>
          )}
          <div data-slot="actions">
            <button
              type="submit"
              data-slot="schedule"
              disabled={blocked || !chosen}
              aria-busy={state === 'scheduling' || undefined}
              aria-describedby={hasConsent ? undefined : reasonId}
            >
              {t(state === 'scheduling' ? 'scheduling' : 'schedule')}
            </button>
            {showCallNow && (
              <button
                type="button"
                data-slot="call-now"
                onClick={callNow}
                disabled={blocked}
                aria-busy={state === 'calling' || undefined}
                aria-describedby={hasConsent ? undefined : reasonId}
              >
                {t(state === 'calling' ? 'calling' : 'callNow')}
              </button>
            )}
          </div>
          {state === 'error' && !fieldError && !serverPhoneError && (
            <p data-slot="error" role="alert">
              {code === 'rate_limited' && action.retryAt
                ? t('rateLimited', { time: format(action.retryAt, hhmm) })
                : t('error')}
            </p>
          )}
        </form>
      )}
      <p ref={status} data-slot="status" role="status" tabIndex={-1}>
        {state === 'called' && t('called', { phone: calledNumber })}
        {state === 'scheduled' &&
          t('scheduled', {
            phone: calledNumber,
            dateTime: format(scheduledAt, { ...longDay, ...hhmm, timeZoneName: 'short' }),
          })}
      </p>
    </div>
  );
}
