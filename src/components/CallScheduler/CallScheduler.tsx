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
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { TcpaConsentCheckbox } from '../TcpaConsentCheckbox/index.js';
import type { CallSchedulerProps } from './CallSchedulerProps.js';
import { callSchedulerMessages } from './callSchedulerMessages.js';
import { callSlots } from './callSlots.js';

const HOURS = { start: 9, end: 17 };
const systemNow = () => new Date();

/**
 * Lets the borrower schedule a call with an insurance advisor at a free time in their time zone,
 * or ask to be called now. Both wait for TCPA consent, which it offers in place until recorded.
 * `data-state`: `consentRequired` | `ready` | `scheduling` | `calling` | `scheduled` | `called` |
 * `error`.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * @example
 * <CallScheduler
 *   loanId={loan.id}
 *   lenderName="Acme Bank"
 *   termsOfServiceId="tcpa_v2"
 *   timeZone="America/New_York"
 *   onScheduled={({ scheduledAt }) => console.info('Call at', scheduledAt)}
 * />
 */
export function CallScheduler({
  loanId,
  lenderName,
  termsOfServiceId,
  timeZone: zoneProp,
  leadTimeMinutes = 120,
  businessHours = HOURS,
  slotMinutes = 30,
  days: dayCount = 7,
  weekdaysOnly = true,
  now = systemNow,
  onScheduled,
  onCalled,
  className,
}: CallSchedulerProps) {
  const { locale } = useInsuranceContext('CallScheduler');
  const t = useMessages('callScheduler', callSchedulerMessages);
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const consent = useTcpaConsent(loanId);
  const scheduler = useScheduleCall(loanId);
  const caller = useCallMeNow(loanId);
  const id = useId();
  const timeZone = zoneProp || Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The time the form opened: slots stay put while the borrower picks one.
  const [openedAt] = useState(() => now().getTime());
  const { start, end } = businessHours;
  const days = useMemo(
    () =>
      callSlots({
        now: openedAt,
        timeZone,
        leadTimeMinutes,
        businessHours: { start, end },
        slotMinutes,
        days: dayCount,
        weekdaysOnly,
      }),
    [openedAt, timeZone, leadTimeMinutes, start, end, slotMinutes, dayCount, weekdaysOnly],
  );
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const day = days.find((d) => d.date === date) ?? days[0];
  const slots = day?.slots.map((s) => new Date(s).toISOString()) ?? [];
  const chosen = slots.includes(slot) ? slot : slots[0];

  const [last, setLast] = useState<'schedule' | 'call'>('schedule');
  const action: InsuranceActionState<unknown> = last === 'call' ? caller : scheduler;
  // Once offered, the consent stays in view: it shows that it was recorded, and keeps focus.
  const [offered, setOffered] = useState(false);
  if (consent.recorded === false && !offered) setOffered(true);
  const hasConsent = consent.recorded === true;
  const busy = scheduler.isPending || caller.isPending;
  // A rate limit's wait keeps the buttons disabled; they come back when it is over.
  const limited = useWaitUntil(action.retryAt);

  const code = action.error?.code;
  const fieldError = scheduler.fieldErrors.scheduledAt;
  const state = !hasConsent
    ? 'consentRequired'
    : scheduler.isPending
      ? 'scheduling'
      : caller.isPending
        ? 'calling'
        : action.isSuccess
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
  const scheduledAt = scheduler.data?.scheduledAt ?? chosen ?? '';

  async function schedule(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setLast('schedule');
    const result = await scheduler.schedule({ scheduledAt: chosen, timeZone });
    if (result) onScheduled?.(result);
  }
  async function callNow() {
    setLast('call');
    const result = await caller.call();
    if (result) onCalled?.(result);
  }

  const reasonId = `${id}-reason`;
  const zoneId = `${id}-zone`;
  const errorId = `${id}-error`;
  const blocked = !hasConsent || busy || limited;
  return (
    <div ref={root} className={cx('lir-root lir-CallScheduler', className)} data-state={state}>
      {!done && (
        <form aria-label={t('title')} data-slot="form" onSubmit={schedule} noValidate>
          {(offered || !hasConsent) && (
            <div data-slot="consent">
              <TcpaConsentCheckbox
                loanId={loanId}
                lenderName={lenderName}
                termsOfServiceId={termsOfServiceId}
              />
            </div>
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
                  {format(d.slots[0] as number, {
                    weekday: 'long',
                    month: 'long',
                    day: 'numeric',
                  })}
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
              aria-busy={scheduler.isPending || undefined}
              aria-describedby={hasConsent ? undefined : reasonId}
            >
              {t(scheduler.isPending ? 'scheduling' : 'schedule')}
            </button>
            <button
              type="button"
              data-slot="call-now"
              onClick={callNow}
              disabled={blocked}
              aria-busy={caller.isPending || undefined}
              aria-describedby={hasConsent ? undefined : reasonId}
            >
              {t(caller.isPending ? 'calling' : 'callNow')}
            </button>
          </div>
          {state === 'error' && !fieldError && (
            <p data-slot="error" role="alert">
              {code === 'rate_limited' && action.retryAt
                ? t('rateLimited', { time: format(action.retryAt, hhmm) })
                : t('error')}
            </p>
          )}
        </form>
      )}
      <p ref={status} data-slot="status" role="status" tabIndex={-1}>
        {state === 'called' && t('called')}
        {state === 'scheduled' &&
          t('scheduled', {
            dateTime: format(scheduledAt, {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
              ...hhmm,
              timeZoneName: 'short',
            }),
          })}
      </p>
    </div>
  );
}
