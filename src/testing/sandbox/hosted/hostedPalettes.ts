/** The colours of a hosted page in one colour scheme, each a `#rrggbb` value. */
export interface HostedPalette {
  background: string;
  text: string;
  /** Secondary text (hints), at a smaller size. */
  muted: string;
  link: string;
  linkHover: string;
  /** Background of inputs and selects. */
  field: string;
  /** Border of inputs and selects: a control's boundary (3:1 against the page and the field). */
  fieldBorder: string;
  /** Border of a field marked invalid. */
  invalid: string;
  button: string;
  buttonText: string;
  buttonHover: string;
  /** The keyboard focus ring. */
  focus: string;
  errorText: string;
  errorBackground: string;
  errorBorder: string;
  bannerText: string;
  bannerBackground: string;
  bannerBorder: string;
  /** Lines between table rows. */
  rule: string;
  tableHeader: string;
  /** Background of the selected quote's row. */
  selected: string;
}

/**
 * The hosted pages' two palettes: `light`, and `dark` for a borrower whose system prefers it
 * (a hosted page inside a lender's dialog cannot see the lender's theme switch, only the
 * system's preference). Every text pair reaches 4.5:1 and every control boundary 3:1.
 */
export const HOSTED_PALETTES: Readonly<Record<'light' | 'dark', HostedPalette>> = {
  light: {
    background: '#ffffff',
    text: '#1a1a1a',
    muted: '#444746',
    link: '#0b57d0',
    linkHover: '#063a8c',
    field: '#ffffff',
    fieldBorder: '#5f6368',
    invalid: '#b3261e',
    button: '#0b57d0',
    buttonText: '#ffffff',
    buttonHover: '#063a8c',
    focus: '#b06000',
    errorText: '#8c1d18',
    errorBackground: '#fdecea',
    errorBorder: '#b3261e',
    bannerText: '#3d2e00',
    bannerBackground: '#fff4cc',
    bannerBorder: '#8a6d00',
    rule: '#c4c7c5',
    tableHeader: '#f1f3f4',
    selected: '#e8f0fe',
  },
  dark: {
    background: '#131314',
    text: '#e3e3e3',
    muted: '#c4c7c5',
    link: '#a8c7fa',
    linkHover: '#d3e3fd',
    field: '#1e1f20',
    fieldBorder: '#8e918f',
    invalid: '#f2b8b5',
    button: '#a8c7fa',
    buttonText: '#062e6f',
    buttonHover: '#d3e3fd',
    focus: '#fdd663',
    errorText: '#f9dedc',
    errorBackground: '#410e0b',
    errorBorder: '#f2b8b5',
    bannerText: '#ffe08a',
    bannerBackground: '#3d2e00',
    bannerBorder: '#c9a227',
    rule: '#444746',
    tableHeader: '#1e1f20',
    selected: '#0b2f5c',
  },
};
