import type { ReactNode, Ref } from 'react';
import { useId } from 'react';

/** Props of {@link FlowSection}. */
export interface FlowSectionProps {
  title: string;
  /** The step's heading, focused when the step changes. */
  headingRef?: Ref<HTMLHeadingElement>;
  slot: string;
  children?: ReactNode;
}

/** A part of the flow: a region named by its heading. */
export function FlowSection({ title, headingRef, slot, children }: FlowSectionProps) {
  const id = useId();
  return (
    <section data-slot={slot} aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} data-slot="heading">
        {title}
      </h2>
      {children}
    </section>
  );
}
