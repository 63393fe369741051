import type { ElementType, ReactNode } from 'react';
import { Suspense } from 'react';

/** Props of {@link SuspenseRoot}. */
export interface SuspenseRootProps {
  /** The classes of the component's own root (`lir-root lir-ShopProgress` and the host's). */
  className: string;
  /** Its `data-state` until the content shows: the content's first state where known. */
  state?: string;
  /** The element of the component's own root. */
  as?: ElementType;
  /**
   * Space kept for the content (a CSS length, border included), so nothing below it moves when
   * it shows: the height of its first state on a wide page.
   */
  minHeight?: string;
  children: ReactNode;
}

/**
 * A component's own Suspense boundary: until its code or its texts have loaded, its root stands in,
 * empty, with the same classes, `aria-busy="true"` and the space its first state takes. Hosts
 * need no boundary of their own, and a render that cannot wait (a click that first shows the
 * component) shows this root rather than failing.
 *
 * @example
 * <SuspenseRoot className={cx('lir-root lir-ShopProgress', className)}>
 *   <ShopProgressContent {...props} />
 * </SuspenseRoot>
 */
export function SuspenseRoot({
  className,
  state = 'loading',
  as: Root = 'div',
  minHeight,
  children,
}: SuspenseRootProps) {
  return (
    <Suspense
      fallback={
        <Root
          className={className}
          data-state={state}
          aria-busy="true"
          style={minHeight ? { minHeight, boxSizing: 'border-box' } : undefined}
        />
      }
    >
      {children}
    </Suspense>
  );
}
