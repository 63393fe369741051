import type { callSchedulerMessages } from './callSchedulerMessages.js';

/**
 * The texts of `CallScheduler` in US Spanish, used when the provider's `locale` is Spanish
 * (`es-US`, `es`, …); each still overridable through the provider's `messages`.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 *   <CallScheduler loanId={loanId} lenderName="Acme Bank" termsOfServiceId="tcpa_v2" />
 * </InsuranceProvider>
 */
export const callSchedulerMessagesEs = {
  title: 'Hable con un asesor de seguros',
  date: 'Día',
  time: 'Hora',
  timeZone: 'Horarios en {zoneName} ({timeZone})',
  noSlots: 'No hay horarios disponibles para llamadas en los próximos días.',
  advisorHours: 'Los asesores están disponibles {hours} (en su hora local).',
  advisorHoursAlways: 'Los asesores están disponibles a cualquier hora.',
  dayRange: '{from} a {to}',
  timeRange: 'de {from} a {to}',
  nextCall: 'La próxima hora en que un asesor puede llamarle: {dateTime}',
  phone: 'Le llamaremos al {phone}',
  changePhone: 'Cambiar número',
  phoneLabel: 'Número de teléfono al que debemos llamar',
  phoneHint: 'Un número de EE. UU. de 10 dígitos, como (555) 123-4567.',
  phoneConsent: 'Su autorización para que lo contacten cubrirá este número.',
  phoneRequired: 'Ingrese el número de teléfono al que debe llamarle un asesor.',
  phoneInvalid: 'Ingrese un número de teléfono de EE. UU. de 10 dígitos, como (555) 123-4567.',
  schedule: 'Programar llamada',
  scheduling: 'Programando…',
  callNow: 'Llámenme ahora',
  calling: 'Llamando…',
  consentRequired: 'Para programar una llamada o recibirla ahora, primero acepte que lo contacten.',
  scheduled: 'Su llamada está programada para el {dateTime}. Le llamaremos al {phone}.',
  called: 'Un asesor le llamará al {phone} en breve.',
  rateLimited: 'Demasiadas solicitudes. Puede intentarlo de nuevo después de las {time}.',
  error: 'No pudimos programar su llamada. Inténtelo de nuevo.',
} satisfies Record<keyof typeof callSchedulerMessages, string>;
