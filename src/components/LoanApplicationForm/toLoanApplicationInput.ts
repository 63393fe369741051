import type { LoanApplicationInput } from '../../core/schemas/loanApplicationInput.js';
import type { LoanApplicationFormValues } from './LoanApplicationFormValues.js';
import { parseAmount } from './parseAmount.js';

type Input = LoanApplicationInput;
type Address = Input['property']['address'];
type Field = keyof LoanApplicationFormValues;

/**
 * The loan application `LoanApplicationForm` submits for its values: the borrower as the
 * primary borrower, text trimmed, empty optional fields left out, the amount read as dollars.
 * For a host building its own form on `useCreateLoanApplication` (which validates it before
 * sending anything).
 *
 * @example
 * const { create } = useCreateLoanApplication();
 * const loan = await create(toLoanApplicationInput(values));
 */
export function toLoanApplicationInput(values: Partial<LoanApplicationFormValues>): Input {
  const read = (name: Field) => (values[name] ?? '').trim();
  const address = (street: Field, street2: Field, city: Field, state: Field, zip: Field) => ({
    street: read(street),
    ...(read(street2) ? { street2: read(street2) } : {}),
    city: read(city),
    state: read(state) as Address['state'],
    zip: read(zip),
  });
  const amount = read('loanAmount');
  return {
    loanNumber: read('loanNumber'),
    borrowers: [
      {
        isPrimary: true,
        firstName: read('firstName'),
        lastName: read('lastName'),
        email: read('email'),
        phone: read('phone'),
        currentAddress: address('street', 'street2', 'city', 'state', 'zip'),
      },
    ],
    property: {
      address: address(
        'propertyStreet',
        'propertyStreet2',
        'propertyCity',
        'propertyState',
        'propertyZip',
      ),
    },
    // An unreadable amount stays a non-number, so the hook's own check names the field.
    ...(amount ? { loanAmount: parseAmount(amount) ?? Number.NaN } : {}),
    ...(read('closingDate') ? { closingDate: read('closingDate') } : {}),
    ...(read('loanPurpose') ? { loanPurpose: read('loanPurpose') as Input['loanPurpose'] } : {}),
    ...(read('loanType') ? { loanType: read('loanType') as Input['loanType'] } : {}),
  };
}
