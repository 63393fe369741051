/**
 * The type of a self-check delivery: an event of this type, signed and sent like any delivery,
 * goes through the receiver's authentication, size and time-window checks and is answered 200
 * `{ "received": true, "test": true }`, without reaching `onEvent`, the relay or the
 * de-duplication store. A setup check can send one to prove the receiver's URL, secret and
 * basic auth work before the service's first real event.
 *
 * @example
 * const event = {
 *   id: `test_${crypto.randomUUID()}`,
 *   type: WEBHOOK_TEST_EVENT_TYPE,
 *   objectType: 'webhook',
 *   occurredAt: new Date().toISOString(),
 *   data: {},
 * };
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'lir.webhook.test';
