import type { ReactNode } from 'react';

/** The theme variables every component reads (src/styles.css). */
const THEME_VARIABLES = [
  '--lir-font-family',
  '--lir-color-text',
  '--lir-color-muted',
  '--lir-color-surface',
  '--lir-color-border',
  '--lir-color-accent',
  '--lir-color-accent-text',
  '--lir-color-danger',
  '--lir-color-success',
  '--lir-radius',
  '--lir-space',
];

/** What a designer needs to know about one component. */
export interface ComponentDocsProps {
  name: string;
  /** One or two sentences: what the borrower sees and does. */
  summary: string;
  /** `data-state` values on the root, and what each means. */
  states: Record<string, string>;
  /** `data-slot` values of the parts, and what each is. */
  slots: Record<string, string>;
  /** Variables of this component, beyond the shared theme. */
  variables?: Record<string, string>;
  /** The headless hook(s) to build the same thing with one's own markup. */
  hook: string;
  /** The component, live (backed by the story's sandbox). */
  children?: ReactNode;
}

/**
 * A docs page for designers, rendered as a story: states, parts, theming and the headless
 * equivalent, next to the live component. (Storybook's Docs pages need @storybook/addon-docs.)
 */
export function ComponentDocs({
  name,
  summary,
  states,
  slots,
  variables = {},
  hook,
  children,
}: ComponentDocsProps) {
  return (
    <article className="sb-lir-docs">
      <h1>{name}</h1>
      <p>{summary}</p>
      {children && (
        <section aria-labelledby="sb-docs-live">
          <h2 id="sb-docs-live">Live</h2>
          <div className="sb-lir-docs-live">{children}</div>
        </section>
      )}
      <section aria-labelledby="sb-docs-states">
        <h2 id="sb-docs-states">States</h2>
        <p>
          The root element carries <code>data-state</code>; every state has a story in the sidebar.
        </p>
        <Table head={['data-state', 'Meaning']} rows={states} />
      </section>
      <section aria-labelledby="sb-docs-slots">
        <h2 id="sb-docs-slots">Parts</h2>
        <p>
          Each part carries <code>data-slot</code>, for styling from the host:{' '}
          <code>{`.lir-${name} [data-slot="…"]`}</code>. The host&apos;s <code>className</code> is
          added to the root, never replacing the library&apos;s.
        </p>
        <Table head={['data-slot', 'Part']} rows={slots} />
      </section>
      <section aria-labelledby="sb-docs-theme">
        <h2 id="sb-docs-theme">Theming</h2>
        <p>
          Set <code>--lir-*</code> variables in a rule for <code>.lir-root</code> (e.g.{' '}
          <code>.my-portal .lir-root {'{ --lir-color-accent: … }'}</code>): every component root,
          the retrieval dialog&apos;s included, takes its own values from the theme, so a value set
          on an ancestor does not reach it. All library styles sit in the{' '}
          <code>lender-insurance</code> cascade layer, so any host rule wins. The default theme
          follows <code>prefers-color-scheme</code>; the toolbar&apos;s Theme and Preset switches
          show the palettes and presets (<code>data-lir-theme</code>, <code>data-lir-preset</code>).
        </p>
        <Table
          head={['Variable', 'Used for']}
          rows={{
            ...variables,
            ...Object.fromEntries(THEME_VARIABLES.map((v) => [v, 'Shared theme'])),
          }}
        />
      </section>
      <section aria-labelledby="sb-docs-hook">
        <h2 id="sb-docs-hook">Headless equivalent</h2>
        <p>The same behaviour with your own markup:</p>
        <pre>
          <code>{hook}</code>
        </pre>
      </section>
    </article>
  );
}

function Table({ head, rows }: { head: [string, string]; rows: Record<string, string> }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(rows).map(([key, value]) => (
          <tr key={key}>
            <th scope="row">
              <code>{key}</code>
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
