import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import type { Store } from '../store/Store.js';
import type { RateWindow } from './InsuranceBffOptions.js';
import { sessionHash } from './sessionHash.js';
import { sha256Hex } from './sha256Hex.js';

/** A taken call slot; give it back when the call did not happen. */
export interface ThrottleSlot {
  release(): Promise<void>;
}

/** One request for an advisor to call. */
export interface AdvisorCallRequest {
  operation: 'callMeNow' | 'scheduleCall';
  loanId: string;
  sessionId: string;
  /** The number to call: from the request, else the consent, else the application. */
  phone: string | undefined;
}

/**
 * Keeps advisors' phones from being used as a weapon: one call me now per loan per window, and
 * a bounded number of advisor calls per session and per phone number, so neither many loans
 * nor many sessions can make advisors ring one number, or many numbers, in a burst.
 */
export interface AdvisorCallGuard {
  /** @throws {RateLimitedError} with the time left when a limit is reached. */
  take(request: AdvisorCallRequest): Promise<ThrottleSlot>;
  /** Remembers the application's phone (its primary borrower's), for calls that name none. */
  rememberPhone(loanId: string, phone: string | undefined): Promise<void>;
  /** The phone remembered for the application (as its hash), or null. */
  phoneOf(loanId: string): Promise<string | null>;
}

/** Options of {@link createAdvisorCallGuard}. */
export interface AdvisorCallGuardOptions {
  store: Store;
  /** One call me now per loan per this many ms. */
  perLoanMs: number;
  perSession: RateWindow;
  perPhone: RateWindow;
  /** How long an application's phone is remembered. */
  phoneTtlMs: number;
  now?: () => number;
}

/** The same number however it is written: digits only, without the US country code. */
function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

// Phone numbers are personal data: the store only ever sees their hash.
const phoneHash = (phone: string) => sha256Hex(`phone:${phoneDigits(phone)}`);
const PHONE_HASH = /^[0-9a-f]{64}$/;

/** Creates an {@link AdvisorCallGuard} over the store, so every BFF instance shares it. */
export function createAdvisorCallGuard(options: AdvisorCallGuardOptions): AdvisorCallGuard {
  const { store, perLoanMs } = options;
  const now = options.now ?? (() => Date.now());
  const keys = {
    loan: (loanId: string) => `lir:call-me-now:${loanId}`,
    session: async (sessionId: string) => `lir:advisor-session:${await sessionHash(sessionId)}`,
    phone: (hash: string) => `lir:advisor-phone:${hash}`,
    loanPhone: (loanId: string) => `lir:loan-phone:${loanId}`,
  };

  async function takeLoanSlot(loanId: string): Promise<ThrottleSlot> {
    const until = now() + perLoanMs;
    if (await store.setIfAbsent(keys.loan(loanId), String(until), perLoanMs)) {
      return { release: () => store.delete(keys.loan(loanId)) };
    }
    const held = Number(await store.get(keys.loan(loanId)));
    const left = Number.isFinite(held) && held > now() ? held - now() : perLoanMs;
    throw new RateLimitedError(left, 'An advisor was already asked to call about this loan');
  }

  async function takeWindow(key: string, window: RateWindow, message: string) {
    const slot = await store.acquireSlot(key, window.limit, window.windowMs);
    if (!slot.acquired) throw new RateLimitedError(slot.retryInMs, message);
  }

  return {
    async take(request) {
      // The per-loan slot first: it alone can be given back when the call does not happen.
      const slot: ThrottleSlot =
        request.operation === 'callMeNow'
          ? await takeLoanSlot(request.loanId)
          : { release: async () => undefined };
      try {
        await takeWindow(
          await keys.session(request.sessionId),
          options.perSession,
          'Too many advisor calls were asked for from this session; try again later',
        );
        const phone =
          request.phone === undefined
            ? await this.phoneOf(request.loanId)
            : await phoneHash(request.phone);
        if (phone !== null) {
          await takeWindow(
            keys.phone(phone),
            options.perPhone,
            'Advisors were asked to call this number several times already; try again later',
          );
        }
      } catch (error) {
        await slot.release().catch(() => undefined);
        throw error;
      }
      return slot;
    },
    async rememberPhone(loanId, phone) {
      if (phone === undefined || phoneDigits(phone) === '') return;
      await store.set(keys.loanPhone(loanId), await phoneHash(phone), options.phoneTtlMs);
    },
    async phoneOf(loanId) {
      const hash = await store.get(keys.loanPhone(loanId));
      return hash !== null && PHONE_HASH.test(hash) ? hash : null;
    },
  };
}
