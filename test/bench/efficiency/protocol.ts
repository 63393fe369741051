/** The servers the efficiency benchmark starts, each in its own process. */
export type ServerKind =
  | 'upstream'
  | 'bff'
  | 'proxy'
  | 'http-proxy'
  | 'floor'
  | 'web-proxy'
  | 'web-floor'
  | 'web-verify-floor'
  | 'bare-sse';

/** What a server process is started with (JSON in its second argument). */
export interface ServerSettings {
  /** The upstream's origin, for the BFF and the bare proxy. */
  upstream?: string;
  /** Loan ids the BFF's `authorize` grants. */
  loanIds?: string[];
}

/** From the benchmark to a server process. */
export type Command =
  | { cmd: 'cpu-start' }
  | { cmd: 'cpu-stop' }
  | { cmd: 'memory' }
  | { cmd: 'exit' };

/** From a server process to the benchmark. */
export type Reply =
  | { kind: 'ready'; port: number; loanId?: string }
  | { kind: 'cpu-started' }
  | { kind: 'cpu'; micros: number }
  | { kind: 'memory'; heapUsed: number; rss: number };

export const API = '/api/insurance';
export const WEBHOOK_PATH = '/webhooks/insurance';
/** The header a benchmark browser names its session with (a host would use its cookie). */
export const SESSION_HEADER = 'x-bench-session';
/** The BFF's default CSRF header, as the HTTP adapter sends it. */
export const CSRF = { name: 'X-LIR-CSRF', value: '1' } as const;
export const CLIENT_ID = 'bench-client';
/** The client secret: the token request's and the webhook signatures' key. */
export const BENCH_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
/** The fixed upstream's access token. */
export const TOKEN = 'bench-access-token';
