import { coverageMessagesEs } from '../shared/coverageMessagesEs.js';
import type { PolicyDocumentsMessageKey } from './policyDocumentsMessages.js';

/**
 * The Spanish (US) texts of {@link PolicyDocuments}, used when the provider's `locale` is
 * Spanish (`es-US`, `es`); each still overridable as `policyDocuments.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 */
export const policyDocumentsMessagesEs = {
  summary: 'Resumen de la póliza',
  carrier: 'Aseguradora',
  policyNumber: 'Número de póliza',
  policyType: 'Tipo de póliza',
  status: 'Estado',
  term: 'Vigencia de la póliza',
  termDates: '{start} – {end}',
  termLength: 'Duración',
  months: '{count} meses',
  month: '{count} mes',
  effectiveDate: 'Fecha de entrada en vigor',
  expirationDate: 'Fecha de vencimiento',
  cancellationDate: 'Fecha de cancelación',
  premium: 'Prima anual',
  policyHO3: 'HO-3, formulario especial',
  policyHO5: 'HO-5, formulario integral',
  policyHO6: 'HO-6, formulario para condominios',
  cancelled: 'Cancelada el {date}',
  cancelling: 'Se cancela el {date}',
  expiredOn: 'Venció el {date}',
  upcoming: 'Entra en vigor el {date}',
  inForce: 'Vigente hasta el {date}',
  inForceOpen: 'Vigente',
  coverages: 'Coberturas',
  coveragesPart: 'Coberturas ({index} de {count})',
  coverage: 'Cobertura',
  limit: 'Monto',
  included: 'Incluida',
  notIncluded: 'No incluida',
  ...coverageMessagesEs,
  documents: 'Documentos de la póliza',
  open: 'Abrir {name}',
  typeEoi: 'Comprobante de seguro (PDF)',
  typeDeclarations: 'Página de declaraciones (PDF)',
  typeOther: 'Documento de la póliza',
  loading: 'Cargando su póliza…',
  error: 'No pudimos cargar su póliza.',
  retry: 'Intentar de nuevo',
  empty: 'Esta póliza todavía no tiene documentos.',
  expired: 'Este enlace venció. Inténtelo de nuevo.',
  openFailed: 'No pudimos abrir este documento. Inténtelo de nuevo más tarde.',
} satisfies Record<PolicyDocumentsMessageKey, string>;
