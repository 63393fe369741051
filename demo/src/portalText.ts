/** The portal's own words (the library's components bring theirs), in English and Spanish. */
export const PORTAL_TEXT = {
  en: {
    tagline: 'Borrower portal · demo',
    language: 'Language',
    title: 'Home insurance for your new home',
    lead: 'Your lender needs proof of homeowners insurance before closing.',
    sandbox: 'Sandbox',
    sandboxLead: 'Prefill the application with a sandbox scenario (first and last name):',
    scenarioPlain: 'A plain applicant',
    scenarioBind: 'Bind a policy',
    scenarioFlood: '…with a flood policy too',
    scenarioWind: '…with a wind policy too',
    scenarioCancelled: 'Bind a cancelled policy',
    scenarioFails: 'Quoting fails',
    retrievalUsers: 'Carrier sign-in: any carrier, password',
    startOver: 'Start over',
    events: 'Analytics events',
    eventsLead: 'What onEvent reported (names, steps and ids only):',
  },
  es: {
    tagline: 'Portal del prestatario · demostración',
    language: 'Idioma',
    title: 'Seguro de vivienda para su nuevo hogar',
    lead: 'Su prestamista necesita un comprobante de seguro de vivienda antes del cierre.',
    sandbox: 'Entorno de pruebas',
    sandboxLead: 'Complete la solicitud con un escenario de prueba (nombre y apellido):',
    scenarioPlain: 'Un solicitante común',
    scenarioBind: 'Emitir una póliza',
    scenarioFlood: '…también con una póliza de inundación',
    scenarioWind: '…también con una póliza de viento',
    scenarioCancelled: 'Emitir una póliza cancelada',
    scenarioFails: 'La cotización falla',
    retrievalUsers: 'Inicio de sesión con la aseguradora: cualquier aseguradora, contraseña',
    startOver: 'Empezar de nuevo',
    events: 'Eventos de analítica',
    eventsLead: 'Lo que informó onEvent (solo nombres, pasos e identificadores):',
  },
} as const;

/** A language the portal speaks. */
export type PortalLanguage = keyof typeof PORTAL_TEXT;
