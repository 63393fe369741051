import { parseArgs } from 'node:util';
import { checkHeaderPrefix } from '../server/webhooks/checkHeaderPrefix.js';
import { SANDBOX_DEFAULTS } from './sandbox/createSandboxService.js';
import { startSandboxServer } from './startSandboxServer.js';

const USAGE = `Usage: lender-insurance-sandbox [options]

Runs the insurance-verification sandbox on this machine.

Options:
  --port N                 port to listen on (default 4010; 0 picks a free one)
  --asset-port N           port of the asset origin, which serves documents and carrier
                           logos (default: the next port, 4011; a free one with --port 0)
  --host H                 address to listen on (default 127.0.0.1)
  --client-id ID           API client id (default ${SANDBOX_DEFAULTS.clientId})
  --client-secret S        API client secret, also the webhook signing key (default ${SANDBOX_DEFAULTS.clientSecret})
  --partner-id ID          partner id of that client (default ${SANDBOX_DEFAULTS.partnerId})
  --sandbox-password P     password of the retrieval users (default ${SANDBOX_DEFAULTS.sandboxPassword})
  --quote-delay-ms N       quoting time in ms (default: drawn from 30000-45000)
  --document-ttl-ms N      lifetime of signed document URLs (default 120000)
  --webhook-url URL        where to deliver events (signed with the client secret)
  --webhook-username U     basic-auth username for webhook deliveries
  --webhook-password P     basic-auth password for webhook deliveries
  --webhook-header-prefix  prefix of the webhook headers, e.g. X-Acme for X-Acme-Signature-1
                           (default X-Service; X-Insurer with --production-like)
  --production-like        answer as loosely as the production service: nulls, numbers as
                           text, unknown fields, a quote without an id, a document not
                           ready yet, webhooks under a vendor prefix (see the README)
  -h, --help               show this help
`;

function fail(message: string, usage = true): never {
  console.error(`lender-insurance-sandbox: ${message}${usage ? `\n\n${USAGE}` : ''}`);
  process.exit(2);
}

function nonNegativeInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) fail(`--${name} must be a whole number`);
  return Number(value);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        'asset-port': { type: 'string' },
        host: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'partner-id': { type: 'string' },
        'sandbox-password': { type: 'string' },
        'quote-delay-ms': { type: 'string' },
        'document-ttl-ms': { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-username': { type: 'string' },
        'webhook-password': { type: 'string' },
        'webhook-header-prefix': { type: 'string' },
        'production-like': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

for (const [name, value] of Object.entries(values)) {
  if (value === '') fail(`--${name} needs a value`);
}
if (values['webhook-password'] !== undefined && values['webhook-username'] === undefined) {
  fail('--webhook-password needs --webhook-username');
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const webhookUrl = values['webhook-url'];
if (webhookUrl !== undefined && !/^https?:\/\//.test(webhookUrl))
  fail('--webhook-url must be an http(s) URL');
const clientId = values['client-id'] ?? SANDBOX_DEFAULTS.clientId;
const clientSecret = values['client-secret'] ?? SANDBOX_DEFAULTS.clientSecret;
const partnerId = values['partner-id'] ?? SANDBOX_DEFAULTS.partnerId;
const quoteDelayMs = nonNegativeInt('quote-delay-ms', values['quote-delay-ms']);
const documentUrlTtlMs = nonNegativeInt('document-ttl-ms', values['document-ttl-ms']);
const productionLike = values['production-like'] === true;
// Unset, the sandbox picks it: X-Service, or a vendor's prefix in production-like mode.
const webhookHeaderPrefix = (() => {
  const prefix = values['webhook-header-prefix'];
  if (prefix === undefined) return undefined;
  try {
    // The receiver's 'auto' takes whatever the service signs under; the sandbox is the service,
    // so it needs the prefix itself.
    if (prefix.toLowerCase() === 'auto') {
      return fail(
        "--webhook-header-prefix is the prefix the sandbox signs under, such as X-Acme; 'auto' is the receiver's setting (headerPrefix), which takes any",
      );
    }
    // Checked as the receiver checks a pinned headerPrefix, so both accept the same values.
    return checkHeaderPrefix(prefix, '--webhook-header-prefix');
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

const server = await startSandboxServer({
  port: nonNegativeInt('port', values.port) ?? 4010,
  ...(values['asset-port'] !== undefined
    ? { assetPort: nonNegativeInt('asset-port', values['asset-port']) }
    : {}),
  hostname: values.host ?? '127.0.0.1',
  clients: [
    {
      clientId,
      clientSecret,
      partnerId,
      webhook: webhookUrl
        ? {
            url: webhookUrl,
            ...(values['webhook-username'] ? { username: values['webhook-username'] } : {}),
            ...(values['webhook-password'] ? { password: values['webhook-password'] } : {}),
          }
        : null,
    },
  ],
  ...(values['sandbox-password'] ? { sandboxPassword: values['sandbox-password'] } : {}),
  ...(quoteDelayMs !== undefined ? { quoteDelayMs } : {}),
  ...(documentUrlTtlMs !== undefined ? { documentUrlTtlMs } : {}),
  ...(webhookHeaderPrefix !== undefined ? { webhookHeaderPrefix } : {}),
  productionLike,
}).catch((error: unknown) => {
  if ((error as { code?: unknown } | null)?.code === 'EADDRINUSE') {
    // One line saying what to do, not a stack: this is a setting, not a crash.
    console.error(
      `${(error as Error).message}: stop what uses it or pass --port <n> and --asset-port <n> (0 picks a free one)`,
    );
    process.exit(1);
  }
  return fail(`cannot listen: ${error instanceof Error ? error.message : String(error)}`, false);
});

const prefix = server.sandbox.webhookHeaderPrefix;
const loose = server.sandbox.productionLike;
const answers = loose
  ? `production-like (--production-like): nulls, numbers as text, unknown fields, a quote without an id, a document not ready for ${loose.documentNotReadyMs / 1000} s`
  : 'as documented (--production-like for production-like ones)';
console.log(`Sandbox service listening
  base URL          ${server.baseUrl}
  asset origin      ${server.assetOrigin} (documents, carrier logos)
  client id         ${clientId}
  client secret     ${clientSecret}
  partner id        ${partnerId}
  sandbox password  ${server.sandbox.sandboxPassword}
  webhooks          ${webhookUrl ?? '(none)'}
  webhook prefix    ${prefix} (${prefix}-Signature-1, ...${productionLike ? ', names in lower case' : ''})
  answers           ${answers}
Press Ctrl+C to stop.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`Received ${signal}, stopping.`);
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
