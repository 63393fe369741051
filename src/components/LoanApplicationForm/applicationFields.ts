import type { LoanPurpose } from '../../core/LOAN_PURPOSES.js';
import { LOAN_PURPOSES } from '../../core/LOAN_PURPOSES.js';
import type { LoanType } from '../../core/LOAN_TYPES.js';
import { LOAN_TYPES } from '../../core/LOAN_TYPES.js';
import { US_STATE_CODES } from '../../core/US_STATE_CODES.js';
import type { LoanApplicationField } from './LoanApplicationFormValues.js';
import type { loanApplicationFormMessages } from './loanApplicationFormMessages.js';

/** A key of the form's message catalog. */
export type MessageKey = keyof typeof loanApplicationFormMessages;

/** The fieldsets of the form, in order; each is named by the message of the same key. */
export type FieldGroup = 'borrower' | 'currentAddress' | 'property' | 'loan';

/** How a field is entered and checked. */
export type FieldKind = 'text' | 'email' | 'tel' | 'zip' | 'state' | 'amount' | 'date' | 'choice';

/** One option of a select: the value sent, and the message naming it. */
export interface FieldOption {
  value: string;
  label: MessageKey;
}

/** One field of the form. */
export interface FieldSpec {
  name: LoanApplicationField;
  /** Its label's message. */
  label: MessageKey;
  group: FieldGroup;
  kind: FieldKind;
  required: boolean;
  /** Longest text the service takes (its schema's limit). */
  max?: number;
  /** Spans both columns where the form has two. */
  wide?: boolean;
  autoComplete?: string;
  /** Where the service reports this field's problems (dotted path). */
  path: string;
  /** Options of a `choice` (the states come from the catalog: `state<CODE>`). */
  options?: readonly FieldOption[];
}

// The states, DC and the territories the service accepts (labels `stateTX`, …).
const STATE_OPTIONS: readonly FieldOption[] = US_STATE_CODES.map((code) => ({
  value: code,
  label: `state${code}` as MessageKey,
}));

// The service's loan purposes and types, each with its label.
const PURPOSE_LABELS: Readonly<Record<LoanPurpose, MessageKey>> = {
  PURCHASE: 'purposePurchase',
  REFINANCE: 'purposeRefinance',
  CONSTRUCTION: 'purposeConstruction',
  'CONSTRUCTION PERM': 'purposeConstructionPerm',
  'MORTGAGE MODIFICATION': 'purposeModification',
  LAND_LOT: 'purposeLandLot',
  OTHER: 'purposeOther',
};
const TYPE_LABELS: Readonly<Record<LoanType, MessageKey>> = {
  MORTGAGE: 'typeMortgage',
  HELOC: 'typeHeloc',
  HELOAN: 'typeHeloan',
  UNKNOWN_LOAN_TYPE: 'typeUnknown',
};
const PURPOSES: readonly FieldOption[] = LOAN_PURPOSES.map((value) => ({
  value,
  label: PURPOSE_LABELS[value],
}));
const TYPES: readonly FieldOption[] = LOAN_TYPES.map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

const BORROWER = 'borrowers.0';
const HOME = `${BORROWER}.currentAddress`;
const PROPERTY = 'property.address';

/**
 * The fields of `LoanApplicationForm`, in the order they are shown (and focused when invalid),
 * with the service's requirements: what is required, how long text may be, and the path its
 * errors name.
 */
export const APPLICATION_FIELDS: readonly FieldSpec[] = [
  {
    name: 'firstName',
    label: 'firstName',
    group: 'borrower',
    kind: 'text',
    required: true,
    max: 100,
    autoComplete: 'given-name',
    path: `${BORROWER}.firstName`,
  },
  {
    name: 'lastName',
    label: 'lastName',
    group: 'borrower',
    kind: 'text',
    required: true,
    max: 100,
    autoComplete: 'family-name',
    path: `${BORROWER}.lastName`,
  },
  {
    name: 'email',
    label: 'email',
    group: 'borrower',
    kind: 'email',
    required: true,
    max: 254,
    autoComplete: 'email',
    path: `${BORROWER}.email`,
  },
  {
    name: 'phone',
    label: 'phone',
    group: 'borrower',
    kind: 'tel',
    required: true,
    autoComplete: 'tel-national',
    path: `${BORROWER}.phone`,
  },
  {
    name: 'street',
    label: 'street',
    group: 'currentAddress',
    kind: 'text',
    required: true,
    max: 200,
    wide: true,
    autoComplete: 'section-home address-line1',
    path: `${HOME}.street`,
  },
  {
    name: 'street2',
    label: 'street2',
    group: 'currentAddress',
    kind: 'text',
    required: false,
    max: 200,
    wide: true,
    autoComplete: 'section-home address-line2',
    path: `${HOME}.street2`,
  },
  {
    name: 'city',
    label: 'city',
    group: 'currentAddress',
    kind: 'text',
    required: true,
    max: 100,
    wide: true,
    autoComplete: 'section-home address-level2',
    path: `${HOME}.city`,
  },
  {
    name: 'state',
    label: 'state',
    group: 'currentAddress',
    kind: 'state',
    required: true,
    autoComplete: 'section-home address-level1',
    path: `${HOME}.state`,
    options: STATE_OPTIONS,
  },
  {
    name: 'zip',
    label: 'zip',
    group: 'currentAddress',
    kind: 'zip',
    required: true,
    autoComplete: 'section-home postal-code',
    path: `${HOME}.zip`,
  },
  {
    name: 'propertyStreet',
    label: 'street',
    group: 'property',
    kind: 'text',
    required: true,
    max: 200,
    wide: true,
    autoComplete: 'section-property address-line1',
    path: `${PROPERTY}.street`,
  },
  {
    name: 'propertyStreet2',
    label: 'street2',
    group: 'property',
    kind: 'text',
    required: false,
    max: 200,
    wide: true,
    autoComplete: 'section-property address-line2',
    path: `${PROPERTY}.street2`,
  },
  {
    name: 'propertyCity',
    label: 'city',
    group: 'property',
    kind: 'text',
    required: true,
    max: 100,
    wide: true,
    autoComplete: 'section-property address-level2',
    path: `${PROPERTY}.city`,
  },
  {
    name: 'propertyState',
    label: 'state',
    group: 'property',
    kind: 'state',
    required: true,
    autoComplete: 'section-property address-level1',
    path: `${PROPERTY}.state`,
    options: STATE_OPTIONS,
  },
  {
    name: 'propertyZip',
    label: 'zip',
    group: 'property',
    kind: 'zip',
    required: true,
    autoComplete: 'section-property postal-code',
    path: `${PROPERTY}.zip`,
  },
  {
    name: 'loanNumber',
    label: 'loanNumber',
    group: 'loan',
    kind: 'text',
    required: true,
    max: 64,
    autoComplete: 'off',
    path: 'loanNumber',
  },
  {
    name: 'loanAmount',
    label: 'loanAmount',
    group: 'loan',
    kind: 'amount',
    required: false,
    path: 'loanAmount',
  },
  {
    name: 'closingDate',
    label: 'closingDate',
    group: 'loan',
    kind: 'date',
    required: false,
    path: 'closingDate',
  },
  {
    name: 'loanPurpose',
    label: 'loanPurpose',
    group: 'loan',
    kind: 'choice',
    required: false,
    path: 'loanPurpose',
    options: PURPOSES,
  },
  {
    name: 'loanType',
    label: 'loanType',
    group: 'loan',
    kind: 'choice',
    required: false,
    path: 'loanType',
    options: TYPES,
  },
];
