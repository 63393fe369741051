import type { ConfigurationProblem } from '../config/ConfigurationError.js';

const VARIABLE = 'WEBHOOK_URL';

/**
 * Checks the receiver's URL the doctor delivers to: an absolute http(s) URL without
 * credentials (basic auth comes from WEBHOOK_BASIC_AUTH_*). The message never repeats it.
 */
export function readWebhookUrl(raw: string): { value: string } | { problem: ConfigurationProblem } {
  const problem = (message: string, fix: string) => ({
    problem: { variable: VARIABLE, message: `${VARIABLE} (--webhook-url) ${message}`, fix },
  });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem(
      'must be an absolute URL',
      'Give the receiver URL the service delivers to, e.g. https://portal.example/webhooks/insurance.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return problem('must be an http(s) URL', 'Use the https:// URL registered with the service.');
  }
  if (url.username !== '' || url.password !== '') {
    return problem(
      'must not carry credentials (user:password@)',
      'Remove them and set WEBHOOK_BASIC_AUTH_USERNAME and WEBHOOK_BASIC_AUTH_PASSWORD instead.',
    );
  }
  return { value: url.href };
}
