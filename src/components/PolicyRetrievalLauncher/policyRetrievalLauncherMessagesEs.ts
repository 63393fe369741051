import type { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';

/**
 * The Spanish (US) texts of {@link PolicyRetrievalLauncher}, used when the provider's `locale`
 * is Spanish (`es-US`, `es`); each still overridable as `policyRetrievalLauncher.<key>`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 */
export const policyRetrievalLauncherMessagesEs = {
  trigger: 'Compartir mi póliza actual',
  title: 'Comparta su póliza de seguro actual',
  description:
    'Inicie sesión con su compañía de seguros aquí abajo. Esta ventana se cerrará sola cuando tengamos su póliza.',
  frameTitle: 'Inicie sesión con su compañía de seguros',
  starting: 'Preparando la página de inicio de sesión…',
  loading: 'Cargando la página de inicio de sesión…',
  openInNewTab: 'Abrir en una pestaña nueva',
  close: 'Cerrar',
  error: 'No pudimos abrir la página de inicio de sesión. Inténtelo de nuevo.',
  rateLimited:
    'Demasiados intentos en este momento. Podrá intentarlo de nuevo en {seconds} segundos.',
  retry: 'Intentar de nuevo',
  received: 'Póliza recibida',
} satisfies Record<keyof typeof policyRetrievalLauncherMessages, string>;
