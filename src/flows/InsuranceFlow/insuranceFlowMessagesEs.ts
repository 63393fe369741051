import type { insuranceFlowMessages } from './insuranceFlowMessages.js';

/**
 * The Spanish (`es`) texts of `InsuranceFlow`, used when the provider's `locale` is Spanish
 * (`es-US`, `es-MX`, `es`). The shopping terms (`consentDisclosure`) are legal text: a lender's
 * counsel must approve this translation before it is shown to borrowers.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="es-US">
 *   <InsuranceFlow loanId={loanId} lenderName="Acme Bank" termsOfServiceId="terms_v1" tcpaTermsOfServiceId="tcpa_v1" />
 * </InsuranceProvider>
 */
export const insuranceFlowMessagesEs = {
  label: 'Seguro de vivienda',
  applicationTitle: 'Cuéntenos sobre su préstamo',
  applicationLead: 'Usamos su solicitud para encontrar un seguro de vivienda para la propiedad.',
  loading: 'Cargando su seguro de vivienda…',
  unavailableTitle: 'No pudimos abrir su solicitud de seguro',
  unavailable:
    'Revise su conexión e inténtelo de nuevo. Si sigue ocurriendo, comuníquese con {lenderName}.',
  retry: 'Intentar de nuevo',
  chooseTitle: '¿Cómo desea asegurar su vivienda?',
  chooseLead: '{lenderName} necesita un comprobante de seguro de vivienda antes del cierre.',
  chooseShop: 'Necesito un seguro',
  chooseShopHint: 'Compare cotizaciones de varias aseguradoras y hable con un asesor',
  chooseExisting: 'Ya tengo una póliza',
  chooseExistingHint: 'Inicie sesión con su aseguradora para compartirla',
  consentTitle: 'Antes de obtener sus cotizaciones',
  consentLabel: 'Acepto los términos para cotizar un seguro.',
  consentDisclosure:
    '{lenderName} comparte su solicitud con su socio de seguros para que pueda pedir cotizaciones de seguro de vivienda para esta propiedad a varias aseguradoras. Usted no está obligado a comprar una póliza.',
  consentSubmit: 'Aceptar y obtener cotizaciones',
  consentSaving: 'Guardando…',
  consentError: 'No pudimos registrar su aceptación. Inténtelo de nuevo.',
  quotingTitle: 'Obteniendo sus cotizaciones',
  quotesTitle: 'Sus cotizaciones',
  advisorTitle: 'Hable con un asesor autorizado',
  advisorLead:
    'Un asesor puede responder sus preguntas y completar la póliza con usted por teléfono.',
  advisorPicked:
    'Usted eligió {carrier}. Un asesor puede completar la póliza con usted por teléfono.',
  advisorPickFirst: 'Elija una cotización arriba, o hable con un asesor sobre sus opciones.',
  quotingFailedTitle: 'No pudimos obtener cotizaciones en línea para esta vivienda',
  quotingFailedLead:
    'Esto ocurre con algunas viviendas. Aún tiene opciones: un asesor puede cotizarla por teléfono, o puede compartir una póliza que ya tenga.',
  hostedPage: 'Vea sus opciones en la página de nuestro socio de seguros',
  newTab: '(se abre en una pestaña nueva)',
  elsewhereTitle: '¿Ya tiene seguro con otra compañía?',
  elsewhereLead:
    'Si compró un seguro de vivienda por su cuenta, avísenos y dejaremos de buscar cotizaciones.',
  elsewhereButton: 'Compré un seguro con otra compañía',
  elsewhereConfirmTitle: '¿Cerrar su solicitud de seguro?',
  elsewhereConfirmText:
    'Dejaremos de buscar cotizaciones y ningún asesor lo llamará. {lenderName} aún necesita un comprobante de su seguro antes del cierre.',
  elsewhereConfirm: 'Sí, cerrar mi solicitud',
  elsewhereCancel: 'Conservar mi solicitud',
  elsewhereClosing: 'Cerrando…',
  elsewhereError: 'No pudimos cerrar su solicitud. Inténtelo de nuevo.',
  existingLink: 'Ya tengo una póliza',
  retrievalTitle: 'Comparta su póliza actual',
  retrievalLead:
    'Inicie sesión en la página de su aseguradora y recibiremos su póliza y sus documentos directamente de ella.',
  back: 'Volver',
  coveredTitle: 'Su vivienda está asegurada',
  coveredLead: 'Su seguro de vivienda está vigente. {lenderName} recibió su póliza.',
  coveredNoDetails:
    'Su solicitud de seguro está completa. Los documentos de su póliza los tiene {lenderName}.',
  lapsedTitle: 'Su póliza ya no está vigente',
  lapsedLead:
    'La póliza de esta solicitud fue cancelada o venció. {lenderName} necesita una póliza vigente: hable con un asesor o comparta otra póliza.',
  closedTitle: 'Su solicitud de seguro está cerrada',
  closedLead:
    'Dejamos de buscar cotizaciones. {lenderName} le pedirá un comprobante de su seguro de vivienda.',
  policiesLabel: 'Sus pólizas',
  later: 'Terminar más tarde',
} satisfies Record<keyof typeof insuranceFlowMessages, string>;
