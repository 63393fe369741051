/** The palette (`data-lir-theme`) and preset (`data-lir-preset`) a page chose around an element. */
export interface DialogAppearance {
  theme?: string;
  preset?: string;
}

/**
 * The `data-lir-theme` and `data-lir-preset` on `element` or its nearest ancestors that carry
 * them (each on its own: a page may set them on different elements), for a portal rendered
 * outside them.
 */
export function appearanceAround(element: Element | null): DialogAppearance {
  const read = (name: string) => element?.closest(`[${name}]`)?.getAttribute(name) ?? undefined;
  const theme = read('data-lir-theme');
  const preset = read('data-lir-preset');
  return { ...(theme ? { theme } : {}), ...(preset ? { preset } : {}) };
}
