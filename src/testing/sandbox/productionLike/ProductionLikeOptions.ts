/**
 * Options of the sandbox's production-like mode (`createSandboxService({ productionLike })`):
 * its JSON answers come as loose as the production service's (see the README, "Production-like
 * answers"), the same way every time, while what the sandbox does stays the same. Every option has
 * a default; `productionLike: true` takes them all.
 */
export interface ProductionLikeOptions {
  /**
   * The prefix webhook headers are signed under, sent with lower-case names
   * (`x-insurer-signature-1`, `x-insurer-partner-id`, …), as the production service spells them
   * with its vendor's name. Default: the sandbox's `webhookHeaderPrefix` when one is given,
   * else `X-Insurer`. Not `'auto'`, which is the receiver's setting.
   */
  webhookHeaderPrefix?: string;
  /**
   * For how long after a policy is bound (or retrieved), on the sandbox clock, a read of it lists
   * one more document that is not ready yet (`url: null`) beside its ready ones (the evidence of
   * insurance among them). Default 60 000 ms; 0 never lists it.
   */
  documentNotReadyMs?: number;
}
