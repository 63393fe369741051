import type { PathParams } from '../../core/paths.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { ShopResult } from '../../core/schemas/shopResult.js';
import type { ServiceClient } from '../client/ServiceClient.js';
import { callUpstream } from './callUpstream.js';

/** The fields of a display or shopped loan that are the loan's own: its status and links. */
function statusFields(answer: ShopResult): Partial<Loan> | undefined {
  if (typeof answer.status !== 'string' || answer.status === '') return undefined;
  const fields: Partial<Loan> = { status: answer.status };
  if (answer.hostedDisplayUrl) fields.hostedDisplayUrl = answer.hostedDisplayUrl;
  if (answer.shortHostedDisplayUrl) fields.shortHostedDisplayUrl = answer.shortHostedDisplayUrl;
  if (answer.contactPageUrl) fields.contactPageUrl = answer.contactPageUrl;
  return fields;
}

/**
 * A loan's status and display links, read from operations the service does not rate limit: the
 * quote display, else the shopped loan (both carry the loan's status). `undefined` when neither
 * answered one, so the caller reads the loan itself.
 */
export async function readLoanStatus(
  client: ServiceClient,
  params: PathParams,
  signal: AbortSignal,
): Promise<Partial<Loan> | undefined> {
  for (const name of ['getQuoteDisplay', 'getShoppedLoan'] as const) {
    try {
      const fields = statusFields(
        (await callUpstream(client, name, { params, signal })) as ShopResult,
      );
      if (fields) return fields;
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  return undefined;
}
