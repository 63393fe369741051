import { expect } from 'storybook/test';

/**
 * Asserts that `root`, a component's root, shows `state`: it carries that `data-state` and is
 * the component itself, not the empty stand-in that holds its place while its code or texts
 * load (the stand-in already carries the `data-state` the component will show first).
 */
export function expectShown(root: HTMLElement | null, state: string): void {
  expect(root).toHaveAttribute('data-state', state);
  expect(root?.childElementCount ?? 0).toBeGreaterThan(0);
}
