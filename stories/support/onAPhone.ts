import { ownFrame } from './ownFrame.js';

/** A 390 × 844 phone (the story test resizes the browser to it). */
const PHONE_VIEWPORT = {
  options: {
    phone390: {
      name: 'Phone (390 × 844)',
      styles: { width: '390px', height: '844px' },
      type: 'mobile',
    },
  },
};

/** What {@link sizeDocsFrame} reads of the story. */
interface ViewportContext {
  id: string;
  globals: { viewport?: { value?: string; isRotated?: boolean } };
  parameters: { viewport?: { options?: Record<string, { styles?: Record<string, string> }> } };
}

/**
 * Gives the story's frame on a Docs page the size of the story's viewport: Storybook's manager
 * sizes the preview to it, and the story test the browser, but nothing sizes a story's own frame
 * on a Docs page (as wide as the page). Elsewhere (the manager's preview, the test runner's frame,
 * a story inline) it does nothing.
 */
function sizeDocsFrame({ id, globals, parameters }: ViewportContext) {
  const frame = window.frameElement as HTMLElement | null;
  if (frame?.id !== `iframe--${id}`) return;
  const { value = '', isRotated = false } = globals.viewport ?? {};
  const styles = parameters.viewport?.options?.[value]?.styles;
  if (!styles?.width || !styles.height) return;
  frame.style.width = isRotated ? styles.height : styles.width;
  frame.style.height = isRotated ? styles.width : styles.height;
}

/**
 * The story on a 390 × 844 phone: in the story test and in Storybook's viewport, and on its Docs
 * page in a frame of its own of the phone's size, where its play runs as about the whole screen.
 * `globals` are the story's other globals (the theme, the locale).
 *
 * @example
 * export const OnAPhone: Story = { ...onAPhone(withLoan(), { theme: 'dark' }), play: fitsThePhone };
 */
export function onAPhone<T extends { parameters: object }>(
  story: T,
  globals: Record<string, unknown> = {},
) {
  const framed = ownFrame(story, PHONE_VIEWPORT.options.phone390.styles.height);
  return {
    ...framed,
    parameters: { ...framed.parameters, viewport: PHONE_VIEWPORT },
    globals: { ...globals, viewport: { value: 'phone390', isRotated: false } },
    beforeEach: sizeDocsFrame,
  };
}
