import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * `false` while the markup comes from a server render and React has not hydrated it yet, `true`
 * from then on (and always in a page React renders itself). A form's submit button is disabled
 * until then: submitted before hydration, the browser would send the form natively to the page's
 * own URL, reload it and lose what the borrower entered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer);
}
