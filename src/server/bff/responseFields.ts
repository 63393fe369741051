import type { BffOperationName } from '../../core/operations.js';
import { answerShapes } from '../../core/wire/answerShapes.js';
import type { WireObject } from '../../core/wire/WireShape.js';

// Kept on the server side only: the browser bundle never carries these lists.

/**
 * The fields the library knows in each operation's answer, and how each is read (see
 * `answerShapes`, the service's wire format, and the BFF's own answers below): everything else a
 * service answer carries is dropped at every depth, unless the host lets it through with
 * `exposeFields`.
 */
export const responseFields: Readonly<Record<BffOperationName, WireObject>> = {
  ...answerShapes,
  getTcpaConsent: {
    fields: { recorded: 'boolean', consent: answerShapes.recordTcpaConsent },
    required: ['recorded'],
    defaults: { consent: null },
  },
  loanEvents: {
    fields: {
      cursor: 'text',
      events: {
        list: true,
        fields: {
          cursor: 'text',
          event: { fields: { ...text('id', 'type', 'occurredAt', 'loanId', 'policyId') } },
        },
      },
    },
  },
};

function text(...names: string[]): Record<string, 'text'> {
  return Object.fromEntries(names.map((name) => [name, 'text']));
}
