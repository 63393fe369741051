import { coverageMessagesEs } from '../shared/coverageMessagesEs.js';
import type { QuoteCardsMessageKey } from './quoteCardsMessages.js';

/**
 * The Spanish (US) texts of `QuoteCards` and `QuoteCard`, used when the provider's `locale` is
 * Spanish (`es-US`, `es`); each still overridable as `quoteCards.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 *   <QuoteCards loanId={loanId} />
 * </InsuranceProvider>
 */
export const quoteCardsMessagesEs = {
  legend: 'Elija su cotización de seguro de vivienda',
  loading: 'Cargando cotizaciones',
  waiting: 'Las cotizaciones aparecerán aquí cuando estén listas',
  empty: 'Todavía no hay cotizaciones',
  unavailable: 'No hay cotizaciones disponibles para esta solicitud',
  errored: 'No pudimos cargar sus cotizaciones.',
  retry: 'Intentar de nuevo',
  rateLimited: 'Demasiadas solicitudes. Inténtelo de nuevo a las {time}',
  selectFailed: 'No pudimos guardar su elección. Por favor, vuelva a elegir.',
  selected: 'Seleccionada',
  logo: 'Logotipo de {carrier}',
  perYear: '{amount} al año',
  perMonth: '{amount} al mes',
  policyType: 'Tipo de póliza',
  policyHO3: 'HO-3, formulario especial',
  policyHO5: 'HO-5, formulario integral',
  policyHO6: 'HO-6, formulario para condominios',
  effectiveDate: 'Fecha de entrada en vigor',
  coverages: 'Coberturas',
  ...coverageMessagesEs,
  deductibles: 'Deducibles',
  dwellingDeductible: 'Vivienda',
  windDeductible: 'Viento y granizo',
  endorsements: 'Endosos',
  endorsementFloodZone: 'Zona de inundación',
  endorsementSwimmingPool: 'Piscina',
  included: 'Incluida',
  notIncluded: 'No incluida',
  notListed: 'No figura',
  continue: 'Continuar con esta cotización',
  continueCarrier: 'de {carrier}',
  seeAll: 'Ver todas las cotizaciones',
  newTab: '(se abre en una pestaña nueva)',
} satisfies Record<QuoteCardsMessageKey, string>;
