// @vitest-environment node
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('the hooks on a server (no DOM at all)', () => {
  it('import with no browser globals, and render to a string', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const hooks = await import('../../src/hooks/index.js');
    const { createHttpAdapter } = await import('../../src/adapter/index.js');
    function Shop() {
      const { phase, progress } = hooks.useShop('ln_1', { autoStart: true });
      const { quotes } = hooks.useQuoteDisplay('ln_1');
      const { connection } = hooks.useLoanEvents('ln_1');
      return createElement('p', null, `${phase} ${progress} ${quotes.length} ${connection}`);
    }
    const html = renderToString(
      createElement(hooks.InsuranceProvider, { adapter: createHttpAdapter() }, createElement(Shop)),
    );
    expect(html).toBe('<p>idle 0 0 closed</p>');
  });
});
