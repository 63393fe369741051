import type { shopProgressMessages } from './shopProgressMessages.js';

/**
 * Spanish (US) texts of `ShopProgress`, used when the provider's `locale` is Spanish (`es-US`,
 * `es`); each still overridable as `shopProgress.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 *   <ShopProgress loanId={loanId} />
 * </InsuranceProvider>
 */
export const shopProgressMessagesEs = {
  start: 'Obtener cotizaciones',
  label: 'Obteniendo sus cotizaciones',
  quoting: 'Cotizaciones solicitadas. Esto suele tardar de {min} a {max} segundos.',
  remaining: 'Faltan unos {seconds} segundos',
  almostDone: 'Ya casi terminamos',
  ready: 'Sus cotizaciones están listas',
  closed: 'Esta solicitud está cerrada',
  timeout: 'Obtener sus cotizaciones está tardando más de lo habitual. Puede volver a consultar.',
  failed: 'No pudimos obtener sus cotizaciones en este momento. Inténtelo de nuevo.',
  rateLimited: 'Demasiadas solicitudes. Podrá intentarlo de nuevo a partir del {time}.',
  retry: 'Intentar de nuevo',
} satisfies Record<keyof typeof shopProgressMessages, string>;
