// The BFF: every /api/insurance/* request of the browser. createRouteHandlers makes the BFF on
// the first request (not when `next build` loads this module) and answers 500 "misconfigured"
// if the service's settings are missing, logging which one.
import { createRouteHandlers } from 'lender-insurance-react/server';
import { getInsurance } from '@/lib/insurance';

export const { GET, POST, PATCH, PUT, OPTIONS } = createRouteHandlers(
  () => getInsurance().bff.handler,
);
