/** Largest CFDI file the import reads (bytes of its UTF-8 text); a larger one is refused. */
export const CFDI_MAX_BYTES = 1_048_576;

/**
 * A line of the CFDI parse answer for a file nothing was read from: refused, with every
 * invoice field empty. The API starts each file's line from it; the web answers a file
 * too large to send with it, as the API would.
 */
export function refusedCfdiLine(fileName: string) {
  return {
    sFileName: fileName,
    sStatus: 'REFUSED' as const,
    sUuid: null,
    sRfcEmisor: null,
    sNombreEmisor: null,
    sRfcReceptor: null,
    sInvoice: null,
    dPurchaseDate: null,
    dTotalAmount: null,
    dTotalOriginal: null,
    sMoneda: null,
    dTipoCambio: null,
    sVersion: null,
    sPaymentRecipientId: null,
    sPaymentRecipientName: null,
    aWarnings: [],
    sKind: null,
    sRelatedUuid: null,
    sRelatedInvoiceId: null,
    aPayments: [],
  };
}
