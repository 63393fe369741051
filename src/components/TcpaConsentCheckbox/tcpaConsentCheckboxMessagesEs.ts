import type { tcpaConsentCheckboxMessages } from './tcpaConsentCheckboxMessages.js';

/**
 * The texts of `TcpaConsentCheckbox` in US Spanish, used when the provider's `locale` is Spanish
 * (`es-US`, `es`, …); each still overridable through the provider's `messages`.
 *
 * The disclosure is a translation of the English legal text, offered as a starting point: a
 * lender's counsel must approve its wording before borrowers see it (and the lender should
 * record a `termsOfServiceId` of its own for the Spanish text it approves).
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 *   <TcpaConsentCheckbox loanId={loanId} lenderName="Acme Bank" termsOfServiceId="tcpa_v2_es" />
 * </InsuranceProvider>
 */
export const tcpaConsentCheckboxMessagesEs = {
  label: 'Acepto que me contacten sobre seguros de vivienda',
  // Legal text: a lender's counsel must approve this wording before it is shown to borrowers.
  disclosure:
    'Al marcar esta casilla, acepto que {lenderName} y los asesores con licencia de su socio de seguros me llamen o me envíen mensajes de texto al número que proporcioné, incluso mediante tecnología automatizada y mensajes pregrabados, sobre seguros de vivienda. El consentimiento no es una condición de compra. Pueden aplicarse tarifas por mensajes y datos. Puedo revocar mi consentimiento en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a un asesor durante una llamada.',
  recording: 'Registrando su consentimiento…',
  recorded: 'Consentimiento registrado el {date}',
  recordedUndated: 'Consentimiento registrado',
  revoke:
    'Para revocar su consentimiento, responda STOP a cualquier mensaje de texto o dígaselo a un asesor durante una llamada.',
  error: 'No pudimos registrar su consentimiento. Inténtelo de nuevo.',
  rateLimited: 'Demasiados intentos. Puede intentarlo de nuevo a partir del {time}.',
  retry: 'Intentar de nuevo',
} satisfies Record<keyof typeof tcpaConsentCheckboxMessages, string>;
