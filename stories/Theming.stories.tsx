import type { ArgTypes, Meta, StoryObj } from '@storybook/react-vite';
import { useId, useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { BORROWER_ON_FILE } from '../demo/src/borrower.js';
import { LoanApplicationForm } from '../src/components/LoanApplicationForm/index.js';
import { QuoteCard, quoteCardRows } from '../src/components/QuoteCards/index.js';
import type { DisplayQuote } from '../src/core/index.js';

/** The theme variables of styles.css a designer can change, with the default preset's light values. */
const DEFAULTS = {
  colorText: '#1b1f24',
  colorMuted: '#57606a',
  colorSurface: '#fff',
  colorBorder: '#d0d7de',
  colorAccent: '#0b5cad',
  colorAccentText: '#fff',
  colorDanger: '#b42318',
  colorSuccess: '#1a7f37',
  fontFamily: 'system-ui, sans-serif',
  radius: '0.5rem',
  space: '0.75rem',
  borderWidth: '1px',
  focusWidth: '2px',
  shadow: '0 1rem 3rem rgb(0 0 0 / 0.3)',
};

type ThemeArgs = typeof DEFAULTS;
type ThemeKey = keyof ThemeArgs;

/** `colorAccentText` → `--lir-color-accent-text`. */
const variableOf = (key: string) => `--lir-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The CSS property a variable is compared through (its computed value is normalized there). */
const propertyOf = (key: ThemeKey) =>
  key.startsWith('color')
    ? 'color'
    : key === 'fontFamily'
      ? 'font-family'
      : key === 'shadow'
        ? 'box-shadow'
        : 'margin-left';

/**
 * The rule a host adds to its own (unlayered) CSS for the values changed from the default: it
 * outranks the theme, which sets every variable on each component root (`.lir-root`).
 */
const hostRule = (scope: string, args: ThemeArgs) => {
  const changed = (Object.keys(DEFAULTS) as ThemeKey[]).filter((k) => args[k] !== DEFAULTS[k]);
  if (changed.length === 0) return '';
  return `${scope} .lir-root {\n${changed.map((k) => `  ${variableOf(k)}: ${args[k]};`).join('\n')}\n}`;
};

/** Two quotes compared, the first chosen: borders, the accent, muted terms, a link. */
const QUOTES: DisplayQuote[] = [
  {
    id: 'q-prairie',
    carrierName: 'Prairie Mutual',
    agentBridgeLink: 'https://agents.example.com/bridge/q-prairie',
    policyType: 'HO3',
    premium: 1412,
    monthlyPremium: 117.67,
    effectiveDate: '2027-01-15',
    coverages: {
      a: { included: true, amount: 385_000 },
      e: { included: true, amount: 300_000 },
      waterBackup: { included: false, amount: 0 },
    },
    deductibles: { dwelling: { included: true, amount: 2_500 } },
  },
  {
    id: 'q-lakeshore',
    carrierName: 'Lakeshore Home',
    agentBridgeLink: 'https://agents.example.com/bridge/q-lakeshore',
    policyType: 'HO5',
    premium: 1588,
    monthlyPremium: 132.33,
    effectiveDate: '2027-01-15',
    coverages: {
      a: { included: true, amount: 385_000 },
      e: { included: true, amount: 500_000 },
      waterBackup: { included: true, amount: 10_000 },
    },
    deductibles: { dwelling: { included: true, amount: 1_000 } },
  },
];
const ROWS = quoteCardRows(QUOTES);

/** The quote cards' own markup (as `QuoteCards` renders it), with fixed quotes: no network. */
function QuoteChoice() {
  const name = useId();
  const [selected, setSelected] = useState('q-prairie');
  return (
    <div className="lir-root lir-QuoteCards">
      <fieldset data-slot="group">
        <legend data-slot="legend">Choose a quote</legend>
        <div data-slot="list">
          {QUOTES.map((quote) => (
            <QuoteCard
              key={quote.id}
              quote={quote}
              name={name}
              checked={quote.id === selected}
              onSelect={setSelected}
              rows={ROWS}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * The components in states their props alone give (nothing is fetched): the application form,
 * prefilled with a locked field, and two quotes with one chosen.
 */
const created = fn();
function Gallery() {
  return (
    <div style={{ display: 'grid', gap: '2rem', maxWidth: '56rem' }}>
      <LoanApplicationForm
        onCreated={created}
        defaultValues={BORROWER_ON_FILE}
        lockedFields={['loanNumber']}
      />
      <QuoteChoice />
    </div>
  );
}

/** The gallery under the values of the controls, and the CSS that gives them. */
function Appearance(args: ThemeArgs) {
  const css = hostRule('.my-portal', args);
  return (
    <div className="sb-lir-theming" data-theming-playground="">
      <style>{hostRule('[data-theming-playground]', args)}</style>
      <Gallery />
      <h2>Your CSS</h2>
      <pre>
        <code>{css || 'Change a control: the rule that gives your values appears here.'}</code>
      </pre>
    </div>
  );
}

/** Each variable by its name: a colour picker for a colour, text for the others. */
const argTypes: Partial<ArgTypes<ThemeArgs>> = Object.fromEntries(
  (Object.keys(DEFAULTS) as ThemeKey[]).map((key) => [
    key,
    {
      name: variableOf(key),
      control: key.startsWith('color') ? ('color' as const) : ('text' as const),
      table: { defaultValue: { summary: DEFAULTS[key] } },
    },
  ]),
);

/**
 * The `--lir-*` variables of styles.css and its presets, on the components in representative
 * states. Choose a preset and a palette in the toolbar (Preset, Theme), or try values with the
 * controls of the Playground.
 */
const meta = {
  title: 'Theming/Appearance',
  component: Appearance,
  tags: ['autodocs'],
  args: DEFAULTS,
  argTypes,
  // The first component root is the application form's.
  parameters: { lir: { state: 'editing' } },
} satisfies Meta<typeof Appearance>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first component root, the application form. */
const formRoot = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-LoanApplicationForm');

/** The chosen and the other quote card. */
const cards = (canvasElement: HTMLElement) => {
  const [checked, unchecked] = [
    canvasElement.querySelector<HTMLElement>('.lir-QuoteCard[data-state="checked"]'),
    canvasElement.querySelector<HTMLElement>('.lir-QuoteCard[data-state="unchecked"]'),
  ];
  if (!checked || !unchecked) throw new Error('Expected a chosen and an other quote card');
  return { checked: getComputedStyle(checked), unchecked: getComputedStyle(unchecked) };
};

/** A colour as the browser computes it (`rgb(…)`), to compare with a used value. */
const rgb = (color: string) => {
  const probe = document.createElement('span');
  probe.style.color = color;
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
};

/**
 * The application form's root is in its state and carries the variables: a variable's computed
 * value equals the given one's, compared through a CSS property (so `#fff` equals `#ffffff`).
 */
const expectVariables = async (canvasElement: HTMLElement, expected: Partial<ThemeArgs>) => {
  await waitFor(() => expect(formRoot(canvasElement)).toHaveAttribute('data-state', 'editing'));
  const root = formRoot(canvasElement) as HTMLElement;
  const probe = document.createElement('div');
  probe.style.position = 'absolute';
  root.append(probe);
  try {
    for (const key of Object.keys(expected) as ThemeKey[]) {
      const property = propertyOf(key);
      probe.style.setProperty(property, `var(${variableOf(key)})`);
      const actual = getComputedStyle(probe).getPropertyValue(property);
      probe.style.setProperty(property, expected[key] ?? '');
      await expect({ [variableOf(key)]: actual }).toEqual({
        [variableOf(key)]: getComputedStyle(probe).getPropertyValue(property),
      });
    }
  } finally {
    probe.remove();
  }
};

/**
 * Every variable as a control. The theme sets them on each component root, so a host's own
 * rule on `.lir-root` (shown under the gallery, for the values changed from the default) is what
 * restyles them, whichever preset and palette apply; the unchanged ones keep following those.
 * This one starts with a brand's accent and rounder corners.
 */
export const Playground: Story = {
  args: { colorAccent: '#6b2fa3', radius: '1rem' },
  play: async ({ canvasElement }) => {
    await expectVariables(canvasElement, { colorAccent: '#6b2fa3', radius: '1rem' });
    const { checked } = cards(canvasElement);
    await expect(checked.borderTopColor).toBe(rgb('#6b2fa3'));
    await expect(checked.borderTopLeftRadius).toBe('16px');
  },
};

/** The default preset: what styles.css gives with no attribute. */
export const Default: Story = {
  render: () => <Gallery />,
  parameters: { controls: { disable: true } },
  play: async ({ canvasElement }) => {
    // The controls' starting values are the theme's own.
    await expectVariables(canvasElement, DEFAULTS);
    const { checked, unchecked } = cards(canvasElement);
    await expect(checked.borderTopColor).toBe(rgb('#0b5cad'));
    await expect(unchecked.borderTopWidth).toBe('1px');
  },
};

/** The default preset's dark palette (`data-lir-theme="dark"`, or the system's preference). */
export const DefaultDark: Story = {
  render: () => <Gallery />,
  parameters: { controls: { disable: true } },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectVariables(canvasElement, { colorSurface: '#0d1117', colorAccent: '#4c9fff' });
    await expect(cards(canvasElement).checked.borderTopColor).toBe(rgb('#4c9fff'));
  },
};

