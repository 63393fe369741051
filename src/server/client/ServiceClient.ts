import type { GenericSchema } from 'valibot';
import type { OperationName, operations, ServiceOperationName } from '../../core/operations.js';
import type { PathParams } from '../../core/paths.js';

type Row<N extends OperationName> = (typeof operations)[N];

/** What an operation answers, once parsed (`undefined` for a 204). */
export type OperationOutput<N extends OperationName> =
  Row<N>['output'] extends GenericSchema<unknown, infer O> ? O : undefined;

/** The body an operation takes (the output of its input schema), or `undefined`. */
export type OperationInput<N extends OperationName> = Row<N>['input'] extends () => Promise<
  GenericSchema<unknown, infer O>
>
  ? O
  : undefined;

/** Interactive calls (a borrower is waiting) go before background ones (webhook follow-ups). */
export type CallPriority = 'interactive' | 'background';

/** Options of one {@link ServiceClient.call}. */
export interface ServiceCallOptions<N extends OperationName> {
  /** Ids of the path (validated against the id pattern before any URL is built). */
  params?: PathParams;
  /** The body, already validated; for operations whose service path has no loan id it carries `id`. */
  body?: OperationInput<N>;
  /** Default `interactive`. */
  priority?: CallPriority;
  /** Aborts the call, including waiting in the rate-limit queue and backoff. */
  signal?: AbortSignal;
}

/** The operations a service client can call: every service operation but token creation. */
export type ClientOperationName = Exclude<ServiceOperationName, 'createToken'>;

/**
 * Calls the service on behalf of one partner, with the access token, the rate limiter and the
 * retry policy handled inside. Errors are the typed errors of the core.
 */
export interface ServiceClient {
  call<N extends ClientOperationName>(
    name: N,
    options?: ServiceCallOptions<N>,
  ): Promise<OperationOutput<N>>;
  /** The platform partner's lender client this client acts for; undefined for a standard partner. */
  readonly partnerId: string | undefined;
  /**
   * The service's base URL (with its path prefix). When its host is local (loopback, private,
   * an IP literal: a sandbox), the BFF lets document links on local hosts through too; a client
   * without one (a custom client) counts as a service that is not local.
   */
  readonly baseUrl?: string;
}
