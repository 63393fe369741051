import type { RefObject } from 'react';
import { useEffect } from 'react';
import { isTestRun } from '../../core/isTestRun.js';

// Once per page: the first component mounted speaks for all of them.
let checked = false;

// styles.css sets `--lir-styles` on every component root; a host that styles the components
// itself sets it too (`:root { --lir-styles: custom; }`) to say so.
function warnIfUnstyled(element: Element | null): void {
  const view = element?.ownerDocument.defaultView;
  if (
    view &&
    !view
      .getComputedStyle(element as Element)
      .getPropertyValue('--lir-styles')
      .trim()
  ) {
    console.warn(
      "lender-insurance-react: styles.css is not loaded, so its components are unstyled. Add `import 'lender-insurance-react/styles.css';` once. Styling them yourself? Set `--lir-styles: custom` on :root to silence this.",
    );
  }
}

/**
 * In development, warns once per page when the styled components render without styles.css:
 * after mount, the component's root must carry the `--lir-styles` custom property, which
 * styles.css sets (or the host, to opt out). A stylesheet still loading is judged once the page
 * has loaded. Only the styled components call it; the headless hooks never warn. Test runners
 * (`NODE_ENV=test`: Vitest, Jest) load no CSS, so a host's component tests are not told.
 */
export function useStylesheetCheck(root: RefObject<Element | null>): void {
  useEffect(() => {
    // Written out (not `isDevelopment()`) so that a bundler replacing `process.env.NODE_ENV`
    // leaves the check and its text out of production builds. Without a bundler there is no
    // `process`: no check.
    try {
      if (process.env.NODE_ENV !== 'production') checkOnce(root.current);
    } catch {
      // no `process`
    }
  }, [root]);
}

function checkOnce(element: Element | null): void {
  if (checked || !element || isTestRun()) return;
  checked = true;
  const page = element.ownerDocument;
  if (page.readyState === 'complete') {
    warnIfUnstyled(element);
    return;
  }
  // The component may be gone by then; any of the library's roots tells the same.
  const later = () =>
    warnIfUnstyled(element.isConnected ? element : page.querySelector('.lir-root'));
  page.defaultView?.addEventListener('load', later, { once: true });
}