/** `data-lir-preset="flat"`: no shadow, a small radius, quieter colours. */
export const Flat: Story = {
  render: () => <Gallery />,
  parameters: { controls: { disable: true } },
  globals: { preset: 'flat' },
  play: async ({ canvasElement }) => {
    await expectVariables(canvasElement, { colorAccent: '#35577a', radius: '0.125rem' });
    await expectVariables(canvasElement, { shadow: 'none' });
    const { checked, unchecked } = cards(canvasElement);
    await expect(checked.borderTopColor).toBe(rgb('#35577a'));
    await expect(unchecked.borderTopLeftRadius).toBe('2px');
  },
};

/** The flat preset's dark palette. */
export const FlatDark: Story = {
  render: () => <Gallery />,
  parameters: { controls: { disable: true } },
  globals: { preset: 'flat', theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectVariables(canvasElement, { colorAccent: '#94b4d4', radius: '0.125rem' });
    await expect(cards(canvasElement).checked.borderTopColor).toBe(rgb('#94b4d4'));
  },
};

/**
 * `data-lir-preset="high-contrast"`: text at 7:1 or more, no greys (muted text is the text
 * colour), 2 px borders and 3 px focus rings.
 */
export const HighContrast: Story = {
  render: () => <Gallery />,
  parameters: { controls: { disable: true } },
  globals: { preset: 'high-contrast' },
  play: async ({ canvasElement }) => {
    await expectVariables(canvasElement, {
      colorText: '#000',
      colorMuted: '#000',
      borderWidth: '2px',
      focusWidth: '3px',
    });
    const { unchecked } = cards(canvasElement);
    await expect(unchecked.borderTopWidth).toBe('2px');
    await expect(unchecked.borderTopColor).toBe(rgb('#000'));
  },
};

/** The high-contrast preset's dark palette. */
export const HighContrastDark: Story = {
  render: () => <Gallery />,
  parameters: { controls: { disable: true } },
  globals: { preset: 'high-contrast', theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectVariables(canvasElement, {
      colorText: '#fff',
      colorSurface: '#000',
      borderWidth: '2px',
    });
    const { unchecked } = cards(canvasElement);
    await expect(unchecked.borderTopWidth).toBe('2px');
    await expect(unchecked.borderTopColor).toBe(rgb('#fff'));
  },
};
