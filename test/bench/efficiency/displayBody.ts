import { createLoanApplicationFixture } from '../../../src/testing/createLoanApplicationFixture.js';
import { createSandboxService } from '../../../src/testing/sandbox/createSandboxService.js';

/** A rated loan's quote display, as the sandbox answers it. */
export interface DisplayFixture {
  loanId: string;
  /** The exact JSON text of `GET /v1/loans/{loanId}/display`. */
  body: string;
}

/**
 * Runs one flow through the sandbox, in process and without HTTP (consent, shop, quotes at
 * once), and returns the quote display it answers: the body the fixed upstream serves, so every
 * read of the benchmark gets a realistic answer of the real shape and size.
 */
export async function displayBody(): Promise<DisplayFixture> {
  const sandbox = createSandboxService({ quoteDelayMs: 0, logger: { warn: () => undefined } });
  try {
    const client = sandbox.clients[0];
    if (!client) throw new Error('the sandbox has no client');
    const base = `http://sandbox.test${sandbox.basePath}`;
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await sandbox.handler(
        new Request(`${base}${path}`, {
          method,
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      const text = await response.text();
      if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${text}`);
      return text;
    };
    const token = (
      JSON.parse(
        await call('POST', '/v1/auth/token', {
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      ) as { access_token: string }
    ).access_token;
    const loan = JSON.parse(
      await call('POST', '/v1/loans', createLoanApplicationFixture(), token),
    ) as { id: string };
    await call('POST', '/v1/loans/consent', { id: loan.id, termsOfServiceId: 'tos-1' }, token);
    await call('PATCH', `/v1/loans/${loan.id}/shop`, undefined, token);
    for (let i = 0; i < 100; i++) {
      const body = await call('GET', `/v1/loans/${loan.id}/display`, undefined, token);
      const display = JSON.parse(body) as { quotes: unknown[] };
      if (display.quotes.length > 0) return { loanId: loan.id, body };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the sandbox never rated the loan');
  } finally {
    sandbox.dispose();
  }
}
