import { cleanup, renderHook, render as renderUi } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addThemeStylesheet } from '../support/addThemeStylesheet.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { setupSandbox } from '../support/insuranceHarness.js';

const WARNING =
  "lender-insurance-react: styles.css is not loaded, so its components are unstyled. Add `import 'lender-insurance-react/styles.css';` once. Styling them yourself? Set `--lir-styles: custom` on :root to silence this.";

// The warning is once per page: each page loads the library afresh, as a new page would.
async function freshPage() {
  cleanup();
  vi.resetModules();
  const lib = await import('../../src/index.js');
  const env = setupSandbox();
  const loan = await env.createLoan();
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <lib.InsuranceProvider adapter={env.adapter}>{children}</lib.InsuranceProvider>
  );
  const render = (ui: ReactNode) => renderUi(ui, { wrapper });
  return {
    lib,
    loanId: loan.id,
    render,
    renderHook: <T,>(hook: () => T) => renderHook(hook, { wrapper }),
    /** Renders ShopProgress and waits for its first state. */
    async showShopProgress() {
      const view = render(<lib.ShopProgress loanId={loan.id} />);
      await view.findByRole('button', { name: 'Get quotes' });
      return view;
    },
  };
}

let warn: ReturnType<typeof vi.spyOn>;
let loaded: Element[];
const withoutStyles = () => {
  for (const style of loaded) style.remove();
};
beforeEach(() => {
  // A development build, as the host's dev server runs it (test runners set NODE_ENV=test).
  vi.stubEnv('NODE_ENV', 'development');
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The test setup loads the theme, as a page that imports styles.css has it.
  loaded = [...document.head.querySelectorAll('style[data-test-stylesheet]')];
  return () => {
    for (const style of loaded) if (!style.isConnected) document.head.append(style);
  };
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('a page without lender-insurance-react/styles.css', () => {
  it('is told once, however many components render, with the import to add and how to opt out', async () => {
    withoutStyles();
    const page = await freshPage();
    const { ShopProgress, TcpaConsentCheckbox, QuoteCards } = page.lib;

    const first = page.render(
      <main>
        <ShopProgress loanId={page.loanId} />
        <TcpaConsentCheckbox loanId={page.loanId} lenderName="Acme" termsOfServiceId="tcpa_v1" />
      </main>,
    );
    await first.findByRole('button', { name: 'Get quotes' });
    // Unstyled, still the same accessible markup.
    await expectNoAxeViolations();
    first.unmount();
    const second = page.render(<QuoteCards loanId={page.loanId} />);
    await second.findByRole('group');

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(WARNING);
  });

  it('is not told in a test runner (NODE_ENV=test), whose DOM loads no stylesheet', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    withoutStyles();
    const page = await freshPage();
    await page.showShopProgress();
    expect(warn).not.toHaveBeenCalledWith(WARNING);
    vi.stubEnv('NODE_ENV', 'development');
    const next = await freshPage();
    await next.showShopProgress();
    expect(warn).toHaveBeenCalledWith(WARNING);
  });

  it('is told in development only, never in a production build', async () => {
    withoutStyles();
    vi.stubEnv('NODE_ENV', 'production');
    await (await freshPage()).showShopProgress();
    expect(warn).not.toHaveBeenCalled();

    vi.stubEnv('NODE_ENV', 'development');
    await (await freshPage()).showShopProgress();
    expect(warn).toHaveBeenCalledExactlyOnceWith(WARNING);
  });

  it('is not told when the host styles the components itself and says so with --lir-styles', async () => {
    withoutStyles();
    const own = document.createElement('style');
    own.textContent = ':root { --lir-styles: custom; }';
    document.head.append(own);
    await (await freshPage()).showShopProgress();
    expect(warn).not.toHaveBeenCalled();

    own.remove();
    await (await freshPage()).showShopProgress();
    expect(warn).toHaveBeenCalledExactlyOnceWith(WARNING);
  });

  it('is told by the styled components only, never by the headless hooks', async () => {
    withoutStyles();
    const page = await freshPage();
    const { result } = page.renderHook(() => page.lib.useShop(page.loanId));
    await vi.waitFor(() => expect(result.current.loan).toBeDefined());
    expect(warn).not.toHaveBeenCalled();

    await page.showShopProgress();
    expect(warn).toHaveBeenCalledExactlyOnceWith(WARNING);
  });

  it('rendering while stylesheets still load, is judged once the page has loaded', async () => {
    withoutStyles();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await (await freshPage()).showShopProgress();
    expect(warn).not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(warn).toHaveBeenCalledExactlyOnceWith(WARNING);
  });
});

describe('a page with lender-insurance-react/styles.css', () => {
  it('is not warned: the stylesheet marks the components as styled', async () => {
    await (await freshPage()).showShopProgress();
    expect(warn).not.toHaveBeenCalled();

    withoutStyles();
    await (await freshPage()).showShopProgress();
    expect(warn).toHaveBeenCalledExactlyOnceWith(WARNING);
  });

  it('is not warned when the stylesheet arrives after the components, before the page has loaded', async () => {
    withoutStyles();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await (await freshPage()).showShopProgress();

    const remove = addThemeStylesheet();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(warn).not.toHaveBeenCalled();
    remove();

    // The same page without it by then is told.
    readyState.mockReturnValue('loading');
    await (await freshPage()).showShopProgress();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(warn).toHaveBeenCalledExactlyOnceWith(WARNING);
  });
});
