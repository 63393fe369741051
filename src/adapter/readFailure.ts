import { errorFromResponse } from '../core/errors/errorFromResponse.js';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import { isBffErrorBody } from './isBffErrorBody.js';
import { notBffAnswer } from './notBffAnswer.js';
import { reportNotBff } from './reportNotBff.js';
import type { HttpConfig } from './resolveHttpConfig.js';

/**
 * The typed error of an answer that is not a success from the BFF: a `NotBffResponseError` when
 * it did not come from the BFF (told to the developer once), else what `errorFromResponse` makes
 * of its status and body.
 */
export function readFailure(
  config: HttpConfig,
  request: { method: string; url: string },
  response: Response,
  text: string,
): InsuranceError {
  const notBff = notBffAnswer(config, request, response, text);
  if (notBff) {
    reportNotBff(config, notBff);
    return notBff;
  }
  return errorFromResponse({
    status: response.status,
    // A 401 or 429 from whatever stands in front of the BFF still means what it says, but its
    // page is no message.
    body: isBffErrorBody(text) ? text : '',
    retryAfter: response.headers.get('retry-after'),
  });
}
