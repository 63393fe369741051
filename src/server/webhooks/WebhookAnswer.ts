/**
 * An answer of the webhook receiver before it becomes a web `Response`: its status, headers
 * (names in lowercase, as a `Response`'s headers read) and JSON text. `toNodeHandler` writes it
 * as is on Node; every other host gets it as a `Response` (see `webhookResponse`).
 */
export interface WebhookAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}
