import type { NotBffResponseError } from '../core/errors/NotBffResponseError.js';
import { isDevelopment } from '../core/isDevelopment.js';
import type { HttpConfig } from './resolveHttpConfig.js';

/**
 * Tells the developer (`console.error`, development builds only) that an answer was not the
 * BFF's: once per adapter, since every request after a wrong `baseUrl` fails the same way.
 */
export function reportNotBff(config: HttpConfig, error: NotBffResponseError): void {
  if (config.notBffReported || !isDevelopment()) return;
  config.notBffReported = true;
  console.error(`lender-insurance-react: ${error.message}`);
}
