// Where the service delivers its events (register <your origin>/webhooks/insurance with it).
// The receiver verifies the signature over the raw body, so nothing may read the body first.
import { createRouteHandlers } from 'lender-insurance-react/server';
import { getInsurance } from '@/lib/insurance';

export const { POST } = createRouteHandlers(() => getInsurance().webhooks.handler);
