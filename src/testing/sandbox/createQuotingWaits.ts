import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { isQuoting } from '../../core/loanStatus.js';
import type { SandboxRuntime } from './sandboxRuntime.js';

/** Waits for the sandbox to start quoting a loan (internal to the sandbox). */
export interface QuotingWaits {
  /** Resolves once the loan is being quoted; at once if it already is. */
  whenQuoting(loanId: string): Promise<void>;
  /**
   * Passes a shop's answer through: once it is answered, the loan's waits resolve; when the
   * sandbox refuses the shop, they fail with its reason, so a test does not wait for nothing.
   */
  track(loanId: string | undefined, shop: () => Promise<Response> | Response): Promise<Response>;
}

interface Wait {
  loanId: string;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * A test sees a component ask for quotes (its progress bar shows) before the request has reached
 * the sandbox; moving the sandbox's clock then would run before quoting started. This tells
 * when the sandbox really is quoting, so `advance` comes after it.
 */
export function createQuotingWaits(rt: SandboxRuntime): QuotingWaits {
  let waits: Wait[] = [];
  const quoting = (loanId: string) => isQuoting(rt.loans.get(loanId)?.wire.status);

  const settle = (loanId: string, error?: Error) => {
    const mine = waits.filter((w) => w.loanId === loanId);
    waits = waits.filter((w) => w.loanId !== loanId);
    for (const wait of mine) {
      if (error) wait.reject(error);
      else wait.resolve();
    }
  };

  return {
    whenQuoting(loanId) {
      if (quoting(loanId)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waits.push({ loanId, resolve, reject });
      });
    },
    async track(loanId, shop) {
      if (loanId === undefined) return shop();
      try {
        const response = await shop();
        if (quoting(loanId)) settle(loanId);
        return response;
      } catch (error) {
        const reason = error instanceof InsuranceError ? error.code : 'an unexpected error';
        settle(loanId, new Error(`The sandbox refused to shop loan ${loanId}: ${reason}`));
        throw error;
      }
    },
  };
}
